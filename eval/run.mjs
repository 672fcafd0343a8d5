#!/usr/bin/env node
/**
 * `npm run eval`: the scored suite of questions (eval/questions.mjs) through <autoui-agent> in
 * headless Chromium, over the demo servers, against a named model; writes
 * `<out>/<model>-<date>.json` (every question's truth, run record and score), the readable report
 * `<model>-<date>.md` and a screenshot per question in `<model>-<date>/`. `--compare A.json B.json`
 * prints two runs side by side. Without a model it says how to name one. See HOW_TO in options.mjs.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {hasChromium, chromiumHelp} from '../scripts/chromium.mjs';
import {ensureBuild} from '../scripts/ensure-build.mjs';
import {HOW_TO, readOptions} from './options.mjs';
import {QUESTIONS} from './questions.mjs';
import {runSuite} from './run-suite.mjs';
import {renderReport} from './report.mjs';
import {compareResults} from './compare.mjs';
import {failedChecks} from './score/score-run.mjs';

let options;
try {
  options = readOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${error.message}\n\n${HOW_TO}`);
  process.exit(2);
}

if (options.command === 'help') {
  console.log(HOW_TO);
  process.exit(0);
}
if (options.command === 'unconfigured') {
  console.log(`No model configured.\n\n${HOW_TO}`);
  // Not a success: a script that runs the evaluation must not read "nothing ran" as "all passed".
  process.exit(2);
}
if (options.command === 'compare') {
  const [a, b] = options.compare.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  console.log(compareResults(a, b));
  process.exit(0);
}

if (!hasChromium()) {
  console.error(chromiumHelp);
  process.exit(1);
}
const unknown = (options.only ?? []).filter((id) => !QUESTIONS.some((q) => q.id === id));
if (unknown.length) {
  console.error(`No question ${unknown.join(', ')}. Ids: ${QUESTIONS.map((q) => q.id).join(', ')}`);
  process.exit(2);
}
const questions = options.only ? QUESTIONS.filter((q) => options.only.includes(q.id)) : QUESTIONS;
const answers = options.model.kind === 'scripted' ? (await import(pathToFileURL(resolve(options.answers ?? 'eval/scripted-answers.mjs')).href)).SCRIPTED_ANSWERS : undefined;

ensureBuild();
mkdirSync(options.out, {recursive: true});
const resultFile = freeName(join(options.out, `${options.model.slug}-${new Date().toISOString().slice(0, 10)}`));
console.log(`Evaluating ${options.model.label} on ${questions.length} questions…`);
const results = await runSuite({questions, model: options.model, answers, resultFile, timeoutMs: options.timeoutMs, log: (line) => console.log(line)});
writeFileSync(resultFile, JSON.stringify(results, null, 1));
const reportFile = resultFile.replace(/\.json$/, '.md');
writeFileSync(reportFile, renderReport(results));

const t = results.totals;
console.log(`
${t.succeeded} of ${t.questions} questions answered correctly (en ${t.byLang.en?.succeeded ?? 0}/${t.byLang.en?.of ?? 0}, fr ${t.byLang.fr?.succeeded ?? 0}/${t.byLang.fr?.of ?? 0})
data fidelity ${t.fidelity.matched}/${t.fidelity.figures} figures sourced · blank canvases ${t.blank} · axe violations ${t.axe.violations} · ${t.turns.mean.toFixed(1)} turns and ${Math.round(t.tokens.meanPerQuestion)} tokens per question
results ${resultFile}
report  ${reportFile}`);

if (options.counts) {
  const failures = results.questions.filter((q) => !q.score.success).map((q) => `eval ${q.id}: ${failedChecks(q.score).map((name) => q.score.checks[name].detail).join('; ')}`);
  mkdirSync(dirname(options.counts), {recursive: true});
  writeFileSync(options.counts, JSON.stringify({passed: t.succeeded, failed: t.questions - t.succeeded, failures}, null, 2));
}

/** `<stem>.json`, or `<stem>-2.json`, … when a run of the same day is there already. */
function freeName(stem) {
  for (let n = 1; ; n++) {
    const file = `${stem}${n === 1 ? '' : `-${n}`}.json`;
    if (!existsSync(file)) return file;
  }
}
