import {expect} from '@open-wc/testing';
import {activateServerTools, buildDiscoveryTools, buildToolsFromLayers} from '../../src/agent/discovery.js';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import {ToolCatalog} from '../../src/agent/tool-catalog.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {dataLayer, displayLayer, type CallLog} from '../helpers/layers.js';

const atlas = (log?: CallLog) =>
  dataLayer(
    'Atlas MCP Server',
    [
      {name: 'browse_skills', description: 'List the skills', handler: () => '["map-of-capitals"]'},
      {name: 'read_skill', description: 'Read one skill', handler: () => 'Call atlas_mcp_country_info then show a map.'},
      {name: 'country_info', description: 'Facts about a country', handler: (a) => `{"name":"${String(a.name)}","capital":"Paris"}`},
      {name: 'city_search', description: 'Find cities by name'},
    ],
    log,
  );
const sql = (log?: CallLog) => dataLayer('Data', [{name: 'query_sql', description: 'Run SQL'}, {name: 'list_tables', description: 'List tables'}], log);

describe('lazy discovery', () => {
  it('offers only recipe tools (canonical names), display tools and one shared search_tools/list_tools pair at first', () => {
    const tools = buildDiscoveryTools([atlas(), sql(), displayLayer()]);
    expect(tools.map((t) => t.name)).to.deep.equal([
      'atlas_mcp_list_recipes',
      'atlas_mcp_get_recipe',
      'autoui_webmcp_search_recipes',
      'autoui_webmcp_widget_display',
      'autoui_webmcp_canvas',
      'search_tools',
      'list_tools',
    ]);
    const list = tools.find((t) => t.name === 'list_tools')!;
    expect(list.input_schema.required).to.deep.equal(['server']);
    // No pair when every tool is offered already (the autoui layer alone).
    expect(buildDiscoveryTools([displayLayer()]).map((t) => t.name)).to.not.include('search_tools');
  });

  it('the first request grows with servers, not tools: ten more tools on a server add nothing to it', () => {
    const many = dataLayer('Data', Array.from({length: 12}, (_, i) => ({name: `tool_${i}`, description: `Tool number ${i}`})));
    const few = buildDiscoveryTools([atlas(), sql()]);
    const more = buildDiscoveryTools([atlas(), many]);
    expect(JSON.stringify(more).length).to.equal(JSON.stringify(few).length);
  });

  it('eager mode offers every tool once, recipe tools under their canonical names', () => {
    const names = buildToolsFromLayers([atlas(), sql()]).map((t) => t.name);
    expect(names).to.deep.equal(['atlas_mcp_list_recipes', 'atlas_mcp_get_recipe', 'atlas_mcp_country_info', 'atlas_mcp_city_search', 'data_mcp_query_sql', 'data_mcp_list_tables']);
  });

  it('activateServerTools adds one server\'s tools without duplicates', () => {
    const catalog = new ToolCatalog([atlas(), sql()]);
    const first = buildDiscoveryTools(catalog);
    const after = activateServerTools(first, catalog, 1);
    expect(after.length).to.equal(first.length + 2);
    expect(after.slice(-2).map((t) => t.name)).to.deep.equal(['data_mcp_query_sql', 'data_mcp_list_tables']);
    expect(activateServerTools(after, catalog, 1).length).to.equal(after.length);
  });

  it('first contact activates the server: its tools appear in the next request, once', async () => {
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([
      turn([call('atlas_mcp_list_recipes')]),
      turn([call('atlas_mcp_country_info', {name: 'France'})]),
      turn([text('France: Paris.')]),
    ]);
    const result = await runAgentLoop('Capital of France?', {provider: model, layers: [atlas(log), sql(log), displayLayer()]});
    expect(result.stopReason).to.equal('end_turn');
    expect(model.toolNames(0)).to.not.include('atlas_mcp_country_info');
    expect(model.toolNames(1)).to.include('atlas_mcp_country_info');
    expect(model.toolNames(1)).to.not.include('data_mcp_query_sql');
    expect(model.toolNames(2).filter((n) => n === 'atlas_mcp_country_info').length).to.equal(1);
    // The canonical name was routed to the server's real tool.
    expect(log.calls.map((c) => c.tool)).to.deep.equal(['browse_skills', 'country_info']);
    expect(result.toolCalls[0]).to.include({name: 'atlas_mcp_list_recipes', tool: 'browse_skills', server: 'atlas'});
  });

  it('search_tools and list_tools answer locally, activate nothing, and surface only what they found', async () => {
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([
      turn([call('search_tools', {query: 'SQL query', server: 'data'})]),
      turn([call('list_tools', {server: 'atlas'})]),
      turn([text('ok')]),
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: [atlas(log), sql(log), displayLayer()]});
    expect(log.calls).to.deep.equal([]);
    const found = JSON.parse(result.toolCalls[0].result) as Array<{name: string}>;
    expect(found[0].name).to.equal('data_mcp_query_sql');
    expect(model.toolNames(1)).to.include('data_mcp_query_sql');
    expect(model.toolNames(1)).to.not.include('data_mcp_list_tables');
    // list_tools lists every tool, recipe tools under the names the model must call.
    expect((JSON.parse(result.toolCalls[1].result) as Array<{name: string}>).map((t) => t.name)).to.deep.equal([
      'atlas_mcp_list_recipes',
      'atlas_mcp_get_recipe',
      'atlas_mcp_country_info',
      'atlas_mcp_city_search',
    ]);
    expect(model.toolNames(2)).to.include('atlas_mcp_city_search');
  });

  it('a search with no match says how to list the tools', async () => {
    const model = new ScriptedModel([turn([call('search_tools', {query: 'weather', server: 'data'})])]);
    const result = await runAgentLoop('q', {provider: model, layers: [sql()]});
    expect(result.toolCalls[0].result).to.contain('list_tools({"server": "data"})');
  });

  it('a search with no server looks on every server; a server given by its display name is found', async () => {
    const model = new ScriptedModel([
      turn([call('search_tools', {query: 'cities'})]),
      turn([call('list_tools', {server: 'Atlas MCP Server'})]),
      turn([text('ok')]),
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: [sql(), atlas()]});
    expect((JSON.parse(result.toolCalls[0].result) as Array<{name: string}>)[0].name).to.equal('atlas_mcp_city_search');
    expect(result.toolCalls[1].error).to.equal(undefined);
    expect(result.toolCalls[1].server).to.equal('atlas');
  });

  it('list_tools with no server, or an unknown one, is an error naming the servers; nothing is surfaced', async () => {
    const model = new ScriptedModel([turn([call('list_tools', {}), call('list_tools', {server: 'weather'})]), turn([text('ok')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [sql(), atlas()]});
    expect(result.toolCalls[0]).to.include({errorCode: 'TOOL_INPUT_INVALID'});
    expect(result.toolCalls[0].error).to.contain('data, atlas');
    expect(result.toolCalls[1].error).to.contain('No server named "weather"');
    expect(model.toolNames(1)).to.not.include('data_mcp_query_sql');
  });

  it('the per-server names of older prompts still answer (x_mcp_list_tools)', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_list_tools')]), turn([text('ok')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [sql(), atlas()]});
    expect((JSON.parse(result.toolCalls[0].result) as Array<{name: string}>).map((t) => t.name)).to.deep.equal(['data_mcp_query_sql', 'data_mcp_list_tables']);
  });

  it('routes a real tool that was not offered yet, and activates its server', async () => {
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'select 1'})]), turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [sql(log)]});
    expect(log.calls).to.deep.equal([{server: 'Data', tool: 'query_sql', args: {sql: 'select 1'}}]);
    expect(model.toolNames(1)).to.include.members(['data_mcp_query_sql', 'data_mcp_list_tables']);
  });

  it('eager-tools sends every tool in the first request, recall included, and the same list in every request after (the prompt cache stays whole)', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'select 1'})]), turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [atlas(), sql(), displayLayer()], eagerTools: true});
    expect(model.toolNames(0)).to.include.members(['atlas_mcp_country_info', 'data_mcp_query_sql', 'autoui_webmcp_widget_display', 'recall']);
    expect(model.toolNames(0)).to.not.include('search_tools');
    expect(model.toolNames(1)).to.deep.equal(model.toolNames(0));
  });
});
