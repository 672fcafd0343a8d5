/** Types for the Leaflet source modules `leaflet-subset.ts` uses (the same API as `leaflet`). */
declare module 'leaflet/src/map/Map' {
  export {Map, map as createMap} from 'leaflet';
}
declare module 'leaflet/src/layer/tile/TileLayer' {
  export {TileLayer, tileLayer} from 'leaflet';
}
declare module 'leaflet/src/layer/vector/CircleMarker' {
  export {CircleMarker, circleMarker} from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Circle' {
  export {Circle, circle} from 'leaflet';
}
declare module 'leaflet/src/layer/GeoJSON' {
  export {GeoJSON, geoJSON} from 'leaflet';
}
declare module 'leaflet/src/layer/FeatureGroup' {
  export {FeatureGroup, featureGroup} from 'leaflet';
}
declare module 'leaflet/src/layer/Popup';
declare module 'leaflet/src/layer/vector/Renderer.getRenderer';
declare module 'leaflet/src/map/handler/Map.Drag';
declare module 'leaflet/src/map/handler/Map.ScrollWheelZoom';
declare module 'leaflet/src/map/handler/Map.DoubleClickZoom';
declare module 'leaflet/src/map/handler/Map.Keyboard';
declare module 'leaflet/src/map/handler/Map.TouchZoom';
declare module 'leaflet/src/control/Control.Zoom';
