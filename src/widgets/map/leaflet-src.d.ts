/** Types for the Leaflet source modules `leaflet-subset.ts` uses (the same API as `leaflet`). */
declare module 'leaflet/src/map/Map.js' {
  export {Map, map as createMap} from 'leaflet';
}
declare module 'leaflet/src/layer/tile/TileLayer.js' {
  export {TileLayer, tileLayer} from 'leaflet';
}
declare module 'leaflet/src/layer/vector/CircleMarker.js' {
  export {CircleMarker, circleMarker} from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Circle.js' {
  export {Circle, circle} from 'leaflet';
}
declare module 'leaflet/src/layer/GeoJSON.js' {
  export {GeoJSON, geoJSON} from 'leaflet';
}
declare module 'leaflet/src/layer/FeatureGroup.js' {
  export {FeatureGroup, featureGroup} from 'leaflet';
}
declare module 'leaflet/src/layer/Popup.js';
declare module 'leaflet/src/layer/vector/Renderer.getRenderer.js';
declare module 'leaflet/src/map/handler/Map.Drag.js';
declare module 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
declare module 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
declare module 'leaflet/src/map/handler/Map.Keyboard.js';
declare module 'leaflet/src/map/handler/Map.TouchZoom.js';
declare module 'leaflet/src/control/Control.Zoom.js';
declare module 'leaflet/src/geo/LatLngBounds.js' {
  export {LatLngBounds, latLngBounds as toLatLngBounds} from 'leaflet';
}
