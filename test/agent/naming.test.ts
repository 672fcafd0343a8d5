import {expect} from '@open-wc/testing';
import {assignServerKeys, normalizeServerName, parsePrefixedName, prefixToolName, MAX_TOOL_NAME_LENGTH} from '../../src/agent/naming.js';
import {ToolCatalog} from '../../src/agent/tool-catalog.js';
import {dataLayer, displayLayer} from '../helpers/layers.js';

describe('naming', () => {
  it('normalises server names: case, punctuation, the words mcp and server', () => {
    expect(normalizeServerName('Tricoteuses MCP Server')).to.equal('tricoteuses');
    expect(normalizeServerName('my-weather.server')).to.equal('my_weather');
    expect(normalizeServerName('  __Data  Gouv__ ')).to.equal('data_gouv');
    expect(normalizeServerName('Météo-France')).to.equal('meteo_france');
    expect(normalizeServerName('MCPServer')).to.equal('mcpserver');
    expect(normalizeServerName('mcp server')).to.equal('server');
  });

  it('gives servers that normalise alike distinct keys', () => {
    const layers = ['Atlas', 'atlas MCP', 'ATLAS server', 'other'].map((n) => dataLayer(n, []));
    expect(assignServerKeys(layers)).to.deep.equal(['atlas', 'atlas_2', 'atlas_3', 'other']);
  });

  it('prefixes as {server}_{protocol}_{tool}', () => {
    expect(prefixToolName('tricoteuses', 'mcp', 'query_sql')).to.equal('tricoteuses_mcp_query_sql');
    expect(prefixToolName('autoui', 'webmcp', 'widget_display')).to.equal('autoui_webmcp_widget_display');
  });

  it('replaces characters providers refuse', () => {
    expect(prefixToolName('gh', 'mcp', 'repos.search/code')).to.equal('gh_mcp_repos_search_code');
  });

  it('shortens names over 64 characters with a stable hash, keeping them distinct', () => {
    const a = prefixToolName('a_rather_long_server_name', 'mcp', 'get_the_detailed_breakdown_of_expenses_by_quarter');
    const b = prefixToolName('a_rather_long_server_name', 'mcp', 'get_the_detailed_breakdown_of_expenses_by_region');
    expect(a.length).to.be.at.most(MAX_TOOL_NAME_LENGTH);
    expect(b.length).to.be.at.most(MAX_TOOL_NAME_LENGTH);
    expect(a).to.not.equal(b);
    expect(a).to.match(/^[a-zA-Z0-9_-]+$/);
    expect(prefixToolName('a_rather_long_server_name', 'mcp', 'get_the_detailed_breakdown_of_expenses_by_quarter')).to.equal(a);
  });

  it('parses server keys with underscores, longest first', () => {
    const keys = ['my', 'my_weather', 'my_webmcp'];
    expect(parsePrefixedName('my_weather_mcp_get_forecast', keys)).to.deep.equal({serverKey: 'my_weather', protocol: 'mcp', tool: 'get_forecast'});
    expect(parsePrefixedName('my_mcp_weather_mcp_x', keys)).to.deep.equal({serverKey: 'my', protocol: 'mcp', tool: 'weather_mcp_x'});
    expect(parsePrefixedName('my_webmcp_mcp_list', keys)).to.deep.equal({serverKey: 'my_webmcp', protocol: 'mcp', tool: 'list'});
    expect(parsePrefixedName('nobody_mcp_x', keys)).to.equal(undefined);
    expect(parsePrefixedName('plain_name', [])).to.equal(undefined);
  });

  it('routes a shortened or sanitised name back to the real tool', () => {
    const long = 'get_the_detailed_breakdown_of_expenses_by_quarter_and_department';
    const catalog = new ToolCatalog([dataLayer('Finance Server', [{name: long}, {name: 'a.b'}, {name: 'a_b'}])]);
    const names = catalog.entries.map((e) => e.name);
    expect(new Set(names).size).to.equal(3);
    for (const entry of catalog.entries) {
      const route = catalog.route(entry.name);
      expect(route.kind).to.equal('tool');
      if (route.kind === 'tool') expect(route.entry.tool.name).to.equal(entry.tool.name);
    }
  });

  describe('the catalog\'s routes', () => {
    const long = 'get_the_detailed_breakdown_of_expenses_by_quarter_and_department';
    const atlas = () =>
      dataLayer('Atlas MCP Server', [
        {name: 'browse_skills', description: 'List the skills'},
        {name: 'read_skill', description: 'Read one skill'},
        {name: 'country.info', description: 'Facts about a country'},
        {name: long},
      ]);
    const catalog = new ToolCatalog([atlas(), displayLayer()]);
    const tool = (name: string) => {
      const route = catalog.route(name);
      return route.kind === 'tool' ? `${route.entry.serverKey}/${route.entry.tool.name}${route.canonical ? ` as ${route.canonical}` : ''}` : route.kind;
    };

    it('offers recipe tools under their roles\' names, every other tool under its own', () => {
      expect(catalog.servers[0].recipeTools.map((e) => e.offeredAs)).to.deep.equal(['atlas_mcp_list_recipes', 'atlas_mcp_get_recipe']);
      expect(catalog.entries.map((e) => e.offeredAs)).to.include.members(['atlas_mcp_country_info', 'autoui_webmcp_widget_display', 'autoui_webmcp_search_recipes']);
    });

    it('routes canonical names, prefixed names, and the names a model builds from a prefix', () => {
      expect(tool('atlas_mcp_list_recipes')).to.equal('atlas/browse_skills as list_recipes');
      expect(tool('atlas_mcp_browse_skills')).to.equal('atlas/browse_skills');
      expect(tool('atlas_mcp_country_info')).to.equal('atlas/country.info');
      expect(tool('atlas_mcp_country.info')).to.equal('atlas/country.info');
      // A name shortened for the provider's limit, and the full name it stands for.
      const shortened = catalog.servers[0].entries[3].name;
      expect(shortened.length).to.be.at.most(MAX_TOOL_NAME_LENGTH);
      expect(tool(shortened)).to.equal(`atlas/${long}`);
      expect(tool(`atlas_mcp_${long}`)).to.equal(`atlas/${long}`);
      expect(tool('autoui_webmcp_search_recipes')).to.equal('autoui/search_recipes');
    });

    it('routes the pseudo-tools, shared and per server, and recall under its own name and the seed\'s', () => {
      expect(catalog.route('search_tools')).to.deep.equal({kind: 'pseudo', pseudo: 'search_tools'});
      const perServer = catalog.route('atlas_mcp_list_tools');
      expect(perServer.kind === 'pseudo' && perServer.pseudo === 'list_tools' && perServer.server?.key).to.equal('atlas');
      expect(catalog.route('recall')).to.deep.equal({kind: 'recall'});
      expect(catalog.route('autoui_webmcp_recall')).to.deep.equal({kind: 'recall'});
      // A layer's own tool named so keeps its name.
      const own = new ToolCatalog([dataLayer('autoui', [{name: 'recall'}])]).route('autoui_mcp_recall');
      expect(own.kind).to.equal('tool');
      const seedNamed = new ToolCatalog([{...displayLayer(), tools: [{name: 'recall'}]}]).route('autoui_webmcp_recall');
      expect(seedNamed.kind === 'tool' && seedNamed.entry.tool.name).to.equal('recall');
    });

    it('says why an unknown name runs nothing', () => {
      const message = (name: string) => {
        const route = catalog.route(name);
        return route.kind === 'unknown' ? route.message : route.kind;
      };
      expect(message('weather')).to.contain('tool names have the form').and.contain('atlas, autoui');
      expect(message('atlas_webmcp_x')).to.contain('no webmcp server named "atlas"');
      expect(message('atlas_mcp_nope')).to.contain('server "atlas" has no tool "nope"').and.contain('list_tools({"server": "atlas"})');
    });
  });
});
