/**
 * Traces from the element, end to end with the real OpenTelemetry SDK: `<autoui-agent telemetry>`
 * exports to the OTLP/HTTP receiver the test run starts, the scripted model answers from the fake
 * LLM server, and the Data demo server traced with the OpenTelemetry Node SDK (`mcp-traced`)
 * continues the trace from `params._meta`, on both MCP protocol eras; through the key proxy traced
 * with the Node SDK (`llm-proxy-traced`), the proxy's spans join the same trace. What the receiver, the model
 * server and the MCP server got is read back from them, never from the element's own word.
 */
import {expect} from '@open-wc/testing';
import {ALLOWED_ATTRIBUTES} from '../../src/telemetry/telemetry-attributes.js';
import {createScenario, engineLoaded, mountAgent, serverUrl, type Scenario, type Turn} from '../element/harness.js';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: string;
  attributes: Record<string, unknown>;
  /** The exporter's resource: `service.name` tells the browser, the proxy and the MCP server apart. */
  resource: Record<string, unknown>;
}

const receiver = () => serverUrl('otlp-receiver');
let counter = 0;
/** A string no other test sends. */
const marker = (label: string) => `${label}${Date.now().toString(36)}x${++counter}`;

/** The spans of `traceId` the receiver got, once at least `min` arrived (exports come in batches, after the fact). */
async function received(traceId: string, min: number): Promise<ReceivedSpan[]> {
  const response = await fetch(`${receiver()}/received?traceId=${traceId}&min=${min}&waitMs=20000`);
  return ((await response.json()) as {spans: ReceivedSpan[]}).spans;
}

/** The raw bytes the receiver got, as text. */
const rawReceived = async () => (await fetch(`${receiver()}/received/raw`)).text();

/** An agent over the traced Data server in `protocol`, answering from `turns` (or from `made`, a scenario already made). */
async function tracedAgent(turns: Turn[], protocol: string, attributes: Record<string, string | boolean> = {}, made?: Scenario) {
  const scenario = made ?? (await createScenario(turns, 'telemetry'));
  const agent = await mountAgent(scenario, {
    attributes: {lang: 'en', 'eager-tools': true, ...attributes},
    servers: [{name: 'data', url: serverUrl('mcp-traced'), protocol}],
  });
  await engineLoaded(agent);
  const started = Date.now();
  while (!agent.session.servers.every((s) => s.state === 'ready')) {
    if (Date.now() - started > 15_000) throw new Error('the traced server did not connect');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {agent, scenario};
}

/** Spans of a question with one call: invoke_agent, await_servers, load_engine, chat ×2, execute_tool, tools/call, render_widgets. */
const BROWSER_SPANS = 8;

const query = (sql: string): Turn => ({toolCalls: [{name: 'data_mcp_query_sql', input: {sql}}]});

/** Every MCP request body the page sends while `run` runs. */
async function mcpBodies(run: () => Promise<unknown>): Promise<string[]> {
  const bodies: string[] = [];
  const original = globalThis.fetch;
  const mcp = serverUrl('mcp-traced');
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(mcp) && typeof init?.body === 'string') bodies.push(init.body);
    return original(input, init);
  };
  try {
    await run();
  } finally {
    globalThis.fetch = original;
  }
  return bodies;
}

