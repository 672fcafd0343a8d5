/**
 * One question's score: every check, and the measures (turns, tokens, time, validation, axe).
 * Success means every check passed: the run ended normally, the canvas is not blank, it holds the
 * expected widgets, the chart, the values, the number of items and the places the question
 * needs, every figure on it comes from
 * the run's tool results, and it stayed within its turns and tokens. Accessibility is measured
 * beside success (its violations are the widgets' as much as the model's).
 */
import {scoreChart} from './chart.mjs';
import {scoreBlank, scoreCompleted, scoreLimits, scoreWidgetTypes} from './canvas-checks.mjs';
import {scoreFidelity} from './fidelity.mjs';
import {scoreShows} from './shows.mjs';
import {scoreItems, scoreMarkers} from './items.mjs';
import {countValidation} from './validation.mjs';
import {summariseAxe} from './accessibility.mjs';

/**
 * @param {import('../types.mjs').EvalQuestion} question
 * @param {import('./truth.mjs').Truth} truth
 * @param {import('../types.mjs').RunRecord} record
 * @param {import('./text-match.mjs').Aliases} [aliases] other names of the truth's values
 * @returns {import('../types.mjs').Score}
 */
export function scoreRun(question, truth, record, aliases = {}) {
  const fidelity = scoreFidelity(question, record);
  const limits = scoreLimits(question, record);
  /** @type {Record<string, import('../types.mjs').Check>} */
  const checks = {
    completed: scoreCompleted(record),
    'not-blank': scoreBlank(record),
    widgets: scoreWidgetTypes(question, record),
  };
  const optional = {
    chart: scoreChart(question, truth, record, aliases),
    shows: scoreShows(question, truth, record, aliases),
    items: scoreItems(question, truth, record),
    markers: scoreMarkers(question, truth, record),
  };
  for (const [name, check] of Object.entries(optional)) if (check) checks[name] = check;
  checks.fidelity = fidelity.check;
  checks.turns = limits.turns;
  checks.tokens = limits.tokens;
  return {
    success: Object.values(checks).every((c) => c.pass),
    checks,
    fidelity: {figures: fidelity.figures, matched: fidelity.matched, unmatched: fidelity.unmatched},
    axe: summariseAxe(record),
    turns: record.iterations,
    tokensIn: record.usage.inputTokens,
    tokensOut: record.usage.outputTokens,
    timeMs: record.elapsedMs,
    validation: countValidation(record),
  };
}

/**
 * The names of the checks `score` failed, in report order.
 * @param {import('../types.mjs').Score} score
 * @returns {string[]}
 */
export const failedChecks = (score) => Object.entries(score.checks).filter(([, c]) => !c.pass).map(([name]) => name);

/** The checks a question may have, in report order. */
export const CHECK_NAMES = ['completed', 'not-blank', 'widgets', 'chart', 'shows', 'items', 'markers', 'fidelity', 'turns', 'tokens'];
