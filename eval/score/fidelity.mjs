/**
 * Data fidelity: every figure shown on the canvas comes from a tool result of the same run (or
 * from the question itself, "the 10 largest cities"). A figure the model computed, remembered or
 * made up has no source, and is listed.
 */
import {figuresInParams, figuresInText, hasSource, numbersInResult, sourceSet} from './figures.mjs';
import {isDataCall} from './tool-results.mjs';

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('../types.mjs').RunRecord} record
 * @returns {{check: import('../types.mjs').Check, figures: number, matched: number, unmatched: string[]}}
 */
export function scoreFidelity(question, record) {
  const sources = sourceSet([
    ...record.toolCalls.filter(isDataCall).flatMap((call) => numbersInResult(call.result)),
    ...figuresInText(question.question, question.lang).map((f) => f.value),
  ]);
  const figures = record.widgets.flatMap((w) => figuresInParams(w.params, question.lang).map((f) => ({...f, widget: w.type})));
  const unmatched = figures.filter((f) => !hasSource(f, sources)).map((f) => `${f.widget} ${f.path}: ${f.text}`);
  const matched = figures.length - unmatched.length;
  const detail = !figures.length
    ? 'no figure on the canvas'
    : unmatched.length
      ? `${unmatched.length} of ${figures.length} figures have no source in the run's tool results: ${unmatched.slice(0, 5).join('; ')}${unmatched.length > 5 ? '; …' : ''}`
      : `all ${figures.length} figures come from the run's tool results`;
  return {check: {pass: unmatched.length === 0, detail}, figures: figures.length, matched, unmatched};
}
