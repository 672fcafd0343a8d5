/**
 * The parts of Leaflet the map widget uses, taken from Leaflet's own ES sources (shipped in the
 * package as `leaflet/src`) instead of its prebuilt bundle: the map with its usual handlers and
 * zoom control, tile layers, circle markers, circles, GeoJSON, feature groups and popups. What we
 * never draw (image and video overlays, the layers control, tooltips, the canvas-first paths) stays
 * out of the map chunk: about 8 kB gzip less than the whole library.
 * Leaflet's modules register features on `Map` and `Layer` when they load, hence the imports for
 * their effect.
 */
import 'leaflet/src/layer/Popup';
import 'leaflet/src/layer/vector/Renderer.getRenderer';
import 'leaflet/src/map/handler/Map.Drag';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom';
import 'leaflet/src/map/handler/Map.DoubleClickZoom';
import 'leaflet/src/map/handler/Map.Keyboard';
import 'leaflet/src/map/handler/Map.TouchZoom';
import 'leaflet/src/control/Control.Zoom';

export {Map, createMap as map} from 'leaflet/src/map/Map';
export {TileLayer, tileLayer} from 'leaflet/src/layer/tile/TileLayer';
export {CircleMarker, circleMarker} from 'leaflet/src/layer/vector/CircleMarker';
export {Circle, circle} from 'leaflet/src/layer/vector/Circle';
export {GeoJSON, geoJSON} from 'leaflet/src/layer/GeoJSON';
export {FeatureGroup, featureGroup} from 'leaflet/src/layer/FeatureGroup';
export type {MapOptions, PathOptions} from 'leaflet';