describe('telemetry: traces from <autoui-agent>', function () {
  this.timeout(60_000);

  // First in the file: the page has loaded no tracing code yet.
  it('with tracing off, sends no traceparent to the model or the MCP server and loads no tracing code', async () => {
    const {agent, scenario} = await tracedAgent([query('SELECT 1 AS one'), {text: 'One.'}], '2025-11-25');
    const bodies = await mcpBodies(() => agent.ask('How many?'));
    expect(bodies.some((b) => b.includes('"tools/call"')), 'the call reached the server').to.equal(true);
    expect(bodies.filter((b) => b.includes('traceparent'))).to.deep.equal([]);
    const requests = await scenario.requests();
    expect(requests.length).to.equal(2);
    for (const request of requests) expect(request.headers).to.not.have.property('traceparent');
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    expect(loaded.filter((name) => name.includes('/telemetry/otel') || name.includes('@opentelemetry'))).to.deep.equal([]);
    expect(agent.session.lastTrace).to.deep.equal([]);
    agent.remove();
  });

  for (const protocol of ['2025-11-25', '2026-07-28']) {
    it(`one question is one trace: invoke_agent at the root, chat and execute_tool under it, tools/call under execute_tool, joined by the MCP server (${protocol})`, async () => {
      const {agent, scenario} = await tracedAgent([query('SELECT 2 AS two'), {text: 'Two.'}], protocol, {telemetry: `${receiver()}/v1/traces`});
      let told: readonly unknown[] = [];
      agent.session.subscribe((event) => {
        if (event.type === 'trace') told = event.spans;
      });
      const result = await agent.ask('How many?');
      expect(result.stopReason).to.equal('end_turn');
      const trace = agent.session.lastTrace;
      expect(told, 'the trace event carries lastTrace').to.equal(trace);
      const root = trace.find((s) => s.name === 'invoke_agent autoui-agent')!;
      expect(root, 'the root span is kept for the console').to.not.equal(undefined);
      expect(root.parentSpanId).to.equal(undefined);

      // Browser spans (8) and the server's (tools/call at least) all reach the collector under one trace id.
      const spans = await received(root.traceId, BROWSER_SPANS + 1);
      const browser = spans.filter((s) => s.kind !== 'SERVER');
      const byName = (name: string) => browser.filter((s) => s.name === name);
      expect(new Set(spans.map((s) => s.traceId))).to.deep.equal(new Set([root.traceId]));
      expect(browser.filter((s) => !s.parentSpanId).map((s) => s.name), 'one root').to.deep.equal(['invoke_agent autoui-agent']);
      const exportedRoot = byName('invoke_agent autoui-agent')[0]!;
      const chats = browser.filter((s) => s.name.startsWith('chat '));
      expect(chats).to.have.length(2);
      for (const chat of chats) {
        expect(chat.parentSpanId).to.equal(exportedRoot.spanId);
        expect(chat.kind).to.equal('CLIENT');
        expect(chat.attributes['gen_ai.operation.name']).to.equal('chat');
      }
      for (const name of ['await_servers', 'load_engine', 'render_widgets']) expect(byName(name)[0]?.parentSpanId, name).to.equal(exportedRoot.spanId);
      const execute = byName('execute_tool data_mcp_query_sql')[0]!;
      expect(execute.parentSpanId).to.equal(exportedRoot.spanId);
      expect(execute.attributes).to.include({'gen_ai.tool.name': 'data_mcp_query_sql', 'gen_ai.operation.name': 'execute_tool'});
      const call = byName('tools/call query_sql')[0]!;
      expect(call.kind).to.equal('CLIENT');
      expect(call.parentSpanId).to.equal(execute.spanId);
      expect(call.attributes).to.include({'mcp.method.name': 'tools/call', 'mcp.protocol.version': protocol});
      const server = spans.find((s) => s.kind === 'SERVER' && s.name === 'tools/call query_sql');
      expect(server?.parentSpanId, `the server continued the trace from params._meta: ${JSON.stringify(spans.map((s) => [s.name, s.kind, s.parentSpanId]))}`).to.equal(call.spanId);
      for (const span of browser) expect(Object.keys(span.attributes).filter((name) => !ALLOWED_ATTRIBUTES.has(name)), span.name).to.deep.equal([]);

      // The server saw the traceparent in `_meta`; the model server in its header, from the turn's chat span.
      const seen = (await (await fetch(`${new URL(serverUrl('mcp-traced')).origin}/seen-meta?traceId=${root.traceId}`)).json()) as {seen: Array<{id: string | number; method: string; meta: Record<string, string>}>};
      expect(seen.seen.find((s) => s.method === 'tools/call')?.meta.traceparent).to.equal(`00-${root.traceId}-${call.spanId}-01`);
      // Every request of the question the server got names a client span of the trace that carries its JSON-RPC id.
      expect(seen.seen.length).to.be.greaterThan(0);
      for (const request of seen.seen) {
        const span = browser.find((s) => s.spanId === request.meta.traceparent.split('-')[2]);
        expect([span?.kind, span?.attributes['jsonrpc.request.id']], request.method).to.deep.equal(['CLIENT', String(request.id)]);
      }
      const headers = (await scenario.requests()).map((r) => r.headers.traceparent);
      expect(headers.map((h) => h?.split('-')[2]).sort()).to.deep.equal(chats.map((c) => c.spanId).sort());
      agent.remove();
    });
  }

  for (const protocol of ['2025-11-25', '2026-07-28']) {
    it(`through the key proxy: its chat span is the child of the browser's, the MCP server's of tools/call, all in the question's one trace, exported through the proxy's relay (${protocol})`, async () => {
      const scenario = await createScenario([query('SELECT 6 AS six'), {text: 'Six.'}], 'telemetry through the proxy');
      const made = await fetch(`${serverUrl('llm-proxy-traced')}/__proxies`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({anthropic: {apiKey: 'sk-ant-proxy-traces-0a1b2c3d4e5f', baseUrl: scenario.base}}),
      });
      const proxy = ((await made.json()) as {url: string}).url;
      // The browser exports to the proxy's relay, as a site that hides its collector does.
      const {agent} = await tracedAgent([], protocol, {endpoint: proxy, telemetry: `${proxy}/v1/traces`}, scenario);
      expect((await agent.ask('How many?')).text).to.equal('Six.');
      const root = agent.session.lastTrace.find((s) => !s.parentSpanId)!;

      // Browser (8), the proxy's two chat spans and the MCP server's tools/call, one trace id.
      const spans = await received(root.traceId, BROWSER_SPANS + 3);
      expect(new Set(spans.map((s) => s.traceId))).to.deep.equal(new Set([root.traceId]));
      const service = (s: ReceivedSpan) => s.resource['service.name'];
      const proxied = spans.filter((s) => service(s) === 'autoui-proxy');
      const browser = spans.filter((s) => service(s) !== 'autoui-proxy' && s.kind !== 'SERVER');
      expect(browser, 'every browser span came through the relay').to.have.length(BROWSER_SPANS);
      const browserChats = browser.filter((s) => s.name.startsWith('chat '));
      expect(proxied.map((s) => [s.name.startsWith('chat '), s.kind])).to.deep.equal([
        [true, 'CLIENT'],
        [true, 'CLIENT'],
      ]);
      expect(proxied.map((s) => s.parentSpanId).sort(), "each proxy span is the child of the browser's chat span of its turn").to.deep.equal(browserChats.map((s) => s.spanId).sort());
      const headers = (await scenario.requests()).map((r) => r.headers.traceparent?.split('-')[2]);
      expect(headers.sort(), 'the model server was told the proxy span').to.deep.equal(proxied.map((s) => s.spanId).sort());
      const call = browser.find((s) => s.name === 'tools/call query_sql')!;
      const server = spans.find((s) => s.kind === 'SERVER' && s.name === 'tools/call query_sql');
      expect(server?.parentSpanId).to.equal(call.spanId);
      agent.remove();
    });
  }

  it('puts no question, answer, argument or result in any exported byte without telemetry-content, and does with it', async () => {
    const secret = marker('quietmarker');
    const {agent} = await tracedAgent([query(`SELECT '${secret}' AS m`), {text: `Answer ${secret}`}], '2025-11-25', {telemetry: `${receiver()}/v1/traces`});
    await agent.ask(`Question ${secret}?`);
    const root = agent.session.lastTrace.find((s) => !s.parentSpanId)!;
    await received(root.traceId, BROWSER_SPANS + 1);
    expect((await rawReceived()).includes(secret)).to.equal(false);
    agent.remove();

    const shown = marker('openmarker');
    const open = await tracedAgent([query(`SELECT '${shown}' AS m`), {text: `Answer ${shown}`}], '2025-11-25', {telemetry: `${receiver()}/v1/traces`, 'telemetry-content': true});
    await open.agent.ask(`Question ${shown}?`);
    const openRoot = open.agent.session.lastTrace.find((s) => !s.parentSpanId)!;
    const spans = await received(openRoot.traceId, BROWSER_SPANS + 1);
    const text = JSON.stringify(spans);
    expect(text).to.contain(`Question ${shown}`).and.contain(`Answer ${shown}`);
    const execute = spans.find((s) => s.name.startsWith('execute_tool'))!;
    expect(String(execute.attributes['gen_ai.tool.call.arguments'])).to.contain(shown);
    expect(String(execute.attributes['gen_ai.tool.call.result'])).to.contain(shown);
    open.agent.remove();
  });

  it('a recipe read from MCP prompts during a question is a prompts/get span under execute_tool, its list a prompts/list span, each context in the request\'s params._meta', async () => {
    const scenario = await createScenario([{toolCalls: [{name: 'garden_mcp_list_recipes', input: {}}, {name: 'garden_mcp_get_recipe', input: {name: 'sowing-chart'}}]}, {text: 'Done.'}], 'telemetry');
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', 'eager-tools': true, telemetry: `${receiver()}/v1/traces`},
      servers: [{name: 'garden', url: serverUrl('mcp-prompts')}],
    });
    await engineLoaded(agent);
    const bodies: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(serverUrl('mcp-prompts')) && typeof init?.body === 'string') bodies.push(init.body);
      return original(input, init);
    };
    try {
      expect((await agent.ask('How do I chart sowing?')).text).to.equal('Done.');
    } finally {
      globalThis.fetch = original;
    }
    const trace = agent.session.lastTrace;
    const executes = new Map(trace.filter((s) => s.name.startsWith('execute_tool ')).map((s) => [s.name, s.spanId]));
    const sent = (method: string) => bodies.map((b) => JSON.parse(b) as {method?: string; params?: {_meta?: {traceparent?: string}}}).find((m) => m.method === method);
    const span = trace.find((s) => s.name === 'prompts/get sowing-chart');
    expect(span?.parentSpanId, `under execute_tool: ${JSON.stringify(trace.map((s) => s.name))}`).to.equal(executes.get('execute_tool garden_mcp_get_recipe'));
    expect(sent('prompts/get')?.params?._meta?.traceparent).to.equal(`00-${span!.traceId}-${span!.spanId}-01`);
    // list_recipes asks the server again (prompts/list): the connection's transport traces it too, under its call.
    const list = trace.find((s) => s.name === 'prompts/list');
    expect(list?.parentSpanId).to.equal(executes.get('execute_tool garden_mcp_list_recipes'));
    const listed = bodies.map((b) => JSON.parse(b) as {id?: number; params?: {_meta?: {traceparent?: string}}}).find((m) => String(m.id) === list?.attributes['jsonrpc.request.id']);
    expect(listed?.params?._meta?.traceparent).to.equal(`00-${list!.traceId}-${list!.spanId}-01`);
    agent.remove();
  });

  it("a server's question to the person is an await_elicitation span of the question", async () => {
    const scenario = await createScenario([{toolCalls: [{name: 'elicits_mcp_book_table', input: {}}]}, {text: 'Done.'}], 'telemetry');
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', 'eager-tools': true, telemetry: `${receiver()}/v1/traces`},
      servers: [{name: 'elicits', url: serverUrl('mcp-elicits'), protocol: '2025-11-25'}],
    });
    await engineLoaded(agent);
    agent.addEventListener('autoui-elicitation', (event) => {
      event.preventDefault();
      event.detail.respond({action: 'decline'});
    });
    const result = await agent.ask('Book a table');
    expect(result.toolCalls.map((c) => c.tool)).to.deep.equal(['book_table']);
    const trace = agent.session.lastTrace;
    const root = trace.find((s) => !s.parentSpanId)!;
    expect(trace.filter((s) => s.name === 'await_elicitation').map((s) => s.parentSpanId)).to.deep.equal([root.spanId]);
    agent.remove();
  });

  it('answers as usual when the collector is down or hangs', async () => {
    const down = await tracedAgent([query('SELECT 3 AS three'), {text: 'Three.'}], '2025-11-25', {telemetry: 'http://127.0.0.1:9/v1/traces'});
    const result = await down.agent.ask('How many?');
    expect([result.stopReason, result.text]).to.deep.equal(['end_turn', 'Three.']);
    expect(down.agent.session.lastTrace.length).to.equal(BROWSER_SPANS);
    down.agent.remove();

    await fetch(`${receiver()}/behaviour`, {method: 'PUT', headers: {'content-type': 'application/json'}, body: JSON.stringify({delayMs: 25_000})});
    try {
      const slow = await tracedAgent([query('SELECT 4 AS four'), {text: 'Four.'}, query('SELECT 5 AS five'), {text: 'Five.'}], '2025-11-25', {telemetry: `${receiver()}/v1/traces`});
      expect((await slow.agent.ask('How many?')).text).to.equal('Four.');
      // Exports of the first question hang now: the second question is not held by them.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await slow.agent.ask('And then?')).text).to.equal('Five.');
      slow.agent.remove();
    } finally {
      await fetch(`${receiver()}/behaviour`, {method: 'PUT', headers: {'content-type': 'application/json'}, body: '{}'});
    }
  });
});
