/**
 * The checks on the run as a whole: it ended normally, the canvas is not blank, the expected
 * widget types are on it, and it stayed within its turns and tokens.
 */

/** Stop reasons of a run that answered (the model finished its turn). */
const ANSWERED = new Set(['end_turn']);

/** @param {import('../types.mjs').RunRecord} record @returns {import('../types.mjs').Check} */
export function scoreCompleted(record) {
  if (record.timedOut) return {pass: false, detail: 'stopped at the time limit of the evaluation'};
  if (ANSWERED.has(record.stopReason)) return {pass: true, detail: `ended normally after ${record.iterations} turns`};
  return {pass: false, detail: `stopped: ${record.stopReason}${record.error ? ` (${record.error.code}: ${record.error.message})` : ''}`};
}

/**
 * A blank canvas: no widget at all, or none that takes room on the screen.
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check}
 */
export function scoreBlank(record) {
  const visible = record.widgets.filter((w) => w.width > 0 && w.height > 0);
  if (!record.widgets.length) return {pass: false, detail: 'blank canvas: no widget'};
  if (!visible.length) return {pass: false, detail: `blank canvas: ${record.widgets.length} widgets, none visible`};
  return {pass: true, detail: `${visible.length} widgets visible`};
}

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('../types.mjs').RunRecord} record
 * @returns {import('../types.mjs').Check}
 */
export function scoreWidgetTypes(question, record) {
  const shown = new Set(record.widgets.map((w) => w.type));
  const missing = question.expect.widgets.map((t) => (Array.isArray(t) ? t : [t])).filter((any) => !any.some((t) => shown.has(t)));
  const list = [...shown].join(', ') || 'none';
  return missing.length ? {pass: false, detail: `missing ${missing.map((any) => any.join(' or ')).join(', ')} (shown: ${list})`} : {pass: true, detail: `shown: ${list}`};
}

/** Limits when a question sets none. */
export const DEFAULT_LIMITS = {maxTurns: 8, maxTokens: 150_000};

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('../types.mjs').RunRecord} record
 * @returns {{turns: import('../types.mjs').Check, tokens: import('../types.mjs').Check}}
 */
export function scoreLimits(question, record) {
  const maxTurns = question.expect.maxTurns ?? DEFAULT_LIMITS.maxTurns;
  const maxTokens = question.expect.maxTokens ?? DEFAULT_LIMITS.maxTokens;
  const tokens = record.usage.inputTokens + record.usage.outputTokens;
  return {
    turns: {pass: record.iterations <= maxTurns, detail: `${record.iterations} turns (limit ${maxTurns})`},
    tokens: {pass: tokens <= maxTokens, detail: `${tokens} tokens (limit ${maxTokens})`},
  };
}
