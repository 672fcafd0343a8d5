/**
 * The demo's save-query replay (demo/replay/save-query.json) played by the fake LLM against the
 * live Data server and the real `autoui` layer, as `npm start` plays it: the person is asked
 * before save_query (and only then), and the last turn reads right whether they allow or deny.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import type {ApprovalDecision, ApprovalGate, ApprovalRequest} from '../../src/agent/approval.js';
import type {McpLayer} from '../../src/agent/types.js';
import {createProvider} from '../../src/providers/index.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {fakeLlmUrl, type Wire} from '../providers/fake-llm.js';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

const QUESTION = 'Show the monthly rain in Seattle in 2015 and save that query for later.';
const NAME = 'Seattle monthly rain 2015';

/** Registers the replay file as a new scenario; returns the endpoint for `wire`. */
async function replay(wire: Wire): Promise<string> {
  const response = await fetch(`${fakeLlmUrl()}/__scenarios`, {method: 'POST', body: JSON.stringify({file: 'save-query'})});
  if (!response.ok) throw new Error(`replay rejected: ${await response.text()}`);
  const {base} = (await response.json()) as {base: string};
  return wire === 'anthropic' ? base : `${base}/v1`;
}

/** A gate that answers `decision` and remembers what it was asked. */
function gate(decision: ApprovalDecision): ApprovalGate & {asked: ApprovalRequest[]} {
  const asked: ApprovalRequest[] = [];
  return {asked, policyFor: () => 'writes', ask: async (request) => (asked.push(request), {decision})};
}

const savedQueries = async (layer: McpLayer) =>
  ((await layer.execute!('list_saved_queries', {}, toolContext())).data as {queries: Array<{name: string; savedAt: string; rowCount: number}>}).queries;

for (const wire of ['anthropic', 'openai'] as Wire[]) {
  describe(`${wire}: the save-query demo replay`, () => {
    afterEach(closeAll);

    for (const decision of ['deny', 'allow'] as ApprovalDecision[]) {
      it(`shows the table, asks before save_query only, and ends right when the person chooses "${decision}"`, async () => {
        const {layer} = await connect('demo-data');
        const before = await savedQueries(layer);
        const approval = gate(decision);
        const canvas = new WidgetStore();
        const result = await runAgentLoop(QUESTION, {
          provider: createProvider({provider: wire, endpoint: await replay(wire)}),
          layers: [layer, createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []})],
          lang: 'en',
          widgets: canvas,
          approval,
        });

        expect(result.error).to.equal(undefined);
        expect(result.stopReason).to.equal('end_turn');
        expect(result.toolCalls.map((c) => [c.name, !!c.error])).to.deep.equal([
          ['data_mcp_search_recipes', false],
          ['data_mcp_get_recipe', false],
          ['data_mcp_query_sql', false],
          ['autoui_webmcp_widget_display', false],
          ['data_mcp_save_query', decision === 'deny'],
        ]);
        // The table shows the server's own rows (the replay's $rows placeholder).
        const table = result.widgets[0] as {type: string; params: {rows: Array<{month: string; rain_mm: number}>}};
        expect(table.type).to.equal('table');
        expect(table.params.rows).to.have.length(12);
        expect(table.params.rows[0]).to.deep.equal({month: '2015-01', rain_mm: 93, wet_days: 14});
        // Only the write was asked about, with the arguments the server would get.
        expect(approval.asked.map((r) => [r.name, r.tool])).to.deep.equal([['data_mcp_save_query', 'save_query']]);
        expect(approval.asked[0].args).to.include({name: NAME});

        const after = await savedQueries(layer);
        if (decision === 'deny') {
          expect(result.text).to.contain('not saved');
          expect(after, 'nothing reached the server').to.deep.equal(before);
        } else {
          expect(result.text).to.contain(`Saved as "${NAME}"`);
          expect(after[0]).to.include({name: NAME, rowCount: 12});
        }
      });
    }
  });
}
