import {expect, waitUntil} from '@open-wc/testing';
import {mapWidget} from '../../src/widgets/map/map.definition.js';
import {DEFAULT_TILE_URL, safeTileUrl, type MapProps} from '../../src/widgets/map/map-data.js';
import type {AutouiMapWidget} from '../../src/widgets/map/map.js';
import {recipeExample} from '../../src/webmcp/recipe.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

/** A PNG tile served by the test runner's static server: the map works with no internet. */
const TILES = `${location.origin}/test/fixtures/tiles/tile.png?{z}/{x}/{y}`;
const $ = <E extends Element = HTMLElement>(el: Element, sel: string) => el.shadowRoot!.querySelector<E>(sel);
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];

async function renderMap(params: MapProps, lang: 'en' | 'fr' = 'en') {
  // The page allows its own host for tiles, as `image-hosts` would.
  const rendered = await renderWidget<AutouiMapWidget>(mapWidget, {tileUrl: TILES, ...params}, {locale: lang, language: lang, imageHosts: [location.host]});
  const el = rendered.element;
  await waitUntil(() => $$(el, 'img.leaflet-tile-loaded').length > 0, 'no tile loaded');
  return {el, host: rendered.host};
}

const alsace: MapProps = {
  title: 'Storks',
  markers: [
    {lat: 48.5734, lng: 7.7521, popup: 'Strasbourg: 12 nests'},
    {lat: 47.7508, lng: 7.3359, popup: 'Mulhouse: 5 nests'},
  ],
  circles: [{lat: 48.1, lng: 7.5, radius: 15000, popup: 'Nesting area'}],
};

const square = (lng: number, lat: number) => [[[lng, lat], [lng + 1, lat], [lng + 1, lat + 1], [lng, lat + 1], [lng, lat]]];
const regions = {
  type: 'FeatureCollection',
  features: [
    {type: 'Feature', properties: {name: 'Low', pop: 10}, geometry: {type: 'Polygon', coordinates: square(0, 45)}},
    {type: 'Feature', properties: {name: 'Mid', pop: 20}, geometry: {type: 'Polygon', coordinates: square(1, 45)}},
    {type: 'Feature', properties: {name: 'High', pop: 30}, geometry: {type: 'Polygon', coordinates: square(2, 45)}},
    {type: 'Feature', properties: {name: 'Unknown'}, geometry: {type: 'Polygon', coordinates: square(3, 45)}},
  ],
};

