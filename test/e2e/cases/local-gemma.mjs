/**
 * `provider="local"` with a real model on the built element, both builds (ES and classic): Gemma 3
 * 270M (the file `npm run fetch-models` fetched, served by test/servers/model-files.mjs) answers the
 * demo's Seattle question with the demo's open MCP servers (Data and Atlas; Notes needs a sign-in)
 * on a plain page. A model this small calls tools poorly, so nothing here judges its answers, only
 * what a person would notice of the mechanics: the download card, a call the real MCP server
 * received and accepted, a validated widget on the element's canvas, the answer signed as written
 * on this device, and Stop during a later question keeping the question and the canvas.
 *
 * Slow by nature (a 270M model on one CPU thread): minutes per build, so the timeouts are only a
 * safety net, and the cases run only when asked (`npm run test:gemma`, or a name filter that says
 * Gemma, or AUTOUI_GEMMA_E2E=1): in `npm test` they would take CI past its 40 minutes. `npm test`
 * keeps the real model at the provider's level (test/providers/local/gemma-real-model.test.ts).
 * Without the model file the cases are not registered either, and a line says why.
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import http from 'node:http';
import {GEMMA_PATH} from '../../../scripts/fetch-test-models.mjs';
import {openAgentPage} from '../open-agent-page.mjs';

const QUESTION = 'How much rain fell in Seattle each month of 2015? Show it as a chart.';
const FOLLOW_UP = 'And in 2014?';

/**
 * A pass-through proxy in front of a real MCP server that keeps the `tools/call` requests it
 * forwards: what the server received, seen from outside the element.
 */
async function recordingProxy(target) {
  const calls = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        for (const message of [JSON.parse(body.toString() || 'null')].flat()) {
          if (message?.method === 'tools/call') calls.push({name: message.params.name, arguments: message.params.arguments ?? {}});
        }
      } catch {
        // Not JSON (a preflight, a GET of the event stream): nothing to record.
      }
      const forward = http.request({host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: {...req.headers, host: upstream.host}}, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${server.address().port}${upstream.pathname}`, calls, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

const events = (page, type) => page.evaluate((t) => window.__e2e.events.filter((e) => e.type === t).map((e) => e.detail), type);
/** What the transcript shows in its `answered-by` lines. */
const answeredBy = (page) =>
  page.evaluate(() => [...(document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.querySelectorAll('[part~="answered-by"]') ?? [])].map((n) => n.textContent.trim()));

function builds(name, run) {
  return ['es', 'iife'].map((b) => ({name: `${b}: ${name}`, run: (ctx) => run(ctx, b)}));
}

const asked = process.env.AUTOUI_GEMMA_E2E === '1' || /gemma/i.test(process.argv[2] ?? '');
const present = existsSync(GEMMA_PATH);
if (!asked) console.log('  - local-gemma: not run (minutes per build): npm run test:gemma runs it');
else if (!present) console.log(`  - local-gemma: skipped, Gemma 3 270M is not at ${GEMMA_PATH} (npm run fetch-models fetches it)`);

export const cases = !asked || !present
  ? []
  : builds('provider="local" with Gemma 3 270M: a call the real MCP server accepts, a validated widget on the canvas, the answer signed, Stop keeps question and canvas', async (ctx, build) => {
      const data = await recordingProxy(ctx.servers['demo-data']);
      const atlas = await recordingProxy(ctx.servers['demo-atlas']);
      try {
        const model = `${ctx.servers['model-files']}/gemma-3-270m.gguf`;
        const servers = JSON.stringify([['data', data.url], ['atlas', atlas.url]]);
        const {page, problems} = await openAgentPage(ctx.context, ctx.baseUrl, {build, lang: 'en', provider: 'local', model, servers});
        await page.evaluate(() => window.__e2e.clearLocalModels());

        await page.evaluate((q) => window.__e2e.start(q), QUESTION);
        await page.waitForFunction(() => window.__e2e.answerDownload(true), null, {timeout: 60_000, polling: 100});
        const result = await page.evaluate(() => window.__e2e.answer());
        const calls = await events(page, 'autoui-tool-call');
        const story = JSON.stringify({result, calls: calls.map((c) => ({name: c.name, args: c.args, error: c.error}))});
        assert.equal(result.stopReason, 'end_turn', story);

        // A call of an MCP server's tool that the server received, with the arguments the element
        // reported, and accepted (the server checks them against its own schema, else an error).
        const mcpCalls = calls.filter((c) => c.server === 'data' || c.server === 'atlas');
        const accepted = mcpCalls.filter((c) => !c.error);
        assert.ok(accepted.length > 0, story);
        const received = [...data.calls, ...atlas.calls];
        for (const call of accepted) assert.ok(received.some((r) => r.name === call.tool && JSON.stringify(r.arguments) === JSON.stringify(call.args)), `${call.tool} was not received as reported: ${JSON.stringify(received)}`);

        // A widget the canvas validated and rendered, in the element's shadow DOM.
        const created = await events(page, 'autoui-widget-created');
        assert.ok(created.length > 0, story);
        await page.waitForFunction((n) => window.__e2e.renderedTypes().filter(Boolean).length >= n, created.length, {timeout: 30_000});
        const rendered = await page.evaluate(() => window.__e2e.renderedTypes());
        assert.deepEqual(rendered, created.map((w) => w.element));

        // The answer says it was written here, by the model's file.
        assert.deepEqual(await answeredBy(page), ['Answered by gemma-3-270m.gguf, on this device']);
        const [end] = await events(page, 'autoui-run-end');
        assert.deepEqual(end.model, {provider: 'local', id: model});

        // Stop during the next question's generation (the model is loaded: its turn starts at once).
        await page.evaluate((q) => window.__e2e.start(q), FOLLOW_UP);
        await page.waitForFunction(() => window.__e2e.events.filter((e) => e.type === 'autoui-run-start').length === 2 && window.__e2e.running(), null, {timeout: 30_000});
        await page.evaluate(() => window.__e2e.abort());
        const stopped = await page.evaluate(() => window.__e2e.answer());
        assert.equal(stopped.stopReason, 'aborted');
        assert.deepEqual(await page.evaluate(() => window.__e2e.questions()), [`You: ${QUESTION}`, `You: ${FOLLOW_UP}`]);
        assert.deepEqual(await page.evaluate(() => window.__e2e.renderedTypes()), rendered);
        assert.ok((await page.evaluate(() => window.__e2e.notices())).includes('Stopped.'));
        assert.deepEqual(await events(page, 'autoui-error'), []);
        await ctx.screenshot(page, `local-gemma-${build}`);
        await page.evaluate(() => window.__e2e.clearLocalModels());
        assert.deepEqual(problems, []);
      } finally {
        await data.close();
        await atlas.close();
      }
    });
