import {css, html, nothing, unsafeCSS, type PropertyValues} from 'lit';
import {state} from 'lit/decorators.js';
import {styleMap} from 'lit/directives/style-map.js';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import {AutouiWidgetElement} from '../widget-element.js';
import {LeafletController} from './leaflet-controller.js';
import {clip} from '../common/safe-values.js';
import {pickTexts} from '../../policy/language.js';
import {textTable} from '../../policy/text-table.js';
import {MapScene} from './map-scene.js';
import {DEFAULT_TILE_URL, choroplethScale, featureValues, safeTileUrl, type MapProps} from './map-data.js';
import {mapStyles} from './map.styles.js';
import {widgetStyles} from '../common/widget-styles.js';

const STRINGS = textTable(
  {map: 'Map', places: 'Places on the map', layerError: (n: number) => `Layer ${n} could not be drawn (invalid GeoJSON).`, noData: 'no data'},
  {map: 'Carte', places: 'Lieux sur la carte', layerError: (n: number) => `La couche ${n} n’a pas pu être dessinée (GeoJSON invalide).`, noData: 'sans donnée'},
);

/**
 * @tagname autoui-map
 * @summary A map drawn with Leaflet: markers and circles with text popups, GeoJSON layers, a
 * choropleth by value with its legend, on any tile server (OpenStreetMap by default).
 *
 * The view fits everything drawn unless `center`/`zoom` are given. Popups are built from text
 * (never HTML); markers are also listed for screen readers. The tile URL may point at a private
 * or offline tile server (http(s) or a path on the page's server). Leaflet's stylesheet is
 * adopted inside the shadow root; the map follows its container's size and is removed with the element.
 *
 * @csspart title - The map title.
 * @csspart map - The Leaflet map container (height `params.height`, default 320px).
 * @csspart attribution - The tile attribution, drawn over the map's bottom corner.
 * @csspart legend - The legend of each choropleth layer.
 * @csspart error - A message for a layer that could not be drawn.
 *
 * @cssproperty --autoui-map-height - Default height of the map.
 */
export class AutouiMapWidget extends AutouiWidgetElement<MapProps> {
  static override styles = css`${widgetStyles}${unsafeCSS(leafletCss)}${mapStyles}`;

  private scene?: MapScene;
  private layerErrors: number[] = [];
  private readonly controller = new LeafletController(
    this,
    () => this.renderRoot.querySelector<HTMLElement>('.map'),
    (map, first) => {
      if (first || !this.scene) this.scene = new MapScene(map);
      this.layerErrors = [];
      this.scene.draw(this.params, {
        formatNumber: (v) => this.formatNumber(v),
        imageHosts: this.environment.imageHosts,
        onLayerError: (i) => this.layerErrors.push(i),
      });
      if (this.layerErrors.length) this.requestUpdate();
    },
    () => {
      const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
      return {zoomAnimation: !still, fadeAnimation: !still, markerZoomAnimation: !still};
    },
  );

  /**
   * The live Leaflet map (undefined before the first render and after removal). For tests: left
   * out of the published types, so an app's types never need Leaflet's.
   * @internal
   */
  get leafletMap() {
    return this.controller.map;
  }

  /**
   * The tile layer, e.g. to wait for its `load` event. For tests, like `leafletMap`.
   * @internal
   */
  get tileLayer() {
    return this.scene?.tileLayer;
  }

  /** True from the first idle moment after the map was first drawn: see {@link render}. */
  @state() private placesReady = false;
  #placesScheduled = false;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('params') || changed.has('environment')) this.controller.invalidate();
    if (!this.draft && this.params && !this.#placesScheduled) {
      this.#placesScheduled = true;
      const ready = () => (this.placesReady = true);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(ready, {timeout: 500});
      else setTimeout(ready, 50);
    }
  }

  override render() {
    if (!this.params) return nothing;
    const t = pickTexts(this.environment.language, STRINGS);
    const {title, markers = [], circles = []} = this.params;
    const height = this.params.height ? {'--_height': `${this.params.height}px`} : {};
    // The screen-reader list of places (up to 500: more DOM than the markers' layer) comes at the
    // first idle moment after the map is drawn, so the map shows without waiting for it.
    const places = [...markers, ...circles].filter((m) => m.popup);
    return html`
      ${title ? html`<h3 part="title" class="title">${clip(title, 300)}</h3>` : nothing}
      <div class="frame">
        <div part="map" class="map" style=${styleMap(height)} role="region" aria-label=${title ? clip(title, 300) : t.map}></div>
        ${this.renderAttribution()}
      </div>
      ${this.renderLegends(t.noData)}
      ${this.layerErrors.map((i) => html`<p part="error" class="error" role="alert">${t.layerError(i + 1)}</p>`)}
      ${this.placesReady && places.length
        ? html`<ul class="sr-only" aria-label=${t.places}>${places.slice(0, 500).map((m) => html`<li>${clip(m.popup!, 300)}</li>`)}</ul>`
        : nothing}
    `;
  }

  private renderAttribution() {
    const {tileUrl, attribution} = this.params;
    if (attribution) return html`<div part="attribution" class="attribution">${clip(attribution, 300)}</div>`;
    if (tileUrl && safeTileUrl(tileUrl, this.environment.imageHosts) !== DEFAULT_TILE_URL) return nothing;
    return html`<div part="attribution" class="attribution">
      © <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>
    </div>`;
  }

  private renderLegends(noData: string) {
    return (this.params.layers ?? []).map((layer) => {
      const options = layer.choropleth;
      const values = options ? featureValues(layer.geojson, options.property) : [];
      const scale = options && choroplethScale(values, options);
      if (!options || !scale) return nothing;
      const missing = values.some((v) => scale.colorOf(v) === undefined);
      const title = options.legendTitle ?? options.property;
      // Enough decimals to tell the class bounds apart, no more.
      const width = scale.classes[0].to - scale.classes[0].from;
      const digits = width >= 10 || width === 0 ? 0 : width >= 1 ? 1 : 2;
      const fmt = (v: number) => this.formatNumber(v, {maximumFractionDigits: digits});
      return html`<figure part="legend" class="legend">
        <figcaption>${clip(title, 200)}</figcaption>
        <ul>
          ${scale.classes.map((c) => html`<li><span class="swatch" style=${styleMap({background: c.color})}></span>${fmt(c.from)} – ${fmt(c.to)}</li>`)}
          ${missing ? html`<li><span class="swatch" style=${styleMap({background: '#bdbdbd'})}></span>${noData}</li>` : nothing}
        </ul>
      </figure>`;
    });
  }
}
