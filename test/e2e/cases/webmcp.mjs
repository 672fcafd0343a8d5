/**
 * WebMCP both ways, in Chromium with `--enable-features=WebMCP`, with the built bundle in a plain
 * page. Expose: Playwright's `page.webmcp` is the browser's own agent, an outside caller that
 * lists and calls the element's tools. Consume: tools the page registers on
 * `document.modelContext` are offered to our (scripted) model and called.
 */
import assert from 'node:assert/strict';
import {openAgentPage} from '../open-agent-page.mjs';

async function scenario(servers, turns) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e webmcp', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).base;
}


/** The names the outside agent sees, once `count` of ours are registered. */
async function toolNames(page, count) {
  const until = Date.now() + 10_000;
  let names = [];
  while (Date.now() < until) {
    names = (await page.webmcp.tools()).map((t) => t.name);
    if (names.filter((n) => n.startsWith('autoui')).length === count) return names;
    await page.waitForTimeout(100);
  }
  return names;
}

const text = (answer) => answer.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');

export const cases = [
  {
    name: 'expose (es): the browser\'s agent lists the tools, shows a widget, lists and clears the canvas, asks a question; the tools go with the element',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [{text: 'Forty-two.', finish: 'stop'}]);
      const {page, problems} = await openAgentPage(context, baseUrl, {build: 'es', endpoint: base, webmcp: 'expose'});
      const names = await toolNames(page, 4);
      assert.deepEqual(names.filter((n) => n.startsWith('autoui')).sort(), ['autoui_ask', 'autoui_canvas', 'autoui_canvas_list', 'autoui_widget_display']);
      const tools = Object.fromEntries((await page.webmcp.tools()).map((t) => [t.name, t]));
      assert.equal(tools.autoui_widget_display.inputSchema.properties.name.type, 'string', 'widget_display\'s real schema');
      assert.ok(tools.autoui_canvas_list.annotations?.readOnly ?? tools.autoui_canvas_list.annotations?.readOnlyHint);

      const shown = await page.webmcp.callTool('autoui_widget_display', {name: 'stat-card', params: {label: 'Airports', value: 3376}});
      assert.match(text(shown), /w_[a-z0-9]{6}/, text(shown));
      await page.waitForFunction(() => window.__e2e.renderedTypes().includes('autoui-stat-card'), null, {timeout: 10_000});
      const invalid = await page.webmcp.callTool('autoui_widget_display', {name: 'stat-card', params: {label: 'No value'}});
      assert.equal(invalid.isError, true, 'checked like the model\'s widget_display');
      assert.equal((await page.evaluate(() => window.__e2e.widgets())).length, 1);
      assert.match(text(await page.webmcp.callTool('autoui_canvas_list', {})), /stat-card/);

      const answer = await page.webmcp.callTool('autoui_ask', {question: 'What is six times seven?'});
      assert.equal(text(answer), 'Forty-two.');
      assert.equal(answer.structuredContent?.stopReason, 'end_turn');

      const busy = await page.evaluate(() => document.querySelector('autoui-agent').setAttribute('readonly', ''));
      assert.equal(busy, undefined);
      const refused = await page.webmcp.callTool('autoui_canvas', {action: 'clear'});
      assert.equal(refused.isError, true, 'a read-only element is not changed from outside');
      assert.equal((await page.evaluate(() => window.__e2e.widgets())).length, 1);
      await page.evaluate(() => document.querySelector('autoui-agent').removeAttribute('readonly'));
      assert.equal((await page.webmcp.callTool('autoui_ask', {question: 42})).isError, true, 'a question must be text');
      await page.webmcp.callTool('autoui_canvas', {action: 'clear'});
      assert.equal((await page.evaluate(() => window.__e2e.widgets())).length, 0);

      await page.evaluate(() => document.querySelector('autoui-agent').remove());
      const after = await toolNames(page, 0);
      assert.deepEqual(after.filter((n) => n.startsWith('autoui')), [], 'the tools went with the element');
      assert.deepEqual(problems, []);
    },
  },
  {
    name: 'expose (iife): two elements on a page register without name clashes',
    async run({context, baseUrl}) {
      const {page} = await openAgentPage(context, baseUrl, {build: 'iife', webmcp: 'expose'});
      await toolNames(page, 4);
      await page.evaluate(() => {
        const second = document.createElement('autoui-agent');
        second.id = 'sales';
        second.setAttribute('webmcp', 'expose');
        document.body.append(second);
        const third = document.createElement('autoui-agent');
        third.setAttribute('webmcp', 'both');
        document.body.append(third);
      });
      const names = (await toolNames(page, 12)).filter((n) => n.startsWith('autoui')).sort();
      assert.equal(names.length, 12, names.join(', '));
      assert.equal(new Set(names).size, 12);
      assert.ok(names.includes('autoui_sales_ask') && names.includes('autoui_ask'), names.join(', '));
      assert.ok(names.some((n) => /^autoui_\d+_ask$/.test(n)), names.join(', '));
    },
  },
  {
    name: 'consume (es): a page tool is offered to our model and called; one that throws or hangs is an error result; a consequential one asks approval; a later one is seen, another frame\'s never',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'page_webmcp_price_of', input: {item: 'tea'}}]},
        {match: {lastToolResultIncludes: '4.20'}, toolCalls: [{name: 'page_webmcp_broken', input: {}}]},
        // Chromium passes a generic message for a tool that threw, not the tool's own.
        {match: {lastToolResultIncludes: 'page_webmcp_broken failed'}, toolCalls: [{name: 'page_webmcp_slow', input: {}}]},
        {match: {lastToolResultIncludes: 'did not answer'}, toolCalls: [{name: 'page_webmcp_buy', input: {item: 'tea'}}]},
        {match: {lastToolResultIncludes: 'declined'}, text: 'Tea costs 4.20; I did not buy it.', finish: 'stop'},
        // The next question sees a tool the page registered since, and never a tool of another frame.
        {toolCalls: [{name: 'page_webmcp_list_tools', input: {}}]},
        {match: {lastToolResultIncludes: 'frame_tool'}, text: 'Another frame\'s tool was listed.', finish: 'stop'},
        {match: {lastToolResultIncludes: 'late_tool'}, text: 'The late tool is here.', finish: 'stop'},
      ]);
      const {page} = await openAgentPage(context, baseUrl, {build: 'es', endpoint: base, webmcp: 'consume', toolTimeout: '1', pageDenies: '1'});
      await page.evaluate(async () => {
        const mc = document.modelContext;
        const schema = {type: 'object', properties: {item: {type: 'string'}}};
        await mc.registerTool({name: 'price_of', description: 'The price of an item.', inputSchema: schema, annotations: {readOnlyHint: true}, execute: async ({item}) => ({content: [{type: 'text', text: `${item}: 4.20`}]})});
        await mc.registerTool({name: 'broken', description: 'Fails.', inputSchema: {type: 'object', properties: {}}, annotations: {readOnlyHint: true}, execute: async () => { throw new Error('the broken tool failed'); }});
        await mc.registerTool({name: 'slow', description: 'Never answers.', inputSchema: {type: 'object', properties: {}}, annotations: {readOnlyHint: true}, execute: () => new Promise(() => {})});
        await mc.registerTool({name: 'buy', description: 'Buys an item.', inputSchema: schema, annotations: {consequentialHint: true}, execute: async () => 'bought'});
      });
      const result = await page.evaluate(() => window.__e2e.ask('How much is tea? Buy some.'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      assert.equal(result.text, 'Tea costs 4.20; I did not buy it.');
      const calls = await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-tool-call').map((e) => ({name: e.detail.name, error: e.detail.error ?? null})));
      assert.deepEqual(calls.map((c) => c.name), ['page_webmcp_price_of', 'page_webmcp_broken', 'page_webmcp_slow', 'page_webmcp_buy']);
      assert.equal(calls[0].error, null);
      assert.match(calls[1].error ?? '', /failed/);
      assert.match(calls[2].error ?? '', /did not answer/);
      const asked = await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-tool-approval').map((e) => e.detail.name));
      assert.deepEqual(asked, ['page_webmcp_buy'], 'only the consequential tool asked');

      await page.evaluate(async () => {
        await document.modelContext.registerTool({name: 'late_tool', description: 'Registered after the first question.', inputSchema: {type: 'object', properties: {}}, execute: () => 'late'});
        const frame = document.createElement('iframe');
        frame.srcdoc = '<p>embedded</p>';
        document.body.append(frame);
        await new Promise((resolve) => (frame.onload = resolve));
        await frame.contentDocument.modelContext?.registerTool({name: 'frame_tool', description: 'An embedded frame\'s tool.', inputSchema: {type: 'object', properties: {}}, annotations: {readOnlyHint: true}, execute: () => 'frame'});
      });
      const second = await page.evaluate(() => window.__e2e.ask('Anything new?'));
      assert.equal(second.text, 'The late tool is here.', JSON.stringify(second));
    },
  },
];
