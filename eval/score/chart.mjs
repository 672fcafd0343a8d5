/**
 * The chart check, modelled on VisEval's: the chart type answers the question, the data is the
 * truth's (every label, every series, every value), and, when the question asks for an order
 * (a sort, a time axis), the points follow it. Every chart on the canvas is tried; the best one
 * counts.
 */
import {sameFigure} from './figures.mjs';
import {labelShows} from './text-match.mjs';
import {truthValues} from './truth.mjs';

/** A dataset's values as plain y numbers (a point `{x, y}` gives its y). */
const ys = (data) => (Array.isArray(data) ? data.map((d) => (d && typeof d === 'object' ? d.y : d)) : []);

/** Checks one chart's params against the expectation; returns the failures (none: it answers). */
function chartFailures(params, expect, truth) {
  const failures = [];
  if (!expect.types.includes(params.type)) failures.push(`type is ${params.type ?? 'unset'}, expected ${expect.types.join(' or ')}`);
  const datasets = Array.isArray(params.datasets) ? params.datasets : [];
  if (expect.points) failures.push(...pointFailures(datasets, expect, truth));
  if (expect.series) failures.push(...seriesFailures(params, datasets, expect, truth));
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

function seriesFailures(params, datasets, expect, truth) {
  const failures = [];
  const expectedLabels = expect.labels ? truthValues(truth, expect.labels) : undefined;
  const labels = Array.isArray(params.labels) ? params.labels : [];
  // Which shown label is which truth row: by name, else by position.
  let order = expectedLabels ? expectedLabels.map((e) => labels.findIndex((l) => labelShows(l, e))) : [];
  if (expectedLabels) {
    const missing = expectedLabels.filter((_, i) => order[i] < 0);
    if (labels.length !== expectedLabels.length) failures.push(`${labels.length} labels, expected ${expectedLabels.length}`);
    if (missing.length) failures.push(`labels missing: ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}`);
    else if (expect.ordered && !inOrder(order, expect.series?.[0] ? truthValues(truth, expect.series[0]) : undefined)) failures.push('labels are not in the expected order');
  } else order = undefined;
  for (const ref of expect.series) {
    const expected = truthValues(truth, ref);
    const fits = datasets.some((d) => {
      const values = ys(d.data);
      if (values.length !== expected.length) return false;
      // Compare each truth row with the value at its label's place (or its own place without labels).
      return expected.every((e, i) => {
        const at = order && order[i] >= 0 ? order[i] : i;
        return sameFigure(values[at], e);
      });
    });
    if (!fits) failures.push(`no dataset holds ${ref} (${expected.length} values)`);
  }
  return failures;
}

function pointFailures(datasets, expect, truth) {
  const xs = truthValues(truth, expect.points.x);
  const yv = truthValues(truth, expect.points.y);
  const expected = xs.map((x, i) => [x, yv[i]]);
  const shown = datasets.flatMap((d) => (Array.isArray(d.data) ? d.data : [])).filter((p) => p && typeof p === 'object');
  const unused = [...shown];
  const missing = expected.filter(([x, y]) => {
    const at = unused.findIndex((p) => sameFigure(p.x, x) && sameFigure(p.y, y));
    if (at < 0) return true;
    unused.splice(at, 1);
    return false;
  });
  const failures = [];
  if (missing.length) failures.push(`${missing.length} of ${expected.length} expected points are missing`);
  if (unused.length) failures.push(`${unused.length} points not in the data`);
  return failures;
}

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check | undefined} undefined when the question expects no chart
 */
export function scoreChart(question, truth, record) {
  const expect = question.expect.chart;
  if (!expect) return undefined;
  const charts = record.widgets.filter((w) => w.type === 'chart');
  if (!charts.length) return {pass: false, detail: 'no chart on the canvas'};
  const tried = charts.map((c) => chartFailures(c.params ?? {}, expect, truth));
  const best = tried.reduce((a, b) => (b.length < a.length ? b : a));
  return best.length ? {pass: false, detail: best.join('; ')} : {pass: true, detail: `${charts.find((_, i) => !tried[i].length)?.params.type} chart with the expected data${expect.ordered ? ', in order' : ''}`};
}
