/**
 * Answers with no key, in plain pages with the built bundles (ES and classic): the browser's own
 * model (a fake of the Prompt API installed on the page, as no machine here has the real one)
 * answers the demo's Seattle question with a chart through emulated tool calls to the real Data
 * server; a local GGUF model (the random-weight model of scripts/make-tiny-gguf.mjs, in the real
 * runtime) downloads after the person's yes, and is read from the browser's copy on the next load.
 */
import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fakeScript = `${root}test-results/e2e/fake-prompt-api.js`;
let bundled;
/** The fake's init script, bundled once per run. */
function bundleFake() {
  mkdirSync(`${root}test-results/e2e`, {recursive: true});
  return (bundled ??= build({entryPoints: [`${root}test/e2e/pages/fake-prompt-api-page.ts`], bundle: true, format: 'iife', target: 'es2022', outfile: fakeScript, logLevel: 'silent'}));
}

/** Monthly rain of Seattle in 2015 (mm), as the Data server's seattle_weather table sums it. */
const MONTHS = ['2015-01', '2015-02', '2015-03', '2015-04', '2015-05', '2015-06', '2015-07', '2015-08', '2015-09', '2015-10', '2015-11', '2015-12'];
const SQL = "SELECT substr(date, 1, 7) AS month, round(sum(precipitation), 1) AS rain_mm FROM seattle_weather WHERE date LIKE '2015-%' GROUP BY month ORDER BY month";

/** The scripted answers of the browser's model: what a constrained model writes, turn by turn. */
const seattleAnswers = (rain) => [
  {tool: 'data_mcp_search_recipes', arguments: {query: 'Seattle rain by month'}},
  {tool: 'data_mcp_query_sql', arguments: {sql: SQL}},
  {tool: 'autoui_webmcp_widget_display', arguments: {name: 'chart', params: {type: 'bar', title: 'Seattle rain in 2015', labels: MONTHS, datasets: [{label: 'Rain (mm)', data: rain}], yAxisTitle: 'mm'}}},
  {answer: 'Seattle had most of its 2015 rain in November and December.'},
].map((a) => JSON.stringify(a));

async function openPage(ctx, build, query, init) {
  const page = await ctx.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (init) await init(page);
  await page.goto(`${ctx.baseUrl}/test/e2e/pages/agent.html?${new URLSearchParams({build, lang: 'en', ...query})}`);
  await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
  return {page, problems};
}
const events = (page, type) => page.evaluate((t) => window.__e2e.events.filter((e) => e.type === t).map((e) => e.detail), type);

function builds(name, run) {
  return ['es', 'iife'].map((b) => ({name: `${b}: ${name}`, run: (ctx) => run(ctx, b)}));
}

export const cases = [
  ...builds('provider="browser" answers the Seattle question with a chart, through emulated calls to the real Data server', async (ctx, build) => {
    await bundleFake();
    const rain = [143.1, 84.6, 70.4, 31.6, 7.9, 2.3, 2.8, 34.6, 17.4, 84.9, 144.5, 218.7];
    const servers = JSON.stringify([['data', ctx.servers['demo-data']]]);
    const {page, problems} = await openPage(ctx, build, {provider: 'browser', servers}, async (p) => {
      await p.addInitScript((answers) => Object.assign(window, {__fakeAnswers: answers, __fakeContextWindow: 32_768}), seattleAnswers(rain));
      await p.addInitScript({path: fakeScript});
    });
    const result = await page.evaluate(() => window.__e2e.ask('How much rain fell in Seattle each month of 2015? Show it as a chart.'));
    assert.equal(result.stopReason, 'end_turn', JSON.stringify(result.error));
    assert.deepEqual(result.widgets.map((w) => w.type), ['chart']);
    assert.deepEqual(result.widgets[0].params.labels, MONTHS);
    assert.deepEqual(result.widgets[0].params.datasets[0].data, rain);
    const calls = await events(page, 'autoui-tool-call');
    assert.deepEqual(calls.map((c) => `${c.server} ${c.tool} ${c.error ? 'failed' : 'ok'}`), ['data search_recipes ok', 'data query_sql ok', 'autoui widget_display ok']);
    // The SQL ran on the real server: its result has the twelve months.
    assert.match(calls[1].result, /2015-12/);
    const [end] = await events(page, 'autoui-run-end');
    assert.deepEqual(end.model, {provider: 'browser', id: 'built-in'});
    await page.waitForFunction(() => window.__e2e.renderedTypes().includes('autoui-chart'), null, {timeout: 15_000});
    // Every answer of the fake matched the constraint the turn was sent with (it refuses one that does not).
    const prompts = await page.evaluate(() => window.__fakeLanguageModel.sessions.map((s) => s.prompts.length));
    assert.deepEqual(prompts, [1, 1, 1, 1]);
    assert.deepEqual(problems, []);
    await ctx.screenshot(page, `no-key-browser-${build}`);
  }),

  ...builds('provider="local" downloads after a yes, answers, and reads the kept copy on the next load', async (ctx, build) => {
    const files = ctx.servers['model-files'];
    // A name of its own per build: each run starts with nothing kept.
    const model = `${files}/tiny.gguf?build=${build}`;
    const query = {provider: 'local', model, maxIterations: '1'};
    const {page, problems} = await openPage(ctx, build, query);
    await page.evaluate(() => window.__e2e.clearLocalModels());
    const gets = async () => (await (await fetch(`${files}/requests?path=/tiny.gguf`)).json()).GET;
    const before = await gets();
    await page.evaluate(() => window.__e2e.start('How much rain fell in Seattle?'));
    await page.waitForFunction(() => window.__e2e.answerDownload(true), null, {timeout: 15_000, polling: 100});
    const first = await page.evaluate(() => window.__e2e.answer());
    assert.notEqual(first.error?.code, 'LOCAL_MODEL_REFUSED');
    const progress = await events(page, 'autoui-model-download');
    assert.ok(progress.length > 0 && progress.every((p) => p.provider === 'local' && p.model === model), JSON.stringify(progress));
    assert.equal(progress.at(-1).loaded, progress.at(-1).total);
    assert.equal(await gets(), before + 1);
    const [end] = await events(page, 'autoui-run-end');
    assert.deepEqual(end.model, {provider: 'local', id: model});

    // The next visit: no card, no download.
    await page.reload();
    await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
    const second = await page.evaluate(() => window.__e2e.ask('And in 2014?'));
    assert.notEqual(second.error?.code, 'LOCAL_MODEL_REFUSED');
    assert.deepEqual(await events(page, 'autoui-model-download'), []);
    assert.equal(await gets(), before + 1, 'the weights were not requested again');
    await page.evaluate(() => window.__e2e.clearLocalModels());
    assert.deepEqual(problems, []);
  }),
];
