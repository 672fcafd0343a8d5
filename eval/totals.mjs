/** The totals of a run of the suite, from its questions' scores. */
import {CHECK_NAMES} from './score/score-run.mjs';

/**
 * @param {Array<{lang: string, score: import('./types.mjs').Score}>} results
 */
export function totalsOf(results) {
  const scores = results.map((r) => r.score);
  const sum = (f) => scores.reduce((n, s) => n + f(s), 0);
  const checks = {};
  for (const name of CHECK_NAMES) {
    const having = scores.filter((s) => s.checks[name]);
    if (having.length) checks[name] = {passed: having.filter((s) => s.checks[name].pass).length, of: having.length};
  }
  const byLang = {};
  for (const r of results) {
    byLang[r.lang] ??= {succeeded: 0, of: 0};
    byLang[r.lang].of++;
    if (r.score.success) byLang[r.lang].succeeded++;
  }
  const n = scores.length || 1;
  return {
    questions: scores.length,
    succeeded: sum((s) => (s.success ? 1 : 0)),
    byLang,
    checks,
    fidelity: {figures: sum((s) => s.fidelity.figures), matched: sum((s) => s.fidelity.matched)},
    axe: {violations: sum((s) => s.axe.violations), serious: sum((s) => s.axe.serious), clean: sum((s) => (s.axe.violations ? 0 : 1))},
    turns: {total: sum((s) => s.turns), mean: sum((s) => s.turns) / n},
    tokens: {in: sum((s) => s.tokensIn), out: sum((s) => s.tokensOut), meanPerQuestion: sum((s) => s.tokensIn + s.tokensOut) / n},
    timeMs: {total: sum((s) => s.timeMs), mean: sum((s) => s.timeMs) / n},
    validation: {repaired: sum((s) => s.validation.repaired), returned: sum((s) => s.validation.returned)},
    blank: sum((s) => (s.checks['not-blank'].pass ? 0 : 1)),
  };
}
