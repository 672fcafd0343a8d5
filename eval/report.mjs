/**
 * The readable report of a run, in Markdown (it reads as text and renders on any code host):
 * the model and the totals, one line per question, then for each question a table of its checks
 * and measures, with its screenshot.
 */
import {CHECK_NAMES} from './score/score-run.mjs';

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)} %` : '–');
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** The checks of the answer itself; turns and tokens show as their figures. */
const CANVAS_CHECKS = CHECK_NAMES.filter((c) => c !== 'turns' && c !== 'tokens');
const mark = (check) => (!check ? '–' : check.pass ? '✓' : '✗');

/**
 * @param {import('./run-suite.mjs').SuiteResults} results
 * @returns {string}
 */
export function renderReport(results) {
  const t = results.totals;
  const lines = [
    `# autoui-agent evaluation: ${results.model.label}`,
    '',
    results.model.scripted
      ? '> **Scripted answers, not a real model.** Every answer was written in advance, with its figures filled in live from the servers\' answers. A run like this shows that the suite, the scorers and the report work. It says nothing about any model.\n'
      : '',
    `Run ${results.date} on Node ${results.machine.node}, Chromium ${results.machine.chromium}, ${results.machine.cpus} cores.`,
    '',
    '## Totals',
    '',
    '| measure | value |',
    '| --- | --- |',
    `| success | **${t.succeeded} / ${t.questions}** (${pct(t.succeeded, t.questions)}) |`,
    ...Object.entries(t.byLang).map(([lang, v]) => `| success, ${lang} | ${v.succeeded} / ${v.of} |`),
    ...Object.entries(t.checks).map(([name, v]) => `| check ${name} | ${v.passed} / ${v.of} |`),
    `| data fidelity | ${t.fidelity.matched} of ${t.fidelity.figures} figures shown come from the run's tool results |`,
    `| blank canvases | ${t.blank} |`,
    `| axe violations | ${t.axe.violations} (${t.axe.serious} serious or critical); ${t.axe.clean} questions without any |`,
    `| turns | ${t.turns.total} (${t.turns.mean.toFixed(1)} per question) |`,
    `| tokens in / out | ${t.tokens.in} / ${t.tokens.out} (${Math.round(t.tokens.meanPerQuestion)} per question) |`,
    `| time | ${secs(t.timeMs.total)} (${secs(t.timeMs.mean)} per question) |`,
    `| widget calls repaired / returned invalid | ${t.validation.repaired} / ${t.validation.returned} |`,
    '',
    '## Questions',
    '',
    'A ✗ beside turns or tokens: over the question\'s limit. Figures: sourced / shown.',
    '',
    `| question | lang | success | ${CANVAS_CHECKS.join(' | ')} | figures | axe | turns | tokens in/out | time |`,
    `| --- | --- | --- | ${CANVAS_CHECKS.map(() => '---').join(' | ')} | --- | --- | --- | --- | --- |`,
    ...results.questions.map((q) => {
      const s = q.score;
      const over = (c) => (s.checks[c].pass ? '' : ' ✗');
      return `| [${q.id}](#${q.id}) | ${q.lang} | ${s.success ? '✓' : '✗'} | ${CANVAS_CHECKS.map((c) => mark(s.checks[c])).join(' | ')} | ${s.fidelity.matched}/${s.fidelity.figures} | ${s.axe.violations} | ${s.turns}${over('turns')} | ${s.tokensIn}/${s.tokensOut}${over('tokens')} | ${secs(s.timeMs)} |`;
    }),
    '',
  ];
  for (const q of results.questions) lines.push(...questionSection(q));
  return lines.join('\n');
}

/** One question: what was asked, every check with its reason, the measures, the screenshot. */
function questionSection(q) {
  const s = q.score;
  const r = q.record;
  return [
    `### ${q.id}`,
    '',
    `> ${cell(q.question)} (${q.lang})`,
    '',
    '| | result | detail |',
    '| --- | --- | --- |',
    `| **success** | ${s.success ? '✓' : '✗'} | |`,
    ...CHECK_NAMES.filter((c) => s.checks[c]).map((c) => `| ${c} | ${mark(s.checks[c])} | ${cell(s.checks[c].detail)} |`),
    `| accessibility | ${s.axe.violations ? '✗' : '✓'} | ${s.axe.violations ? cell(s.axe.rules.join(', ')) : 'no axe violation'} |`,
    `| validation | | ${s.validation.repaired} widget calls repaired, ${s.validation.returned} returned invalid |`,
    `| tools | | ${cell(r.toolCalls.map((c) => c.name + (c.error ? ' (error)' : '')).join(', ') || 'none')} |`,
    `| widgets | | ${cell(r.widgets.map((w) => w.type).join(', ') || 'none')} |`,
    `| turns, tokens, time | | ${s.turns} turns, ${s.tokensIn} in / ${s.tokensOut} out, ${secs(s.timeMs)}${r.timedOut ? ' (stopped at the time limit)' : ''} |`,
    ...(r.pageErrors?.length ? [`| page errors | | ${cell(r.pageErrors.slice(0, 3).join(' · '))} |`] : []),
    '',
    ...(r.answer ? [`Answer: ${cell(r.answer.slice(0, 400))}`, ''] : []),
    ...(r.screenshot ? [`![${q.id}](${encodeURI(r.screenshot)})`, ''] : []),
  ];
}
