/**
 * `<autoui-server>` driven by properties, as frameworks bind it (Angular `[url]`, React 19 props,
 * plain code), and server configurations that cannot be used: each is reported with
 * `autoui-server-error` (`MCP_CONFIG`), never silently left out. Real servers over HTTP.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiServer} from '../../src/element/servers/autoui-server.js';
import {EventLog, engineLoaded, mountAgent, serverUrl, watchFetch} from './harness.js';

const layerNames = (agent: {layers: readonly {serverName: string}[]}) => agent.layers.map((l) => l.serverName);

/** An element with its engine loaded, a log of its events, and a server element not yet added to it. */
async function agentAndServer() {
  const agent = await mountAgent(undefined);
  const log = new EventLog(agent);
  await engineLoaded(agent);
  return {agent, log, server: document.createElement('autoui-server')};
}

describe('<autoui-server> properties and unusable configurations', () => {
  it('connects a server whose name, url and tools are set as properties, and mirrors them as attributes', async () => {
    const {agent, log, server} = await agentAndServer();
    server.name = 'data';
    server.url = serverUrl('demo-data');
    server.tools = ['list_tables', 'query_sql'];
    agent.append(server);

    const ready = await log.next('autoui-server-ready');
    expect(ready.name).to.equal('data');
    expect([...ready.tools].sort()).to.deep.equal(['list_tables', 'query_sql']);
    expect(server.getAttribute('url')).to.equal(serverUrl('demo-data'));
    expect(server.getAttribute('tools')).to.equal('list_tables query_sql');
    expect(server.tools).to.deep.equal(['list_tables', 'query_sql']);
    expect(layerNames(agent)).to.deep.equal(['data', 'autoui']);
  });

  it('keeps a property set before the element was defined (a framework rendering first)', async () => {
    const early = document.createElement('autoui-server-early') as HTMLElement & {url?: string; name?: string};
    early.url = serverUrl('demo-data');
    early.name = 'early';
    // Same class under a fresh tag, defined after the properties were set: the upgrade path.
    const {AutouiServer: Server} = await import('../../src/element/servers/autoui-server.js');
    customElements.define('autoui-server-early', class extends Server {});
    document.body.append(early);
    expect(early.getAttribute('url')).to.equal(serverUrl('demo-data'));
    expect(early.getAttribute('name')).to.equal('early');
    expect((early as unknown as AutouiServer).config).to.deep.include({name: 'early', url: serverUrl('demo-data')});
    early.remove();
  });

  it('reports a server without a url, and connects it once the url is set', async () => {
    const {agent, log, server} = await agentAndServer();
    server.name = 'data';
    agent.append(server);

    const error = await log.next('autoui-server-error');
    expect(error).to.deep.include({name: 'data', code: 'MCP_CONFIG'});
    expect(error.message).to.include('no URL');
    expect(agent.session.servers.map((s) => s.state)).to.deep.equal(['error']);
    // For the page's developer, not the people reading the transcript.
    expect(agent.session.transcript.filter((e) => e.kind === 'notice')).to.deep.equal([]);
    expect(log.of('autoui-error')).to.deep.equal([]);

    server.url = serverUrl('demo-data');
    const ready = await log.next('autoui-server-ready');
    expect(ready.name).to.equal('data');
    await waitUntil(() => layerNames(agent).includes('data'), 'the server was not connected');
  });

  it('reports a url that is not an http(s) one, and sends nothing', async () => {
    // Listening before the element exists: the reports come a task after it connects.
    const log = new EventLog(document);
    await mountAgent(undefined, {servers: [{name: 'files', url: 'file:///etc/passwd'}, {name: 'broken', url: 'http://['}]});
    const first = await log.next('autoui-server-error');
    const second = await log.nth('autoui-server-error', 2);
    const byName = Object.fromEntries([first, second].map((e) => [e.name, e]));
    expect(byName.files).to.deep.include({code: 'MCP_CONFIG'});
    expect(byName.files.message).to.include('file:');
    expect(byName.broken).to.deep.include({code: 'MCP_CONFIG'});
    expect(byName.broken.message).to.include('not one');
    expect(log.of('autoui-server-ready')).to.deep.equal([]);
  });

  it('does not report a configuration completed in the same task (name first, url next)', async () => {
    const {agent, log, server} = await agentAndServer();
    agent.append(server);
    server.name = 'data';
    // The observer runs between the two: the session sees the server without its url first.
    await Promise.resolve();
    await Promise.resolve();
    server.url = serverUrl('demo-data');
    await log.next('autoui-server-ready');
    expect(log.of('autoui-server-error')).to.deep.equal([]);
  });

  it('keeps a token set as a property out of the DOM, and sends it to its server only', async () => {
    const fetches = watchFetch();
    try {
      const {agent, log, server} = await agentAndServer();
      server.name = 'data';
      server.url = serverUrl('demo-data');
      agent.append(server);
      await log.next('autoui-server-ready');
      server.token = 'property-token';
      await log.nth('autoui-server-ready', 2);
      expect(server.hasAttribute('token')).to.be.false;
      expect(agent.outerHTML).to.not.include('property-token');
      const sent = fetches.calls.filter((c) => c.headers.get('authorization') === 'Bearer property-token');
      expect(sent).to.not.be.empty;
      expect(sent.every((c) => c.url.startsWith(serverUrl('demo-data')))).to.be.true;
    } finally {
      fetches.stop();
    }
  });

  it('resolves a relative server url against the document base, as fetch does', async () => {
    const base = document.createElement('base');
    base.href = serverUrl('demo-data');
    document.head.prepend(base);
    try {
      const {agent, log, server} = await agentAndServer();
      server.name = 'data';
      server.url = new URL(serverUrl('demo-data')).pathname.split('/').pop()!;
      agent.append(server);
      const ready = await log.next('autoui-server-ready');
      expect(ready.name).to.equal('data');
      expect(agent.session.servers[0]?.url).to.equal(serverUrl('demo-data'));
    } finally {
      base.remove();
    }
  });
});
