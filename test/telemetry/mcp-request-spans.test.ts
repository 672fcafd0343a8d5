/**
 * Every MCP request traced, seen from a session traced through a page's own OpenTelemetry SDK (a
 * real `TracerProvider`, in-memory exporter) against the demo MCP servers, on both protocol eras:
 * what the browser sent is read from its requests' bodies, what the traced server got from the
 * server. Each request carries in `params._meta` the context of a recorded client span that holds
 * its JSON-RPC id: a question's Skills reads, a connection's handshake and lists (a trace of its
 * own), an MCP App view's requests (the question's, else a trace of their own). `session.traced`
 * too: a child of the live question, a trace of its own outside one, untraced when tracing is off.
 */
import {expect} from '@open-wc/testing';
import {InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan} from '@opentelemetry/sdk-trace';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {AgentSession, type AgentSessionOptions} from '../../src/session/agent-session.js';
import type {ServerConfig} from '../../src/session/server-set.js';
import {ScriptedModel, call, text, turn, type ScriptedTurn} from '../helpers/scripted-model.js';
import {serverUrl} from '../mcp/mcp-test-kit.js';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of @opentelemetry/api. */
const CLIENT = 2;
const ERROR = 2;

interface SentRequest {
  id: string | number;
  method: string;
  params?: {_meta?: {traceparent?: string}};
}

/** Every JSON-RPC request the page sends to `servers` from now until `stop()`. */
function captureRequests(servers: string[]) {
  const sent: SentRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (servers.some((server) => url.startsWith(server)) && typeof init?.body === 'string') {
      const message = JSON.parse(init.body) as Partial<SentRequest>;
      if (typeof message.method === 'string' && message.id !== undefined) sent.push(message as SentRequest);
    }
    return original(input, init);
  };
  return {sent, stop: () => void (globalThis.fetch = original)};
}

