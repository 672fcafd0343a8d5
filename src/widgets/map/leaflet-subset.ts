/**
 * The parts of Leaflet the map widget uses, taken from Leaflet's own ES sources (shipped in the
 * package as `leaflet/src`) instead of its prebuilt bundle: the map with its usual handlers and
 * zoom control, tile layers, circle markers, circles, GeoJSON, feature groups and popups. What we
 * never draw (image and video overlays, the layers control, tooltips, the canvas-first paths) stays
 * out of the map chunk: about 8 kB gzip less than the whole library.
 * Leaflet's modules register features on `Map` and `Layer` when they load, hence the imports for
 * their effect.
 */
import 'leaflet/src/layer/Popup.js';
import 'leaflet/src/layer/vector/Renderer.getRenderer.js';
import 'leaflet/src/map/handler/Map.Drag.js';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
import 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
import 'leaflet/src/map/handler/Map.Keyboard.js';
import 'leaflet/src/map/handler/Map.TouchZoom.js';
import 'leaflet/src/control/Control.Zoom.js';

export {Map, createMap as map} from 'leaflet/src/map/Map.js';
export {TileLayer, tileLayer} from 'leaflet/src/layer/tile/TileLayer.js';
export {CircleMarker, circleMarker} from 'leaflet/src/layer/vector/CircleMarker.js';
export {Circle, circle} from 'leaflet/src/layer/vector/Circle.js';
export {GeoJSON, geoJSON} from 'leaflet/src/layer/GeoJSON.js';
export {FeatureGroup, featureGroup} from 'leaflet/src/layer/FeatureGroup.js';
export {LatLngBounds, toLatLngBounds as latLngBounds} from 'leaflet/src/geo/LatLngBounds.js';
export type {MapOptions, PathOptions} from 'leaflet';
