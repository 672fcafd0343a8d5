/**
 * What the map widget draws with Leaflet: the tile layer, markers and circles with text popups
 * (DOM nodes, never HTML strings: model text is never parsed as HTML), GeoJSON layers (plain or coloured by
 * value), and the view (fit to everything, unless the params give a centre or a zoom).
 */
import * as L from './leaflet-subset.js';
import {colorFor} from '../common/safe-values.js';
import {choroplethScale, featureValues, safeTileUrl, type MapLayer, type MapProps} from './map-data.js';

/** What drawing needs from the element. */
export interface SceneContext {
  formatNumber(value: number): string;
  /** Hosts tiles may load from, besides this site (the page's `image-hosts`). */
  imageHosts: readonly string[];
  /** Called for a layer Leaflet cannot draw (malformed GeoJSON); the others are still drawn. */
  onLayerError(index: number, error: unknown): void;
}

/**
 * A popup body: text only, made when the popup opens (Leaflet calls a function content then), so
 * a map of 1,000 markers makes no 1,000 nodes nobody may open.
 */
function textPopup(text: string): () => HTMLElement {
  return () => {
    const node = document.createElement('div');
    node.textContent = text;
    return node;
  };
}

/** The drawn content of one map, redrawn in place when the params change. */
export class MapScene {
  private tiles?: L.TileLayer;
  private tileUrl?: string;
  private readonly content: L.FeatureGroup = L.featureGroup();

  /** The map starts without a view: Leaflet holds the layers back until {@link draw} sets the first. */
  constructor(private readonly map: L.Map) {}

  /** The tile layer (for tests and pages waiting for its `load` event). */
  get tileLayer(): L.TileLayer | undefined {
    return this.tiles;
  }

  /** Replaces the drawn content with `props` and sets the view. */
  draw(props: MapProps, context: SceneContext): void {
    const url = safeTileUrl(props.tileUrl, context.imageHosts);
    if (!this.tiles) this.tiles = L.tileLayer(url, {maxZoom: 19, crossOrigin: false}).addTo(this.map);
    else if (url !== this.tileUrl) this.tiles.setUrl(url);
    this.tileUrl = url;

    // The content is off the map while it is rebuilt and the view set: each shape is then projected
    // and drawn once, at the final view. On the map, a thousand markers were drawn at the old view,
    // then all again at the fitted one: x1.6 the time of Leaflet used bare, x0.8 now (benchmark 4).
    this.content.remove();
    this.content.clearLayers();
    for (const m of props.markers ?? []) {
      const marker = L.circleMarker([m.lat, m.lng], {radius: 8, color: '#ffffff', weight: 2, fillColor: colorFor(0, m.color), fillOpacity: 0.9});
      if (m.popup) marker.bindPopup(textPopup(m.popup));
      this.content.addLayer(marker);
    }
    for (const c of props.circles ?? []) {
      const color = colorFor(1, c.color);
      const circle = L.circle([c.lat, c.lng], {radius: c.radius, color, weight: 2, fillColor: color, fillOpacity: 0.2});
      if (c.popup) circle.bindPopup(textPopup(c.popup));
      this.content.addLayer(circle);
    }
    (props.layers ?? []).forEach((layer, i) => {
      try {
        this.content.addLayer(this.geoJsonLayer(layer, i, context));
      } catch (error) {
        context.onLayerError(i, error);
      }
    });
    this.fitView(props);
    this.content.addTo(this.map);
  }

  private geoJsonLayer(layer: MapLayer, index: number, context: SceneContext): L.GeoJSON {
    const choropleth = layer.choropleth;
    const scale = choropleth ? choroplethScale(featureValues(layer.geojson, choropleth.property), choropleth) : undefined;
    const color = colorFor(index + 2, layer.color);
    const valueOf = (f: GeoJSON.Feature | undefined) => (choropleth ? f?.properties?.[choropleth.property] : undefined);
    const style = (feature?: GeoJSON.Feature): L.PathOptions =>
      scale
        ? {color: '#ffffff', weight: 1, fillColor: scale.colorOf(valueOf(feature)) ?? '#bdbdbd', fillOpacity: 0.8}
        : {color, weight: 2, fillColor: color, fillOpacity: 0.25};
    return L.geoJSON(layer.geojson as unknown as GeoJSON.GeoJsonObject, {
      style,
      pointToLayer: (feature, latlng) => L.circleMarker(latlng, {...style(feature), radius: 7, color: '#ffffff', fillOpacity: 0.9}),
      onEachFeature: (feature, leafletLayer) => {
        const text = this.popupText(feature, layer, context);
        if (text) leafletLayer.bindPopup(textPopup(text));
      },
    });
  }

  private popupText(feature: GeoJSON.Feature, layer: MapLayer, context: SceneContext): string | undefined {
    const properties = feature.properties ?? {};
    const name = layer.popupProperty !== undefined ? properties[layer.popupProperty] : undefined;
    const property = layer.choropleth?.property;
    const value = property !== undefined ? properties[property] : undefined;
    const shown = typeof value === 'number' ? context.formatNumber(value) : value;
    const parts = [name, shown !== undefined && shown !== null ? `${layer.choropleth?.legendTitle ?? property}: ${shown}` : undefined];
    const text = parts.filter((p) => p !== undefined && p !== null && p !== '').map(String).join(' · ');
    return text || undefined;
  }

  private fitView(props: MapProps): void {
    const noAnimation = {animate: false};
    if (props.center) {
      this.map.setView([props.center.lat, props.center.lng], props.zoom ?? 10, noAnimation);
      return;
    }
    const bounds = boundsOf(this.content);
    if (!bounds.isValid()) {
      this.map.setView([20, 0], props.zoom ?? 2, noAnimation);
    } else if (bounds.getNorthEast().equals(bounds.getSouthWest())) {
      this.map.setView(bounds.getCenter(), props.zoom ?? 13, noAnimation);
    } else {
      this.map.fitBounds(bounds, {padding: [24, 24], maxZoom: 16, ...noAnimation});
      if (props.zoom !== undefined) this.map.setZoom(props.zoom, noAnimation);
    }
  }
}

/**
 * The bounds of a group's shapes without a map: Leaflet's own `getBounds` of a circle projects it
 * through the map, and the content is measured before it is on one. A circle's box comes from its
 * centre and radius in metres; groups (a GeoJSON layer) are measured shape by shape.
 */
function boundsOf(group: L.FeatureGroup): L.LatLngBounds {
  const bounds = L.latLngBounds([]);
  group.eachLayer((layer) => {
    if (layer instanceof L.Circle) bounds.extend(layer.getLatLng().toBounds(layer.getRadius() * 2));
    else if (layer instanceof L.FeatureGroup) bounds.extend(boundsOf(layer));
    else if ('getLatLng' in layer && typeof layer.getLatLng === 'function') bounds.extend((layer as L.CircleMarker).getLatLng());
    else if ('getBounds' in layer && typeof layer.getBounds === 'function') bounds.extend((layer as L.FeatureGroup).getBounds());
  });
  return bounds;
}
