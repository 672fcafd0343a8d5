/**
 * Two result files side by side (a model against another, or a change of the prompt against the
 * run before it): the totals with their differences, and each question both ran whose outcome
 * changed. Questions only one file has are listed apart.
 */
import {failedChecks} from './score/score-run.mjs';

const signed = (n, digits = 0) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;

/**
 * @param {import('./run-suite.mjs').SuiteResults} a the earlier run (the baseline)
 * @param {import('./run-suite.mjs').SuiteResults} b the later run
 * @returns {string} Markdown
 */
export function compareResults(a, b) {
  const ta = a.totals;
  const tb = b.totals;
  const row = (name, va, vb, digits = 0) => `| ${name} | ${va.toFixed(digits)} | ${vb.toFixed(digits)} | ${signed(vb - va, digits)} |`;
  const byId = new Map(a.questions.map((q) => [q.id, q]));
  const both = b.questions.filter((q) => byId.has(q.id));
  const changed = both.filter((q) => byId.get(q.id).score.success !== q.score.success);
  const onlyA = a.questions.filter((q) => !b.questions.some((x) => x.id === q.id)).map((q) => q.id);
  const onlyB = b.questions.filter((q) => !byId.has(q.id)).map((q) => q.id);
  const failed = (q) => failedChecks(q.score).join(', ') || 'none';
  return [
    `# ${a.model.label} (A) vs ${b.model.label} (B)`,
    '',
    `A ran ${a.date}, B ran ${b.date}; ${both.length} questions in both.`,
    '',
    '| measure | A | B | B − A |',
    '| --- | --- | --- | --- |',
    row('questions answered correctly', ta.succeeded, tb.succeeded),
    row('figures without a source', ta.fidelity.figures - ta.fidelity.matched, tb.fidelity.figures - tb.fidelity.matched),
    row('blank canvases', ta.blank, tb.blank),
    row('axe violations', ta.axe.violations, tb.axe.violations),
    row('turns per question', ta.turns.mean, tb.turns.mean, 1),
    row('tokens per question', ta.tokens.meanPerQuestion, tb.tokens.meanPerQuestion),
    row('seconds per question', ta.timeMs.mean / 1000, tb.timeMs.mean / 1000, 1),
    row('widget calls repaired', ta.validation.repaired, tb.validation.repaired),
    row('widget calls returned invalid', ta.validation.returned, tb.validation.returned),
    '',
    changed.length ? '## Questions whose outcome changed' : 'No question changed outcome.',
    '',
    ...(changed.length
      ? [
          '| question | A | B | failed checks in A | failed checks in B |',
          '| --- | --- | --- | --- | --- |',
          ...changed.map((q) => {
            const qa = byId.get(q.id);
            return `| ${q.id} | ${qa.score.success ? '✓' : '✗'} | ${q.score.success ? '✓' : '✗'} | ${failed(qa)} | ${failed(q)} |`;
          }),
          '',
        ]
      : []),
    ...(onlyA.length ? [`Only in A: ${onlyA.join(', ')}`, ''] : []),
    ...(onlyB.length ? [`Only in B: ${onlyB.join(', ')}`, ''] : []),
  ].join('\n');
}
