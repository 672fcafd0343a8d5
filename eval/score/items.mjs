/**
 * Two checks on lists of things: `items`, a widget shows as many items as the truth has rows
 * ("the 10 largest cities" is ten, not fifty that include them); `markers`, a map shows a point
 * at each expected place, one to one (a marker, a circle, or a GeoJSON point).
 */
import {sameFigure} from './figures.mjs';
import {truthValues} from './truth.mjs';

/** How many items a widget shows: its rows, items, markers and circles, or chart labels. */
function itemCount(widget) {
  const p = widget.params ?? {};
  const length = (v) => (Array.isArray(v) ? v.length : 0);
  switch (widget.type) {
    case 'table':
      return length(p.rows);
    case 'map':
      return mapPoints(p).length;
    case 'chart':
      return length(p.labels) || Math.max(0, ...(Array.isArray(p.datasets) ? p.datasets.map((d) => length(d.data)) : [0]));
    default:
      return length(p.items) || length(p.fields);
  }
}

/** Every point a map's params place: markers, circles, GeoJSON point features, as `{lat, lng}`. */
function mapPoints(params) {
  const points = [...(Array.isArray(params.markers) ? params.markers : []), ...(Array.isArray(params.circles) ? params.circles : [])].map((m) => ({lat: m?.lat, lng: m?.lng}));
  for (const layer of Array.isArray(params.layers) ? params.layers : []) {
    const features = layer?.geojson?.type === 'FeatureCollection' ? layer.geojson.features ?? [] : [layer?.geojson];
    for (const f of features) if (f?.geometry?.type === 'Point') points.push({lat: f.geometry.coordinates?.[1], lng: f.geometry.coordinates?.[0]});
  }
  return points;
}

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check | undefined} undefined when the question counts nothing
 */
export function scoreItems(question, truth, record) {
  const name = question.expect.items;
  if (!name) return undefined;
  const expected = truth[name]?.length ?? 0;
  const counts = record.widgets.map((w) => `${w.type} ${itemCount(w)}`);
  return record.widgets.some((w) => itemCount(w) === expected)
    ? {pass: true, detail: `a widget shows the ${expected} expected items`}
    : {pass: false, detail: `no widget shows ${expected} items (${counts.join(', ') || 'no widget'})`};
}

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check | undefined} undefined when the question places nothing
 */
export function scoreMarkers(question, truth, record) {
  const spec = question.expect.markers;
  if (!spec) return undefined;
  const lats = truthValues(truth, spec.lat);
  const lngs = truthValues(truth, spec.lng);
  const maps = record.widgets.filter((w) => w.type === 'map');
  if (!maps.length) return {pass: false, detail: 'no map on the canvas'};
  const missingOn = (map) => {
    const unused = mapPoints(map.params ?? {});
    return lats.filter((lat, i) => {
      const at = unused.findIndex((p) => sameFigure(p.lat, lat) && sameFigure(p.lng, lngs[i]));
      if (at >= 0) unused.splice(at, 1);
      return at < 0;
    }).length;
  };
  const missing = Math.min(...maps.map(missingOn));
  return missing
    ? {pass: false, detail: `${missing} of ${lats.length} expected places have no point on the map`}
    : {pass: true, detail: `all ${lats.length} expected places are on the map`};
}
