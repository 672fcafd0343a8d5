/**
 * Which step a run is on: derived from the real catalog of the demo servers and the real `autoui`
 * layer (recipe tools under whatever names a server gives them, data tools, the display tool), and
 * told by the loop as it happens: before each turn, as the model starts writing a call, when a
 * drafted widget's type is known, and before each call runs (before its approval, too).
 */
import {expect, waitUntil} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import type {ApprovalGate} from '../../src/agent/approval.js';
import {runStepOf, type RunStep} from '../../src/agent/run-step.js';
import {ToolCatalog} from '../../src/agent/tool-catalog.js';
import type {LanguageModel, ModelStreamPart} from '../../src/providers/language-model.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {closeAll, connect} from '../mcp/mcp-test-kit.js';

const autoui = () => createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});

describe('runStepOf: the step of a call, from the catalog', () => {
  afterEach(closeAll);

  it('tells searching, calling a server, drawing a widget and thinking apart, whatever the servers name their recipe tools', async () => {
    const [data, atlas] = await Promise.all([connect('demo-data'), connect('demo-atlas')]);
    const catalog = new ToolCatalog([data.layer, atlas.layer, autoui()]);
    const step = (name: string, args?: Record<string, unknown>) => runStepOf(catalog, name, args);

    const searching = {kind: 'searching'};
    expect(step('search_tools', {query: 'airports'})).to.deep.equal(searching);
    expect(step('list_tools', {server: 'atlas'})).to.deep.equal(searching);
    expect(step('data_mcp_list_tools')).to.deep.equal(searching);
    // Data names its recipe tools canonically; Atlas calls them find_skills, browse_skills, read_skill.
    expect(step('data_mcp_search_recipes', {query: 'map'})).to.deep.equal(searching);
    expect(step('data_mcp_get_recipe', {name: 'x'})).to.deep.equal(searching);
    expect(step('atlas_mcp_find_skills', {query: 'x'})).to.deep.equal(searching);
    expect(step('atlas_mcp_read_skill', {name: 'x'})).to.deep.equal(searching);
    expect(step('atlas_mcp_list_recipes'), 'the canonical name of browse_skills').to.deep.equal(searching);

    expect(step('data_mcp_query_sql', {sql: 'select 1'})).to.deep.equal({kind: 'calling', server: 'Data', tool: 'query_sql'});
    expect(step('atlas_mcp_country_info', {country: 'France'})).to.deep.equal({kind: 'calling', server: 'Atlas', tool: 'country_info'});

    expect(step('autoui_webmcp_widget_display', {name: 'chart', params: {}})).to.deep.equal({kind: 'drawing', widget: 'chart'});
    expect(step('autoui_webmcp_widget_display'), 'before its arguments are written').to.deep.equal({kind: 'drawing'});
    expect(step('autoui_webmcp_canvas', {action: 'clear'})).to.deep.equal({kind: 'drawing'});

    expect(step('recall', {id: 'toolu_1'})).to.deep.equal({kind: 'thinking'});
    expect(step('nowhere_mcp_tool')).to.deep.equal({kind: 'thinking'});
  });
});

/** A turn of a streaming model: `parts`, or a function that yields them (and may wait). */
type Turn = ModelStreamPart[] | (() => AsyncIterable<ModelStreamPart>);

/** A model that plays `turns` in order, then answers "Done.". */
function playing(turns: Turn[]): LanguageModel {
  let index = 0;
  return {
    provider: 'test',
    modelId: 'steps',
    async *stream() {
      const turn = turns[index++];
      if (!turn) {
        yield {type: 'text-delta', delta: 'Done.'};
        yield {type: 'finish', reason: 'stop'};
        return;
      }
      yield* typeof turn === 'function' ? turn() : turn;
      yield {type: 'finish', reason: 'tool-calls'};
    },
  };
}

/** A call streamed as a provider streams it: its start, its arguments in fragments, the call. */
function* written(id: string, name: string, input: Record<string, unknown>): Generator<ModelStreamPart> {
  yield {type: 'tool-input-start', id, name};
  const json = JSON.stringify(input);
  for (let i = 0; i < json.length; i += 10) yield {type: 'tool-input-delta', id, delta: json.slice(i, i + 10)};
  yield {type: 'tool-call', id, name, input};
}

/** How a step reads in the log. */
const said = (step: RunStep) => (step.kind === 'calling' ? `calling ${step.server} ${step.tool}` : step.kind === 'drawing' ? `drawing ${step.widget ?? ''}`.trim() : step.kind);

describe('the loop tells the step as it happens', () => {
  afterEach(closeAll);

  it('thinking, searching, calling (before the approval is asked), drawing the widget while it is written', async () => {
    const data = await connect('demo-data');
    const log: string[] = [];
    const stat = {name: 'stat', params: {label: 'Airports', value: 42, unit: 'airports in the table, counted by the SQL query of the previous step'}};
    const model = playing([
      [...written('c1', 'data_mcp_search_recipes', {query: 'airports'})],
      [...written('c2', 'data_mcp_query_sql', {sql: 'select count(*) as n from airports'})],
      async function* () {
        const parts = [...written('c3', 'autoui_webmcp_widget_display', stat)];
        const call = parts.pop()!;
        yield* parts;
        // The model is still writing: the draft shows its type, and the step says so, before the call is complete.
        await waitUntil(() => log.includes('drawing stat'), 'no "drawing stat" step while the call was written', {timeout: 3000});
        log.push('(call complete)');
        yield call;
      },
    ]);
    const approval: ApprovalGate = {
      policyFor: () => 'all',
      ask: async (request) => {
        log.push(`approval asked for ${request.tool}`);
        return {decision: 'allow'};
      },
    };
    const result = await runAgentLoop('How many airports?', {
      provider: model,
      layers: [data.layer, autoui()],
      widgets: new WidgetStore(),
      approval,
      callbacks: {onStep: (step) => log.push(said(step)), onToolCall: (call) => log.push(`done ${call.tool}`)},
    });

    expect(result.stopReason).to.equal('end_turn');
    expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok', 'ok', 'ok']);
    // Collapsed: the loop may tell a step twice (as the call is written, then as it runs).
    const collapsed = log.filter((entry, i) => entry !== log[i - 1]);
    expect(collapsed).to.deep.equal([
      'thinking',
      'searching',
      'approval asked for search_recipes',
      'done search_recipes',
      'thinking',
      'calling Data query_sql',
      'approval asked for query_sql',
      'done query_sql',
      'thinking',
      'drawing',
      'drawing stat',
      '(call complete)',
      'drawing stat',
      'done widget_display',
      'thinking',
    ]);
  });
});
