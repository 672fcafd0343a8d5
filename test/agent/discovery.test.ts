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
  it('offers only recipe tools (canonical names), pseudo-tools and display tools at first', () => {
    const names = buildDiscoveryTools([atlas(), sql(), displayLayer()]).map((t) => t.name);
    expect(names).to.deep.equal([
      'atlas_mcp_list_recipes',
      'atlas_mcp_get_recipe',
      'atlas_mcp_search_tools',
      'atlas_mcp_list_tools',
      'data_mcp_search_tools',
      'data_mcp_list_tools',
      'autoui_webmcp_search_recipes',
      'autoui_webmcp_widget_display',
      'autoui_webmcp_canvas',
    ]);
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
      turn([call('data_mcp_search_tools', {query: 'SQL query'})]),
      turn([call('atlas_mcp_list_tools')]),
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
    const model = new ScriptedModel([turn([call('data_mcp_search_tools', {query: 'weather'})])]);
    const result = await runAgentLoop('q', {provider: model, layers: [sql()]});
    expect(result.toolCalls[0].result).to.contain('data_mcp_list_tools()');
  });

  it('routes a real tool that was not offered yet, and activates its server', async () => {
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'select 1'})]), turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [sql(log)]});
    expect(log.calls).to.deep.equal([{server: 'Data', tool: 'query_sql', args: {sql: 'select 1'}}]);
    expect(model.toolNames(1)).to.include.members(['data_mcp_query_sql', 'data_mcp_list_tables']);
  });

  it('eager-tools sends every tool in the first request', async () => {
    const model = new ScriptedModel([turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [atlas(), sql(), displayLayer()], eagerTools: true});
    expect(model.toolNames(0)).to.include.members(['atlas_mcp_country_info', 'data_mcp_query_sql', 'autoui_webmcp_widget_display']);
    expect(model.toolNames(0)).to.not.include('data_mcp_search_tools');
  });
});
