/**
 * The "shows" check: every value of the named truth columns appears on the canvas: a name in a
 * table, a list or a marker's popup, a figure in a stat card, a coordinate of a marker.
 */
import {figuresInParams} from './figures.mjs';
import {fold} from './text-match.mjs';
import {truthValues} from './truth.mjs';

/** Every string of `params` and of the rendered text, folded into one searchable text. */
function canvasText(widgets) {
  const strings = [];
  const walk = (v) => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const w of widgets) walk(w.params), strings.push(w.text ?? '');
  return ` ${strings.map(fold).join(' | ')} `;
}

/** True when `figure` shows `value` at the precision it was written with. */
const shownAs = (figure, value) => Math.abs(figure.value - value) <= figure.tolerance + 1e-9 * Math.max(1, Math.abs(value));

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check | undefined} undefined when the question names no values
 */
export function scoreShows(question, truth, record) {
  const refs = question.expect.shows;
  if (!refs?.length) return undefined;
  const text = canvasText(record.widgets);
  const figures = record.widgets.flatMap((w) => figuresInParams(w.params, question.lang));
  const missing = [];
  let total = 0;
  for (const ref of refs) {
    for (const value of truthValues(truth, ref)) {
      total++;
      const found =
        typeof value === 'number'
          ? figures.some((f) => shownAs(f, value))
          : text.includes(` ${fold(value)} `);
      if (!found) missing.push(`${ref} = ${value}`);
    }
  }
  return missing.length
    ? {pass: false, detail: `${missing.length} of ${total} expected values are not on the canvas: ${missing.slice(0, 5).join('; ')}${missing.length > 5 ? '; …' : ''}`}
    : {pass: true, detail: `all ${total} expected values are on the canvas`};
}
