import {expect} from '@open-wc/testing';
import {resolveCanonicalTools} from '../../src/agent/canonical-tools.js';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

describe('recipes of real servers, through the canonical resolver', () => {
  afterEach(closeAll);

  it('Data: canonical names are found as they are (layer 1), and a recipe reads as markdown ending in a widget', async () => {
    const {layer} = await connect('demo-data');
    const roles = resolveCanonicalTools(layer.tools);
    expect(roles).to.deep.equal({
      search_recipes: {tool: 'search_recipes', via: 1},
      list_recipes: {tool: 'list_recipes', via: 1},
      get_recipe: {tool: 'get_recipe', via: 1},
    });
    const found = JSON.parse((await layer.execute!('search_recipes', {query: 'map of the airports'}, toolContext())).text);
    expect(found[0].name).to.equal('airports-map');
    const recipe = (await layer.execute!('get_recipe', {name: 'airports-map'}, toolContext())).text;
    expect(recipe).to.contain('query_sql').and.contain('widget_display').and.contain('"name": "map"');
  });

  it('Atlas: browse_skills / read_skill / find_skills play the recipe roles by their name tokens (layer 2)', async () => {
    const {layer} = await connect('demo-atlas');
    expect(resolveCanonicalTools(layer.tools)).to.deep.equal({
      search_recipes: {tool: 'find_skills', via: 2},
      list_recipes: {tool: 'browse_skills', via: 2},
      get_recipe: {tool: 'read_skill', via: 2},
    });
    expect(layer.recipes!.length).to.be.at.least(4);
    expect(layer.recipes!.map((r) => r.name)).to.include.members(['largest-cities-map', 'region-population-chart', 'country-profile', 'neighbours-table']);
    const skill = (await layer.execute!('read_skill', {name: 'country-profile'}, toolContext())).text;
    expect(skill).to.contain('country_info').and.contain('"name": "kv"');
  });

  it('a server with prompts but no recipe tools offers its prompts as recipes', async () => {
    const {layer} = await connect('mcp-prompts');
    expect(layer.recipes).to.deep.equal([
      {name: 'sowing-chart', description: 'Show when to sow a plant as a bar chart.'},
      {name: 'plant-card', description: 'A key-value card about one plant.'},
    ]);
    const roles = resolveCanonicalTools(layer.tools);
    expect(roles.list_recipes?.tool).to.equal('list_recipes');
    expect(roles.get_recipe?.tool).to.equal('get_recipe');
    const listed = JSON.parse((await layer.execute!('list_recipes', {}, toolContext())).text);
    expect(listed[1]).to.deep.include({name: 'plant-card', arguments: [{name: 'plant', required: true, description: 'the plant'}]});
    const recipe = await layer.execute!('get_recipe', {name: 'plant-card', arguments: {plant: 'basil'}}, toolContext());
    expect(recipe.text).to.contain('Show a kv widget about basil.');
    const unknown = await layer.execute!('get_recipe', {name: 'nope'}, toolContext());
    expect(unknown.isError).to.equal(true);
    // Its real tools still go to the server.
    expect((await layer.execute!('sowing_calendar', {plant: 'tomato'}, toolContext())).text).to.contain('March');
  });

  for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
    it(`${protocol}: a server with MCP skills and no recipe tools has its skills as recipes`, async () => {
      const connection = await connect('mcp-skills', {protocol});
      expect(connection.protocol).to.equal(protocol);
      const {layer} = connection;
      expect(layer.recipes).to.deep.equal([
        {name: 'city-card', description: 'Show one city as a stat card.'},
        {name: 'rainfall-chart', description: 'Chart the monthly rainfall of a city.'},
      ]);
      const roles = resolveCanonicalTools(layer.tools);
      expect(roles.list_recipes?.tool).to.equal('list_recipes');
      expect(roles.get_recipe?.tool).to.equal('get_recipe');
      expect(JSON.parse((await layer.execute!('list_recipes', {}, toolContext())).text).map((r: {name: string}) => r.name)).to.deep.equal(['city-card', 'rainfall-chart']);
      const recipe = await layer.execute!('get_recipe', {name: 'rainfall-chart'}, toolContext());
      expect(recipe.text).to.contain('Call `rainfall` with the city, then show a bar chart');
      expect((await layer.execute!('get_recipe', {name: 'nope'}, toolContext())).isError).to.equal(true);
      expect((await layer.execute!('rainfall', {}, toolContext())).text).to.contain('"mm":[120,95]');
    });
  }
});
