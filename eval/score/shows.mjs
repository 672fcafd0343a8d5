/**
 * The "shows" check: every value of the named truth columns appears on the canvas: a name in a
 * table, a list or a marker's popup, a figure in a stat card, a capital in a profile. An entry
 * that is a list of columns is satisfied by any one of them ("the region or the subregion").
 */
import {figureShows, figuresInParams} from './figures.mjs';
import {fold, textShows} from './text-match.mjs';
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

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @param {import('./text-match.mjs').Aliases} [aliases]
 * @returns {import('../types.mjs').Check | undefined} undefined when the question names no values
 */
export function scoreShows(question, truth, record, aliases) {
  const entries = question.expect.shows;
  if (!entries?.length) return undefined;
  const text = canvasText(record.widgets);
  const figures = record.widgets.flatMap((w) => figuresInParams(w.params, question.lang));
  const shown = (value) => (typeof value === 'number' ? figures.some((f) => figureShows(f, value)) : textShows(text, value, aliases));
  /** The values of `ref` that are not on the canvas. */
  const missingOf = (ref) => truthValues(truth, ref).filter((v) => !shown(v)).map((v) => `${ref} = ${v}`);
  const missing = [];
  let total = 0;
  for (const entry of entries) {
    const refs = Array.isArray(entry) ? entry : [entry];
    const tried = refs.map(missingOf);
    const best = tried.reduce((a, b) => (b.length < a.length ? b : a));
    total += truthValues(truth, refs[tried.indexOf(best)]).length;
    missing.push(...best);
  }
  return missing.length
    ? {pass: false, detail: `${missing.length} of ${total} expected values are not on the canvas: ${missing.slice(0, 5).join('; ')}${missing.length > 5 ? '; …' : ''}`}
    : {pass: true, detail: `all ${total} expected values are on the canvas`};
}
