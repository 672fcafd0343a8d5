/**
 * MCP servers as the page declares them: `<autoui-server>` children added, removed or changed at
 * run time, the `tools` allow-list, and the `servers` attribute. Real servers over HTTP.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {EventLog, createScenario, engineLoaded, mountAgent, offeredTools, serverElement, serverUrl, watchFetch} from './harness.js';

const layerNames = (agent: {layers: readonly {serverName: string}[]}) => agent.layers.map((l) => l.serverName);
const toolsOf = (agent: {layers: readonly {serverName: string; tools: {name: string}[]}[]}, name: string) =>
  agent.layers.find((l) => l.serverName === name)?.tools.map((t) => t.name);

describe('<autoui-agent> MCP servers', () => {
  it('connects an <autoui-server> child added at run time, and drops it when removed', async () => {
    const agent = await mountAgent(undefined);
    const log = new EventLog(agent);
    await engineLoaded(agent);
    expect(layerNames(agent)).to.deep.equal(['autoui']);

    const child = serverElement({name: 'data', url: serverUrl('demo-data')});
    agent.append(child);
    const ready = await log.next('autoui-server-ready');
    expect(ready.name).to.equal('data');
    expect(ready.tools).to.include.members(['list_tables', 'describe_table', 'query_sql']);
    expect(layerNames(agent)).to.deep.equal(['data', 'autoui']);
    expect(toolsOf(agent, 'data')).to.deep.equal(ready.tools);

    child.remove();
    await waitUntil(() => layerNames(agent).length === 1, 'the layer was not dropped');
    expect(layerNames(agent)).to.deep.equal(['autoui']);
  });

  it('seven servers on one host: every call answers (no standing event stream takes the browser’s six connections per host)', async function () {
    this.timeout(30_000);
    const scenario = await createScenario([{toolCalls: Array.from({length: 7}, (_, i) => ({name: `d${i}_mcp_list_tables`, input: {}}))}, {text: 'All seven answered.'}]);
    const agent = await mountAgent(scenario, {attributes: {approve: 'never'}, servers: Array.from({length: 7}, (_, i) => ({name: `d${i}`, url: serverUrl('demo-data')}))});
    const result = await Promise.race([agent.ask('List every table'), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the question hung')), 20_000))]);
    expect(result.stopReason).to.equal('end_turn');
    expect(result.toolCalls.map((t) => t.error ?? 'ok')).to.deep.equal(Array(7).fill('ok'));
  });

  it('reconnects when a child’s url changes', async () => {
    const agent = await mountAgent(undefined, {servers: [{name: 'source', url: serverUrl('demo-data')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    expect(toolsOf(agent, 'source')).to.include('query_sql');

    agent.querySelector('autoui-server')!.setAttribute('url', serverUrl('demo-atlas'));
    const second = await log.nth('autoui-server-ready', 2);
    expect(second.name).to.equal('source');
    expect(second.tools).to.include('search_countries');
    await waitUntil(() => toolsOf(agent, 'source')?.includes('search_countries'), 'the new server’s tools are not in use');
    expect(toolsOf(agent, 'source')).to.not.include('query_sql');
    expect(layerNames(agent)).to.deep.equal(['source', 'autoui']);
  });

  it('offers only the tools of the `tools` allow-list', async () => {
    const scenario = await createScenario([{text: 'ok'}]);
    const agent = await mountAgent(scenario, {
      attributes: {'eager-tools': true},
      servers: [{name: 'data', url: serverUrl('demo-data'), tools: 'list_tables query_sql'}],
    });
    const log = new EventLog(agent);
    const ready = await log.next('autoui-server-ready');
    expect([...ready.tools].sort()).to.deep.equal(['list_tables', 'query_sql']);

    await agent.ask('What is there?');
    const [request] = await scenario.requests();
    const dataTools = offeredTools(request).filter((n) => n.startsWith('data_mcp_'));
    expect(dataTools.sort()).to.deep.equal(['data_mcp_list_tables', 'data_mcp_query_sql']);
  });

  it('connects the servers of the `servers` attribute, named after the servers, and follows changes', async () => {
    const agent = await mountAgent(undefined, {attributes: {servers: `${serverUrl('demo-data')} ${serverUrl('demo-atlas')}`}});
    const log = new EventLog(agent);
    await log.nth('autoui-server-ready', 2);
    // Named by their serverInfo.name; tool prefixes use the normalised form (data_mcp_…).
    expect(log.of('autoui-server-ready').map((r) => r.name).sort()).to.deep.equal(['Atlas', 'Data']);
    // The autoui layer comes with the engine, once the page is idle: on a loaded machine, after the servers.
    await engineLoaded(agent);
    expect(layerNames(agent)).to.deep.equal(['Data', 'Atlas', 'autoui']);

    agent.servers = serverUrl('demo-atlas');
    await waitUntil(() => layerNames(agent).length === 2, 'the data server was not dropped');
    expect(layerNames(agent)).to.deep.equal(['Atlas', 'autoui']);
  });

  it('sends a child’s `token` as a bearer to that server only, never to the model', async () => {
    const fetches = watchFetch();
    try {
      const scenario = await createScenario([{toolCalls: [{name: 'data_mcp_list_tables', input: {}}]}, {text: 'ok'}]);
      const agent = await mountAgent(scenario, {
        servers: [
          {name: 'data', url: serverUrl('demo-data'), token: 'secret-data-token'},
          {name: 'atlas', url: serverUrl('demo-atlas')},
        ],
      });
      await new EventLog(agent).nth('autoui-server-ready', 2);
      await agent.ask('Tables?');
    } finally {
      fetches.stop();
    }
    // A DELETE in this window ends an earlier test's MCP session (its element was removed as that
    // test ended, and closing is asynchronous): this agent's own DELETE comes after the window.
    const to = (url: string) => fetches.calls.filter((c) => c.url.startsWith(url) && c.method !== 'DELETE');
    expect(to(serverUrl('demo-data'))).to.not.be.empty;
    expect(to(serverUrl('demo-data')).every((c) => c.headers.get('authorization') === 'Bearer secret-data-token')).to.be.true;
    const elsewhere = fetches.calls.filter((c) => !c.url.startsWith(serverUrl('demo-data')));
    expect(elsewhere.filter((c) => c.url.startsWith(serverUrl('fake-llm')))).to.not.be.empty;
    expect(elsewhere.some((c) => JSON.stringify([...c.headers]).includes('secret-data-token'))).to.be.false;
  });
});
