/**
 * The chart check, modelled on VisEval's: the chart type answers the question, the data is the
 * truth's (every label, every series, every value), and, when the question asks for an order
 * (a sort, a time axis), the points follow it. Every chart on the canvas is tried; the best one
 * counts.
 */
import {sameFigure} from './figures.mjs';
import {pairLabels} from './text-match.mjs';
import {truthValues} from './truth.mjs';

/** A dataset's values as plain y numbers (a point `{x, y}` gives its y). */
const ys = (data) => (Array.isArray(data) ? data.map((d) => (d && typeof d === 'object' ? d.y : d)) : []);

/** The chart's labels: its `labels`, else the x of its first dataset's points. */
function labelsOf(params, datasets) {
  if (Array.isArray(params.labels) && params.labels.length) return params.labels;
  const first = datasets.find((d) => Array.isArray(d.data) && d.data.some((p) => p && typeof p === 'object'));
  return first ? first.data.map((p) => p?.x) : [];
}

/**
 * A dataset's values as the truth would have them: a population pyramid draws one side below
 * zero, so a dataset of values all at or below zero is read as their size.
 */
function valuesOf(dataset) {
  const values = ys(dataset.data);
  const numbers = values.filter((v) => typeof v === 'number');
  return numbers.length && numbers.every((v) => v <= 0) ? values.map((v) => (typeof v === 'number' ? -v : v)) : values;
}

/** Checks one chart's params against the expectation; returns the failures (none: it answers). */
function chartFailures(params, expect, truth, context) {
  const failures = [];
  if (!expect.types.includes(params.type)) failures.push(`type is ${params.type ?? 'unset'}, expected ${expect.types.join(' or ')}`);
  const datasets = Array.isArray(params.datasets) ? params.datasets : [];
  if (expect.points) failures.push(...pointFailures(datasets, expect, truth, context.lang));
  if (expect.series) {
    const direct = seriesFailures(params, datasets, expect, truth, context);
    const transposed = expect.labels && expect.series.length > 1 ? transposedFailures(params, datasets, expect, truth, context) : direct;
    failures.push(...(transposed.length < direct.length ? transposed : direct));
  }
  return failures;
}

/**
 * Grouped bars drawn the other way round are as right ("1955 and 2005 side by side, per
 * country" or "per year, one bar a country"): one dataset per truth row, named by its label,
 * whose values are that row's series in order; the chart's labels name the series.
 */
function transposedFailures(params, datasets, expect, truth, {lang, aliases}) {
  const rows = truthValues(truth, expect.labels);
  const series = expect.series.map((ref) => truthValues(truth, ref));
  const at = pairLabels(datasets.map((d) => d.label), rows, aliases);
  const failures = [];
  if (labelsOf(params, datasets).length !== series.length) failures.push(`${labelsOf(params, datasets).length} labels, expected ${series.length} (one per series)`);
  const missing = rows.filter((_, i) => at[i] < 0);
  if (missing.length) failures.push(`datasets missing: ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}`);
  const wrong = rows.filter((_, i) => at[i] >= 0 && !series.every((values, k) => sameFigure(valuesOf(datasets[at[i]])[k], values[i], lang)));
  if (wrong.length) failures.push(`datasets with other values: ${wrong.slice(0, 4).join(', ')}`);
  return failures;
}

/**
 * True when the labels come in the truth's order. Rows whose values tie may come in either order
 * ("the top ten" does not order two states with 100 airports each), so what is compared is the
 * sequence of values shown, not of names; without values, the names.
 * @param {number[]} order for each truth row, where its label is shown
 * @param {unknown[]} [values] the truth's first series, in row order
 */
function inOrder(order, values) {
  const shownRow = [];
  order.forEach((at, row) => (shownRow[at] = row));
  return shownRow.every((row, at) => row === at || (values !== undefined && values[row] === values[at]));
}

function seriesFailures(params, datasets, expect, truth, {lang, aliases}) {
  const failures = [];
  const expectedLabels = expect.labels ? truthValues(truth, expect.labels) : undefined;
  const labels = labelsOf(params, datasets);
  /** For each truth row, where its label is shown (by name; by position when only the format differs). */
  let order;
  if (expectedLabels) {
    order = pairLabels(labels, expectedLabels, aliases);
    const missing = expectedLabels.filter((_, i) => order[i] < 0);
    // A time axis whose labels are all written another way ("Q1", a week number) is read by
    // position: its values must then follow the truth's order exactly.
    if (missing.length === expectedLabels.length && expect.ordered && labels.length === expectedLabels.length) order = expectedLabels.map((_, i) => i);
    else {
      if (labels.length !== expectedLabels.length) failures.push(`${labels.length} labels, expected ${expectedLabels.length}`);
      if (missing.length) failures.push(`labels missing: ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}`);
      else if (expect.ordered && !inOrder(order, expect.series?.[0] ? truthValues(truth, expect.series[0]) : undefined)) failures.push('labels are not in the expected order');
    }
  }
  for (const ref of expect.series) {
    const expected = truthValues(truth, ref);
    const fits = datasets.some((d) => {
      const values = valuesOf(d);
      if (values.length !== expected.length) return false;
      // Compare each truth row with the value at its label's place (or its own place without labels).
      return expected.every((e, i) => sameFigure(values[order && order[i] >= 0 ? order[i] : i], e, lang));
    });
    if (!fits) failures.push(`no dataset holds ${ref} (${expected.length} values)`);
  }
  return failures;
}

/** The expected points found among the shown ones, one to one; what is missing and what is extra. */
function matchPoints(expected, shown, lang) {
  const unused = [...shown];
  const missing = expected.filter(([x, y]) => {
    const at = unused.findIndex((p) => sameFigure(p.x, x, lang) && sameFigure(p.y, y, lang));
    if (at < 0) return true;
    unused.splice(at, 1);
    return false;
  });
  return {missing: missing.length, extra: unused.length};
}

function pointFailures(datasets, expect, truth, lang) {
  const xs = truthValues(truth, expect.points.x);
  const yv = truthValues(truth, expect.points.y);
  const shown = datasets.flatMap((d) => (Array.isArray(d.data) ? d.data : [])).filter((p) => p && typeof p === 'object');
  // "Plot one against the other" leaves the axes to the model: either way round is right.
  const [best] = [matchPoints(xs.map((x, i) => [x, yv[i]]), shown, lang), matchPoints(xs.map((x, i) => [yv[i], x]), shown, lang)].sort((a, b) => a.missing + a.extra - (b.missing + b.extra));
  const failures = [];
  if (best.missing) failures.push(`${best.missing} of ${xs.length} expected points are missing`);
  if (best.extra) failures.push(`${best.extra} points not in the data`);
  return failures;
}

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @param {import('./text-match.mjs').Aliases} [aliases]
 * @returns {import('../types.mjs').Check | undefined} undefined when the question expects no chart
 */
export function scoreChart(question, truth, record, aliases) {
  const expect = question.expect.chart;
  if (!expect) return undefined;
  const charts = record.widgets.filter((w) => w.type === 'chart');
  if (!charts.length) return {pass: false, detail: 'no chart on the canvas'};
  const context = {lang: question.lang, aliases};
  const tried = charts.map((c) => chartFailures(c.params ?? {}, expect, truth, context));
  const best = tried.reduce((a, b) => (b.length < a.length ? b : a));
  return best.length ? {pass: false, detail: best.join('; ')} : {pass: true, detail: `${charts.find((_, i) => !tried[i].length)?.params.type} chart with the expected data${expect.ordered ? ', in order' : ''}`};
}