describe('map widget', () => {
  it('defines its element (and loads Leaflet) only when loaded', async () => {
    expect(customElements.get('autoui-map') === undefined, 'defined before load()').to.equal(true);
    await mapWidget.load();
    expect(customElements.get('autoui-map') !== undefined, 'defined by load()').to.equal(true);
  });

  it('loads tiles from a local tile server, with Leaflet CSS applied inside the shadow root', async () => {
    const {el} = await renderMap(alsace);
    expect($(el, '.map')!.classList.contains('leaflet-container')).to.equal(true);
    expect(getComputedStyle($(el, '.leaflet-tile-pane')!).position).to.equal('absolute');
    const img = $<HTMLImageElement>(el, 'img.leaflet-tile-loaded')!;
    expect(new URL(img.src).pathname).to.equal('/test/fixtures/tiles/tile.png');
    const size = el.leafletMap!.getSize();
    expect(size.x).to.equal($(el, '.map')!.clientWidth);
    expect(size.y).to.equal(320);
  });

  it('draws markers and circles, fitted in view, with text popups on click', async () => {
    const {el} = await renderMap(alsace);
    const shapes = $$(el, 'path.leaflet-interactive');
    expect(shapes).to.have.length(3);
    const bounds = el.leafletMap!.getBounds();
    for (const m of alsace.markers!) expect(bounds.contains([m.lat, m.lng]), `${m.popup} in view`).to.equal(true);
    shapes[0].dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: 1, clientY: 1}));
    await waitUntil(() => $(el, '.leaflet-popup-content'), 'no popup opened');
    expect($(el, '.leaflet-popup-content')!.textContent).to.equal('Strasbourg: 12 nests');
    // The places are also listed for screen readers, from the first idle moment after the map.
    await waitUntil(() => $$(el, '.sr-only li').length, 'no list of places');
    expect($$(el, '.sr-only li').map((li) => li.textContent)).to.deep.equal(['Strasbourg: 12 nests', 'Mulhouse: 5 nests', 'Nesting area']);
  });

  it('fits the view to markers and a circle by its radius, measured before the map has a view, and asks only for that view\'s tiles', async () => {
    // Since issue 47 the content is measured off the map (a circle by its centre and radius) and
    // the map gets its first view from it.
    const tag = `fit${Math.random().toString(36).slice(2)}`;
    const {el} = await renderMap({...alsace, circles: [{lat: 48.3, lng: 7.6, radius: 40000}], tileUrl: `${location.origin}/test/fixtures/tiles/tile.png?${tag}-{z}/{x}/{y}`});
    const asked = [...performance.getEntriesByType('resource').map((e) => e.name), ...$$(el, 'img.leaflet-tile').map((img) => (img as HTMLImageElement).src)].filter((url) => url.includes(tag));
    const zooms = new Set(asked.map((url) => new URL(url).search.slice(1).split('-')[1]!.split('/')[0]));
    const zoom = el.leafletMap!.getZoom();
    expect([...zooms], 'tiles of the fitted zoom only').to.deep.equal([String(zoom)]);
    expect(zoom, 'fitted to Alsace, not the world').to.be.greaterThan(6);
    const bounds = el.leafletMap!.getBounds();
    expect(bounds.contains([48.3 + 0.3, 7.6]) && bounds.contains([48.3 - 0.3, 7.6]), 'the whole 40 km circle in view').to.equal(true);
  });

  it('sizes circles in metres', async () => {
    const {el} = await renderMap({circles: [{lat: 45, lng: 5, radius: 15000}]});
    const circle = $(el, 'path.leaflet-interactive')!.getBoundingClientRect();
    const map = el.leafletMap!;
    const metresPerPixel = map.distance(map.containerPointToLatLng([0, 0]), map.containerPointToLatLng([0, 100])) / 100;
    expect(circle.height * metresPerPixel).to.be.within(27_000, 33_000);
  });

  it('renders popup text from hostile data as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const {el} = await renderMap({markers: [{lat: 45, lng: 5, popup: evil}], attribution: evil});
    $(el, 'path.leaflet-interactive')!.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await waitUntil(() => $(el, '.leaflet-popup-content'));
    expect($(el, '.leaflet-popup-content')!.textContent).to.equal(evil);
    expect($(el, '[part=attribution]')!.textContent!.trim()).to.equal(evil);
    expect($$(el, 'img').every((img) => img.classList.contains('leaflet-tile'))).to.equal(true);
    expect((window as {__pwned?: unknown}).__pwned).to.equal(undefined);
  });

  it('honours center and zoom over fitting', async () => {
    const {el} = await renderMap({...alsace, center: {lat: 43.6, lng: 1.44}, zoom: 9});
    expect(el.leafletMap!.getZoom()).to.equal(9);
    const center = el.leafletMap!.getCenter();
    expect(center.lat).to.be.closeTo(43.6, 0.01);
    expect(center.lng).to.be.closeTo(1.44, 0.01);
  });

  it('colours a choropleth by value and draws its legend', async () => {
    const {el} = await renderMap({
      layers: [{geojson: regions, popupProperty: 'name', choropleth: {property: 'pop', steps: 3, colors: ['#ffffff', '#000000'], legendTitle: 'People'}}],
    });
    const fills = $$(el, 'path.leaflet-interactive').map((p) => p.getAttribute('fill'));
    expect(fills).to.deep.equal(['#ffffff', '#808080', '#000000', '#bdbdbd']);
    expect($(el, '[part=legend] figcaption')!.textContent).to.equal('People');
    expect($$(el, '[part=legend] li').map((li) => li.textContent!.trim())).to.deep.equal(['10 – 16.7', '16.7 – 23.3', '23.3 – 30', 'no data']);
    $$(el, 'path.leaflet-interactive')[2].dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await waitUntil(() => $(el, '.leaflet-popup-content'));
    expect($(el, '.leaflet-popup-content')!.textContent).to.equal('High · People: 30');
  });

  it('reports a layer it cannot draw and still draws the rest', async () => {
    const {el} = await renderMap({
      markers: [{lat: 45, lng: 5}],
      layers: [{geojson: {type: 'Polygon', coordinates: 'nonsense'}}],
    });
    await waitUntil(() => $(el, '[part=error]'), 'no error shown');
    expect($(el, '[part=error]')!.textContent).to.contain('Layer 1');
    expect($$(el, 'path.leaflet-interactive')).to.have.length(1);
  });

  it('accepts only http(s) or relative tile URLs, and shows the OSM attribution for OSM tiles', async () => {
    const bad = mapWidget.validator.validate({tileUrl: 'javascript:alert(1)//{z}'});
    expect(bad.valid).to.equal(false);
    if (!bad.valid) expect(bad.errors[0].path).to.equal('/tileUrl');
    expect(safeTileUrl('javascript:alert(1)', [])).to.equal(DEFAULT_TILE_URL);
    expect(safeTileUrl('data:image/png;base64,xx', [])).to.equal(DEFAULT_TILE_URL);
    expect(safeTileUrl('//tiles.example.eu/{z}/{x}/{y}.png', ['tiles.example.eu']), 'protocol-relative is another site').to.equal(DEFAULT_TILE_URL);
    expect(safeTileUrl('tiles/{z}/{x}/{y}.png', [])).to.equal('tiles/{z}/{x}/{y}.png');
    expect(safeTileUrl('https://tiles.example.eu/{z}/{x}/{y}.png', ['tiles.example.eu'])).to.equal('https://tiles.example.eu/{z}/{x}/{y}.png');
    expect(safeTileUrl('https://tiles.example.eu/{z}/{x}/{y}.png', []), 'a host the page did not allow: the widget keeps to the default').to.equal(DEFAULT_TILE_URL);
    const {el} = await renderWidget<AutouiMapWidget>(mapWidget, {markers: [{lat: 1, lng: 2}]}).then((r) => ({el: r.element}));
    expect($<HTMLAnchorElement>(el, '[part=attribution] a')!.href).to.equal('https://www.openstreetmap.org/copyright');
    // No network here: the OSM tiles fail to load, but they were asked for.
    await waitUntil(() => $$(el, 'img.leaflet-tile').some((img) => (img as HTMLImageElement).src.startsWith('https://tile.openstreetmap.org/')));
  });

  it('follows its container size and redraws in place on new params', async () => {
    const {el, host} = await renderMap(alsace);
    const map = el.leafletMap!;
    host.style.width = '400px';
    await waitUntil(() => $(el, '.map')!.clientWidth < 400 && map.getSize().x === $(el, '.map')!.clientWidth, 'map size did not follow the container');
    el.params = {tileUrl: TILES, markers: [{lat: 45, lng: 5, popup: 'one'}]};
    await el.updateComplete;
    expect(el.leafletMap).to.equal(map);
    expect($$(el, 'path.leaflet-interactive')).to.have.length(1);
  });

  it('removes the map when the element leaves the page and recreates it when put back', async () => {
    const {el, host} = await renderMap(alsace);
    const map = el.leafletMap!;
    el.remove();
    expect(el.leafletMap).to.equal(undefined);
    expect($(el, '.leaflet-map-pane')).to.equal(null);
    host.append(el);
    await waitUntil(() => el.leafletMap && el.leafletMap !== map && $$(el, 'img.leaflet-tile-loaded').length > 0, 'no map after re-attaching');
    expect($$(el, 'path.leaflet-interactive')).to.have.length(3);
  });
});

runWidgetBaseTests(mapWidget, {
  parts: ['title', 'map', 'attribution'],
  example: {...recipeExample(mapWidget.recipe)!.params, tileUrl: TILES, attribution: 'Test tiles'},
  invalid: {params: {markers: [{lat: 100, lng: 0}]}, path: '/markers/0/lat'},
});

describe('map widget, leaving the page', () => {
  it('an update that runs after the widget left the page makes no map (it would never be removed), and coming back makes one', async () => {
    const {el} = await renderMap(alsace);
    const parent = el.parentElement!;
    el.remove();
    (el as HTMLElement & {params: MapProps}).params = {...alsace, title: 'Changed while away'};
    await (el as unknown as {updateComplete: Promise<unknown>}).updateComplete;
    expect((el as unknown as {leafletMap?: unknown}).leafletMap, 'a map made for a widget off the page').to.equal(undefined);
    parent.append(el);
    await waitUntil(() => (el as unknown as {leafletMap?: unknown}).leafletMap, 'no map after coming back');
  });
});