/** A session over `servers`, traced through its own provider unless `traced` is false, once its servers are ready. */
async function session(servers: ServerConfig[], turns: ScriptedTurn[] = [], traced = true, options: AgentSessionOptions = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({spanProcessors: [new SimpleSpanProcessor({exporter})]});
  const made = new AgentSession({model: new ScriptedModel(turns), language: 'en', eagerTools: true, approve: 'never', servers, ...(traced ? {tracerProvider: provider} : {}), ...options});
  const started = Date.now();
  while (!made.servers.every((s) => s.state === 'ready')) {
    if (Date.now() - started > 15_000) throw new Error(`the servers did not connect: ${JSON.stringify(made.servers)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {session: made, spans: () => exporter.getFinishedSpans()};
}

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const spanIdIn = (request: SentRequest) => request.params?._meta?.traceparent?.split('-')[2];

/** Each request's span: a recorded client span named by its `traceparent`, holding its JSON-RPC id. */
function requestSpans(requests: SentRequest[], spans: readonly ReadableSpan[]): ReadableSpan[] {
  expect(requests.length, 'requests were sent').to.be.greaterThan(0);
  return requests.map((request) => {
    const span = spans.find((s) => idOf(s) === spanIdIn(request));
    expect([span?.kind, span?.attributes['mcp.method.name'], span?.attributes['jsonrpc.request.id']], `${request.method} ${JSON.stringify(request.params?._meta)}`).to.deep.equal([CLIENT, request.method, String(request.id)]);
    return span!;
  });
}

describe('telemetry: every MCP request traced', function () {
  this.timeout(60_000);

  // First in the file: the page has loaded no tracing code yet.
  it('with tracing off, no MCP request carries a traceparent, session.traced gives a span that records nothing, and no tracing code loads', async () => {
    const capture = captureRequests([serverUrl('mcp-traced'), serverUrl('app-probe')]);
    try {
      const {session: off} = await session([{name: 'data', url: serverUrl('mcp-traced')}, {name: 'Probe', url: serverUrl('app-probe')}], [turn([call('data_mcp_query_sql', {sql: 'SELECT 1 AS one'})]), turn([text('One.')])], false);
      expect((await off.ask('How many?')).text).to.equal('One.');
      const probe = off.layers.find((l) => l.serverName === 'Probe')!;
      const view = {key: 'v', server: 'Probe', channel: (probe as {apps?: {id: string}}).apps!.id, tool: 'probe'};
      await off.apps.callTool(view, 'probe_count', {});
      await off.apps.readView(view, 'ui://probe/view.html');
      expect(await off.traced('page_work', async (span) => span.recording)).to.equal(false);
      expect(capture.sent.map((r) => r.method)).to.include.members(['tools/list', 'tools/call', 'resources/read']);
      expect(capture.sent.filter((r) => r.params?._meta?.traceparent)).to.deep.equal([]);
      off.close();
    } finally {
      capture.stop();
    }
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    expect(loaded.filter((name) => name.includes('/src/telemetry/otel') || name.includes('/src/session/question-span'))).to.deep.equal([]);
  });

  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`a Skills server's reads during a question are client spans under the call, each with its request's id and context (${protocol})`, async () => {
      const {session: traced, spans} = await session([{name: 'skills', url: serverUrl('mcp-skills'), protocol}], [turn([call('skills_mcp_get_recipe', {name: 'rainfall-chart'})]), turn([text('Done.')])]);
      const capture = captureRequests([serverUrl('mcp-skills')]);
      try {
        expect((await traced.ask('How do I chart rainfall?')).text).to.equal('Done.');
      } finally {
        capture.stop();
      }
      const execute = spans().find((s) => s.name === 'execute_tool skills_mcp_get_recipe')!;
      const requests = requestSpans(capture.sent, spans());
      expect(capture.sent.map((r) => r.method)).to.include('resources/read');
      for (const span of requests) expect([span.spanContext().traceId, parentOf(span)], span.name).to.deep.equal([execute.spanContext().traceId, idOf(execute)]);
      expect(requests.find((s) => s.name === 'resources/read')?.attributes).to.include({'mcp.protocol.version': protocol, 'server.address': new URL(serverUrl('mcp-skills')).hostname});
      traced.close();
    });

    it(`a connection is a trace of its own: its handshake and lists are client spans under connect, continued by the server (${protocol})`, async () => {
      const {session: traced, spans} = await session([{name: 'data', url: serverUrl('mcp-traced'), protocol}]);
      const root = spans().find((s) => s.name === 'connect data')!;
      expect(root, JSON.stringify(spans().map((s) => s.name))).to.not.equal(undefined);
      expect([parentOf(root), root.attributes['autoui.request.source']]).to.deep.equal([undefined, 'connect']);
      const children = spans().filter((s) => parentOf(s) === idOf(root));
      expect(children.map((s) => s.attributes['mcp.method.name'])).to.include.members([protocol === '2026-07-28' ? 'server/discover' : 'initialize', 'tools/list']);
      const seen = (await (await fetch(`${new URL(serverUrl('mcp-traced')).origin}/seen-meta?traceId=${root.spanContext().traceId}`)).json()) as {seen: Array<{id: string | number; method: string; meta: {traceparent: string}}>};
      expect(seen.seen.map((s) => s.method)).to.include('tools/list');
      for (const request of seen.seen) {
        const span = children.find((s) => idOf(s) === request.meta.traceparent.split('-')[2]);
        expect([span?.kind, span?.attributes['jsonrpc.request.id']], request.method).to.deep.equal([CLIENT, String(request.id)]);
      }
      expect(traced.lastTrace, 'a connection is not a question').to.deep.equal([]);
      traced.close();
    });
  }

  it("an MCP App view's requests are a trace of their own after the answer, and the question's while one runs", async () => {
    let traced!: AgentSession;
    let view!: {key: string; server: string; channel: string; tool: string};
    // The model's first turn waits for a view's call: the call runs during the question.
    const during: ScriptedTurn = async function* () {
      await traced.apps.callTool(view, 'probe_count', {});
      yield* turn([text('Counted.')]);
    };
    const made = await session([{name: 'Probe', url: serverUrl('app-probe')}], [during]);
    traced = made.session;
    const probe = traced.layers.find((l) => l.serverName === 'Probe') as {apps?: {id: string}};
    view = {key: 'v', server: 'Probe', channel: probe.apps!.id, tool: 'probe'};
    const capture = captureRequests([serverUrl('app-probe')]);
    try {
      await traced.apps.readView(view, 'ui://probe/view.html');
      await traced.apps.callTool(view, 'probe_count', {});
      const outside = requestSpans(capture.sent.splice(0), made.spans());
      expect(outside.map((s) => [s.name, parentOf(s), s.attributes['autoui.request.source']])).to.deep.equal([
        ['resources/read', undefined, 'app'],
        ['tools/call probe_count', undefined, 'app'],
      ]);
      expect((await traced.ask('Count')).text).to.equal('Counted.');
      const root = made.spans().find((s) => s.name === 'invoke_agent autoui-agent')!;
      const inside = requestSpans(capture.sent, made.spans());
      expect(inside.map((s) => [s.name, s.spanContext().traceId, parentOf(s)])).to.deep.equal([['tools/call probe_count', root.spanContext().traceId, idOf(root)]]);
    } finally {
      capture.stop();
    }
    traced.close();
  });

  it('session.traced: a child of the live question, else a trace of its own kept out of lastTrace; a failure marks the span and passes on', async () => {
    let traced!: AgentSession;
    const during: ScriptedTurn = async function* () {
      await traced.traced('inside_question', async () => undefined);
      yield* turn([text('Done.')]);
    };
    const made = await session([], [during]);
    traced = made.session;
    expect(await traced.traced('page_work', async (span) => span.recording)).to.equal(true);
    const own = made.spans().find((s) => s.name === 'page_work')!;
    expect(parentOf(own)).to.equal(undefined);
    expect(traced.lastTrace).to.deep.equal([]);

    const failure = new AutouiError(ErrorCodes.TOOL_FAILED, 'The work failed.');
    expect(await traced.traced('failing_work', () => Promise.reject(failure)).catch((error: unknown) => error)).to.equal(failure);
    const failed = made.spans().find((s) => s.name === 'failing_work')!;
    expect([failed.status.code, failed.attributes['error.type']]).to.deep.equal([ERROR, ErrorCodes.TOOL_FAILED]);

    await traced.ask('Go');
    const root = made.spans().find((s) => s.name === 'invoke_agent autoui-agent')!;
    const inside = made.spans().find((s) => s.name === 'inside_question')!;
    expect(parentOf(inside)).to.equal(idOf(root));
    expect(traced.lastTrace.map((s) => s.name)).to.include('inside_question').and.not.include('page_work');
  });
});
