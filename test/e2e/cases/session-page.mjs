/**
 * A page with its own UI drives an AgentSession from the built core entry (no <autoui-agent>):
 * its form asks, the session queries the real Data MCP server and shows a widget, the page's
 * own list shows the streamed answer, and <autoui-canvas> renders the session's widgets.
 */
import assert from 'node:assert/strict';
import {airportsScenario} from '../airports-scenario.mjs';

export const cases = [
  {
    name: 'a page asks through its own form; the answer and a widget from live data appear',
    async run({context, baseUrl, servers, screenshot}) {
      const base = await airportsScenario(servers['fake-llm'], 'session page');
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${baseUrl}/test/e2e/pages/session.html?llm=${encodeURIComponent(base)}&data=${encodeURIComponent(servers['demo-data'])}`);
      await page.waitForFunction(() => window.__ready);
      await page.fill('input[name=q]', 'How many airports?');
      await page.click('button');
      await page.waitForFunction(() => window.__session, null, {timeout: 15_000});
      const outcome = await page.evaluate(() => window.__session);
      await page.waitForFunction(() => document.querySelector('autoui-canvas').shadowRoot?.querySelector('autoui-stat')?.shadowRoot?.textContent.includes('Airports'));
      const shown = await page.evaluate(() => document.querySelector('autoui-canvas').shadowRoot.querySelector('autoui-stat').shadowRoot.textContent.replace(/\s+/g, ' '));
      await screenshot(page, 'session-page');
      assert.deepEqual(problems, []);
      assert.equal(outcome.stopReason, 'end_turn');
      assert.equal(outcome.answer, 'There are the airports.');
      assert.deepEqual(outcome.widgets.map((w) => [w.type, w.params.label]), [['stat', 'Airports']]);
      assert.equal(outcome.widgets[0].params.value, 3376, 'the figure is the server’s own');
      assert.match(shown, /3,376/);
      const events = outcome.events.filter((t) => t !== 'text' && t !== 'server-ready');
      assert.deepEqual(events.filter((t) => t !== 'step'), ['run-start', 'tool-call', 'widget-create', 'widget-created', 'tool-call', 'message', 'run-end']);
      assert.ok(events.indexOf('step') > 0 && events.indexOf('step') < events.indexOf('tool-call'), 'the run tells its step before its first call');
    },
  },
];
