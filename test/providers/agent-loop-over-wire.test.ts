/**
 * The whole agent loop (runAgentLoop) through each real wire provider against fake-LLM scenarios:
 * what the model is offered per request, alias names, compression and error results are read
 * from the requests the fake server recorded.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider} from '../../src/providers/index.js';
import {dataLayer, displayLayer, type CallLog} from '../helpers/layers.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {scenario, type RecordedRequest, type Wire} from './fake-llm.js';

const RECIPES = `recipe: sales-table. ${'Use query_sql then show a table widget. '.repeat(12)}`;
const ROWS = JSON.stringify(Array.from({length: 30}, (_, i) => ({region: `r${i}`, sales: i * 10})));

const layers = (log: CallLog) => [
  dataLayer('Data', [
    {name: 'browse_skills', description: 'List the recipes of this server', handler: () => RECIPES},
    {name: 'query_sql', description: 'Run SQL', inputSchema: {type: 'object', properties: {sql: {type: 'string'}}, required: ['sql']}, handler: () => ROWS},
  ], log),
  displayLayer(log),
];

/** Names of the tools offered in a recorded request, whatever the wire. */
const offered = (r: RecordedRequest): string[] => (r.body.tools ?? []).map((t: any) => t.name ?? t.function.name);
/** Every tool result text of a recorded request, whatever the wire. */
const results = (r: RecordedRequest): string[] =>
  r.wire === 'anthropic'
    ? r.body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result').map((b: any) => b.content) : []))
    : r.body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content);

for (const wire of ['anthropic', 'openai'] as Wire[]) {
  describe(`${wire}: runAgentLoop over the wire`, () => {
    it('runs recipes → data → widget → answer, with lazy tools, aliases and compression visible on the wire', async () => {
      const s = await scenario([
        {match: {toolOffered: 'data_mcp_list_recipes', toolNotOffered: 'data_mcp_query_sql'}, text: 'Let me check the recipes.', toolCalls: [{name: 'data_mcp_list_recipes', input: {}}], usage: {input: 100, output: 10}},
        {match: {toolOffered: 'data_mcp_query_sql', lastToolResultIncludes: 'recipe: sales-table'}, toolCalls: [{name: 'data_mcp_query_sql', input: {sql: 'select region, sales from t'}}], usage: {input: 200, output: 20}},
        {match: {lastToolResultIncludes: '"region":"r29"'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'table', params: {title: 'Sales'}}}], usage: {input: 300, output: 30}},
        {match: {lastToolResultIncludes: '"id":"w_'}, text: 'Here is the sales table.', usage: {input: 400, output: 40}},
      ]);
      const log: CallLog = {calls: []};
      const deltas: string[] = [];
      const canvas = new WidgetStore();
      const result = await runAgentLoop('Show sales by region', {
        provider: createProvider({provider: wire, endpoint: s.endpoint(wire)}),
        layers: layers(log),
        lang: 'en',
        widgets: canvas,
        callbacks: {onText: (d) => deltas.push(d)},
      });
      expect(result.error).to.equal(undefined);
      expect(result.stopReason).to.equal('end_turn');
      expect(result.text).to.equal('Here is the sales table.');
      expect(deltas.join('')).to.equal('Let me check the recipes.Here is the sales table.');
      expect(result.iterations).to.equal(4);
      expect(result.usage).to.include({inputTokens: 1000, outputTokens: 100});
      expect(result.widgets).to.deep.equal(canvas.list().map(({id, type, params}) => ({id, type, params})));
      expect(result.widgets.map(({type, params}) => ({type, params}))).to.deep.equal([{type: 'table', params: {title: 'Sales'}}]);
      // The canonical alias reached the server's own tool name.
      expect(log.calls.map((c) => `${c.server}.${c.tool}`)).to.deep.equal(['Data.browse_skills', 'Data.query_sql', 'autoui.widget_display']);

      const requests = await s.requests();
      expect(requests).to.have.length(4);
      expect(offered(requests[0])).to.include('data_mcp_list_recipes').and.not.include('data_mcp_query_sql');
      expect(offered(requests[1])).to.include('data_mcp_query_sql');
      // By the 4th request the first result is older than two iterations: compressed with a recall hint.
      const firstResult = results(requests[3])[0];
      expect(firstResult.length).to.be.lessThan(RECIPES.length);
      expect(firstResult).to.contain("[recall('");
    });

    it('answers malformed arguments with an error result and never executes them; the model then retries', async () => {
      const s = await scenario([
        {toolCalls: [{name: 'data_mcp_search_tools', rawInput: '{"query": '}]},
        {match: {lastToolResultIncludes: 'could not be used'}, text: 'Sorry, done.'},
      ]);
      const log: CallLog = {calls: []};
      const result = await runAgentLoop('q', {provider: createProvider({provider: wire, endpoint: s.endpoint(wire)}), layers: layers(log), lang: 'en'});
      expect(result.stopReason).to.equal('end_turn');
      expect(result.toolCalls[0].error).to.contain('could not be used');
      expect(log.calls).to.deep.equal([]);
      const second = (await s.requests())[1];
      if (wire === 'anthropic') {
        const block = second.body.messages[2].content[0];
        expect(block).to.include({type: 'tool_result', is_error: true});
      } else {
        expect(second.body.messages.find((m: any) => m.role === 'tool').content).to.match(/^Error: /);
      }
    });

    it('ends the run with PROVIDER_STREAM when the stream breaks, keeping the partial text and running nothing', async () => {
      const s = await scenario([{text: 'Working on it', toolCalls: [{name: 'data_mcp_list_recipes', input: {}}], fault: {errorEventAfter: true, message: 'Overloaded'}}]);
      const log: CallLog = {calls: []};
      const result = await runAgentLoop('q', {provider: createProvider({provider: wire, endpoint: s.endpoint(wire)}), layers: layers(log), lang: 'en'});
      expect(result.stopReason).to.equal('error');
      expect(result.error?.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      expect(result.text).to.equal('Working on it');
      expect(log.calls).to.deep.equal([]);
    });

    it('runs parallel tool calls and answers every id once (the fake rejects a missing result)', async () => {
      const s = await scenario([
        {toolCalls: [{id: 'call_p1', name: 'data_mcp_list_recipes', input: {}}, {id: 'call_p2', name: 'no_such_server_mcp_x', input: {}}, {id: 'call_p3', name: 'autoui_webmcp_canvas', input: {action: 'list'}}]},
        {match: {lastToolResultIncludes: 'canvas ok'}, text: 'All three answered.'},
      ]);
      const result = await runAgentLoop('q', {provider: createProvider({provider: wire, endpoint: s.endpoint(wire)}), layers: layers({calls: []}), lang: 'en'});
      expect(result.text).to.equal('All three answered.');
      expect(result.toolCalls.map((c) => c.id)).to.deep.equal(['call_p1', 'call_p2', 'call_p3']);
      expect(result.toolCalls[1].error).to.contain('Unknown tool');
    });
  });
}
