/**
 * The element while a question runs (the model's answer held half-way) and after the model
 * failed. The model is the scripted fake LLM; the tool it calls is the real Data server's.
 */
import {createFakeLlmScenario} from '../../support/fake-llm-scenario.mjs';
import {demoServers, openVisualPage} from '../open-visual-page.mjs';
import {elementRendered, serversSettled} from '../page-ready.mjs';

const WIDE = {width: 1440, height: 900};
const QUESTION = 'Which states have the most airports?';
const HELD_TEXT = 'Five states have the most airports; drawing them now.';

export const cases = [
  {
    name: 'in-progress',
    viewport: WIDE,
    async render({context, baseUrl, servers}) {
      // One real tool call, then an answer whose stream stops after its text and stays open:
      // the run stays at work, with nothing left to change on the screen.
      const {base} = await createFakeLlmScenario(servers['fake-llm'], {
        name: 'visual in progress',
        turns: [
          {text: 'Counting the airports of each state.', toolCalls: [{name: 'data_mcp_query_sql', input: {sql: 'SELECT state, count(*) AS n FROM airports GROUP BY state ORDER BY n DESC, state LIMIT 5'}}]},
          {text: HELD_TEXT, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports', value: 1}}}], fault: {stall: true}},
        ],
      });
      // The held answer never ends: the idle wait leaves the model's requests out.
      const opened = await openVisualPage(context, baseUrl, {endpoint: base, servers: demoServers(servers), lang: 'en'}, {ignoreRequest: (r) => r.url().startsWith(base)});
      await serversSettled(opened.page, 2);
      await elementRendered(opened.page);
      await opened.page.evaluate((q) => window.__visual.start(q), QUESTION);
      await opened.page.waitForFunction((text) => window.__visual.heard('autoui-tool-call') === 1 && window.__visual.transcript().includes(text), HELD_TEXT, {timeout: 15_000});
      if (!(await opened.page.evaluate(() => window.__visual.running()))) throw new Error('the run ended: the picture would not show it at work');
      return opened;
    },
  },
  {
    name: 'error',
    viewport: WIDE,
    async render({context, baseUrl, servers}) {
      // A refused key: the model answers 401 (not retried), as Anthropic's API does.
      const {base} = await createFakeLlmScenario(servers['fake-llm'], {
        name: 'visual error',
        turns: [{fault: {status: 401, errorType: 'authentication_error', message: 'invalid x-api-key'}}],
      });
      const opened = await openVisualPage(context, baseUrl, {endpoint: base, servers: demoServers(servers), lang: 'en'});
      await serversSettled(opened.page, 2);
      await elementRendered(opened.page);
      const stopReason = await opened.page.evaluate((q) => window.__visual.ask(q), QUESTION);
      if (stopReason !== 'error') throw new Error(`the run ended with ${stopReason}, not an error`);
      await opened.page.waitForFunction(() => window.__visual.heard('autoui-error') > 0, null, {timeout: 10_000});
      return opened;
    },
  },
];
