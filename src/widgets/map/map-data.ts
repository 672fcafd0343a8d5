/**
 * The map's params and the pure parts of drawing them: tile URL checks, the choropleth's
 * classes and colours (shared by the features and the legend). No leaflet here.
 */
import {tileUrlRefusal} from '../../policy/url-rules.js';

/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A marker: a dot with an optional text popup. */
export interface MapMarker extends LatLng {
  popup?: string;
  color?: string;
}

/** A circle of `radius` metres. */
export interface MapCircle extends MapMarker {
  radius: number;
}

/** Colours a GeoJSON layer's features by a numeric property. */
export interface Choropleth {
  property: string;
  /** Colours of the lowest and highest class, `#rrggbb`. */
  colors?: [string, string];
  /** Number of classes (equal intervals), 2-9, default 5. */
  steps?: number;
  legendTitle?: string;
}

/** A GeoJSON layer. */
export interface MapLayer {
  name?: string;
  geojson: {type: string; [key: string]: unknown};
  /** Feature property whose text is shown in a popup on click. */
  popupProperty?: string;
  color?: string;
  choropleth?: Choropleth;
}

/** The params of the `map` widget. */
export interface MapProps {
  title?: string;
  center?: LatLng;
  zoom?: number;
  height?: number;
  markers?: MapMarker[];
  circles?: MapCircle[];
  layers?: MapLayer[];
  tileUrl?: string;
  attribution?: string;
}

/** OpenStreetMap's public tiles, used when the params name none. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The tile URL template to use: the params' one when the tile rule of `policy/url-rules.ts`
 * accepts it (a path on this site, or an http(s) host the page allows), else the default. The
 * `autoui` layer refuses such params before they are shown; this is the widget's own last check,
 * for params that reach it by another way.
 */
export function safeTileUrl(url: string | undefined, imageHosts: readonly string[]): string {
  return url && url.trim() && tileUrlRefusal(url, imageHosts) === undefined ? url.trim() : DEFAULT_TILE_URL;
}

/** One class of a choropleth legend: values in [from, to] get `color`. */
export interface ChoroplethClass {
  from: number;
  to: number;
  color: string;
}

/** The classes of a choropleth and the colour of any value. */
export interface ChoroplethScale {
  classes: ChoroplethClass[];
  colorOf(value: unknown): string | undefined;
}

const DEFAULT_RAMP: [string, string] = ['#deebf7', '#08519c'];
const HEX = /^#[0-9a-f]{6}$/i;

/** Mixes two `#rrggbb` colours: `t = 0` gives `a`, `t = 1` gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** Equal-interval classes over the finite numeric values; `undefined` when there are none. */
export function choroplethScale(values: unknown[], options: Choropleth): ChoroplethScale | undefined {
  const numbers = values.map(Number).filter((v, i) => values[i] !== null && values[i] !== '' && Number.isFinite(v));
  if (!numbers.length) return undefined;
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  const steps = max === min ? 1 : Math.min(9, Math.max(2, Math.round(options.steps ?? 5)));
  const [low, high] = options.colors?.every((c) => HEX.test(c)) ? options.colors : DEFAULT_RAMP;
  const width = (max - min) / steps;
  const classes = Array.from({length: steps}, (_, i) => ({
    from: min + i * width,
    to: i === steps - 1 ? max : min + (i + 1) * width,
    color: steps === 1 ? high : mix(low, high, i / (steps - 1)),
  }));
  return {
    classes,
    colorOf(value) {
      const v = Number(value);
      if (value === null || value === '' || value === undefined || !Number.isFinite(v)) return undefined;
      const index = width === 0 ? 0 : Math.min(steps - 1, Math.floor((v - min) / width));
      return classes[Math.max(0, index)].color;
    },
  };
}

/** The values of `property` over a GeoJSON object's features. */
export function featureValues(geojson: MapLayer['geojson'], property: string): unknown[] {
  return features(geojson).map((f) => f.properties?.[property]);
}

/** The features of a FeatureCollection or a single Feature (a bare geometry has none). */
export function features(geojson: MapLayer['geojson']): Array<{properties?: Record<string, unknown> | null}> {
  if (geojson.type === 'FeatureCollection' && Array.isArray(geojson.features)) return geojson.features as Array<{properties?: Record<string, unknown>}>;
  if (geojson.type === 'Feature') return [geojson as {properties?: Record<string, unknown>}];
  return [];
}
