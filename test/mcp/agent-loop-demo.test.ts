import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import type {ModelRequest} from '../../src/providers/language-model.js';
import type {ToolMessage} from '../../src/providers/model-messages.js';
import {displayLayer} from '../helpers/layers.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {closeAll, connect} from './mcp-test-kit.js';

/** The output of the last tool result the model received. */
const lastResult = (request: ModelRequest) => {
  const tool = [...request.messages].reverse().find((m): m is ToolMessage => m.role === 'tool')!;
  return tool.content[tool.content.length - 1].output;
};

describe('the agent loop answers with recipes and data from the demo servers', () => {
  afterEach(closeAll);

  it('map of the airports of Washington: recipe search → recipe → SQL from the recipe → map widget of real airports', async () => {
    const data = await connect('demo-data');
    const atlas = await connect('demo-atlas');
    const model = new ScriptedModel([
      turn([call('data_mcp_search_recipes', {query: 'map of airports'})]),
      (request) => turn([call('data_mcp_get_recipe', {name: JSON.parse(lastResult(request))[0].name})]),
      (request) => {
        // Run the SQL the recipe gives, as a model following it would.
        const sql = /```sql\n([\s\S]*?)\n\s*```/.exec(lastResult(request))![1].trim();
        return turn([call('data_mcp_query_sql', {sql})]);
      },
      (request) => {
        const {rows} = JSON.parse(lastResult(request)) as {rows: Array<{iata: string; name: string; latitude: number; longitude: number}>};
        const markers = rows.map((r) => ({lat: r.latitude, lng: r.longitude, label: `${r.iata} — ${r.name}`}));
        return turn([call('autoui_webmcp_widget_display', {name: 'map', params: {markers}})]);
      },
      (request) => turn([text(`Here are the airports of Washington (${lastResult(request).length > 0 ? 'map shown' : ''}).`)]),
    ]);

    const result = await runAgentLoop('Show me the airports of Washington state on a map', {provider: model, layers: [data.layer, atlas.layer, displayLayer()], lang: 'en', widgets: new WidgetStore()});

    expect(result.stopReason).to.equal('end_turn');
    expect(result.toolCalls.map((c) => [c.name, c.error ?? null])).to.deep.equal([
      ['data_mcp_search_recipes', null],
      ['data_mcp_get_recipe', null],
      ['data_mcp_query_sql', null],
      ['autoui_webmcp_widget_display', null],
    ]);
    // The system prompt announced both servers' recipes, read at connection time.
    expect(model.requests[0].system).to.contain('airports-map').and.contain('country-profile');
    // Atlas's recipe tools are offered under the canonical names (aliases of browse_skills...).
    expect(model.toolNames(0)).to.include.members(['data_mcp_search_recipes', 'atlas_mcp_search_recipes', 'atlas_mcp_list_recipes', 'atlas_mcp_get_recipe']);
    expect(result.widgets).to.have.length(1);
    const {type, params} = result.widgets[0] as {type: string; params: {markers: Array<{lat: number; lng: number; label: string}>}};
    expect(type).to.equal('map');
    expect(params.markers.length).to.be.greaterThan(30);
    const sea = params.markers.find((m) => m.label.startsWith('SEA'))!;
    expect(sea.label).to.contain('Seattle-Tacoma');
    expect(sea.lat).to.be.closeTo(47.45, 0.01);
    expect(sea.lng).to.be.closeTo(-122.31, 0.01);
  });

  it('country profile through the Atlas skills (aliased names) ending in a kv widget', async () => {
    const atlas = await connect('demo-atlas');
    const model = new ScriptedModel([
      turn([call('atlas_mcp_list_recipes')]),
      turn([call('atlas_mcp_get_recipe', {name: 'country-profile'})]),
      turn([call('atlas_mcp_country_info', {country: 'Japon'})]),
      (request) => {
        const info = JSON.parse(lastResult(request));
        const items = [
          {key: 'Capital', value: info.capital},
          {key: 'Largest city', value: info.largest_city.name},
          {key: 'Neighbours', value: info.neighbours.join(', ') || 'none'},
        ];
        return turn([call('autoui_webmcp_widget_display', {name: 'kv', params: {title: info.name, items}})]);
      },
    ]);
    const result = await runAgentLoop('Fiche du Japon', {provider: model, layers: [atlas.layer, displayLayer()], widgets: new WidgetStore()});
    expect(result.toolCalls.every((c) => !c.error)).to.equal(true);
    // The aliases reached the real tools.
    expect(result.toolCalls.slice(0, 2).map((c) => (c as unknown as {tool: string}).tool)).to.deep.equal(['browse_skills', 'read_skill']);
    const widget = result.widgets[0] as {type: string; params: {title: string; items: Array<{key: string; value: string}>}};
    expect(widget.type).to.equal('kv');
    expect(widget.params.title).to.equal('Japan');
    expect(widget.params.items).to.deep.include({key: 'Capital', value: 'Tokyo'});
    expect(widget.params.items).to.deep.include({key: 'Largest city', value: 'Tokyo'});
  });
});
