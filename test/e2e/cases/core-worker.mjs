/**
 * The built core entry (`dist/core.js`) in a module Web Worker, where there is no DOM: it imports,
 * and one scripted session asks the real Data MCP server and shows a widget in its store.
 */
import assert from 'node:assert/strict';
import {airportsScenario} from '../airports-scenario.mjs';

export const cases = [
  {
    name: 'dist/core.js imports in a Web Worker and runs one session: real MCP data, a widget in the store',
    async run({context, baseUrl, servers}) {
      const base = await airportsScenario(servers['fake-llm'], 'core in a worker');
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (e) => problems.push(e.message));
      // Any document of the test origin that runs no script of its own: the Worker is what runs.
      await page.goto(`${baseUrl}/package.json`);
      const outcome = await page.evaluate(
        ({llm, data}) =>
          new Promise((resolve) => {
            const worker = new Worker('/test/e2e/pages/core-worker.js', {type: 'module'});
            worker.onmessage = (e) => resolve(e.data);
            worker.onerror = (e) => resolve({ok: false, message: `the worker failed: ${e.message}`});
            worker.postMessage({llm, data});
          }),
        {llm: base, data: servers['demo-data']},
      );
      assert.ok(outcome.ok, outcome.message);
      assert.equal(outcome.domless, true);
      assert.equal(outcome.stopReason, 'end_turn');
      assert.equal(outcome.text, 'There are the airports.');
      assert.deepEqual(outcome.widgets, [{type: 'stat', params: {label: 'Airports', value: 3376}}]);
      assert.deepEqual(outcome.events.filter((t) => t !== 'step'), ['run-start', 'tool-call', 'widget-create', 'widget-created', 'tool-call', 'message', 'run-end']);
      assert.ok(outcome.events.indexOf('step') > 0 && outcome.events.indexOf('step') < outcome.events.indexOf('tool-call'), 'the run tells its step before its first call');
      assert.deepEqual(problems, []);
    },
  },
];
