import {expect} from '@open-wc/testing';
import {assignServerKeys, normalizeServerName, parsePrefixedName, prefixToolName, MAX_TOOL_NAME_LENGTH} from '../../src/agent/naming.js';
import {ToolCatalog} from '../../src/agent/tool-catalog.js';
import {dataLayer} from '../helpers/layers.js';

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
      const resolved = catalog.resolve(entry.name);
      expect(resolved.kind).to.equal('tool');
      if (resolved.kind === 'tool') expect(resolved.entry.tool.name).to.equal(entry.tool.name);
    }
  });
});
