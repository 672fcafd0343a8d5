/**
 * The Data demo MCP server (demo/servers/data-server.mjs: list_tables, describe_table, query_sql,
 * recipes, save_query) instrumented with the OpenTelemetry Node SDK, as a site would instrument
 * its own server, on both protocol eras:
 * - reads `params._meta.traceparent` / `tracestate` of each request (the 2026-07-28 revision's
 *   place for trace context, on 2025 sessions too) and continues that trace with the W3C
 *   propagator;
 * - makes one SERVER span per request named `{mcp.method.name} {target}` (`tools/call query_sql`,
 *   `tools/list`) with the MCP semantic conventions' attributes, `error.type` on a JSON-RPC error
 *   or a tool result with `isError`; never arguments or results;
 * - exports them to the OTLP receiver (`otlp-receiver`) through `@opentelemetry/exporter-trace-otlp-http`.
 *
 *   GET /seen-meta?traceId=   → `{seen: [{id, method, target, protocolVersion, sessionId, meta}]}`:
 *                               the `_meta` of every request received (all, or those whose
 *                               traceparent carries that trace id), as the server saw it
 *
 * The tracer provider is this server's own (never registered globally): all test servers share
 * one process, and a global provider would mix their spans.
 */
import {fileURLToPath} from 'node:url';
import {ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter} from '@opentelemetry/api';
import {W3CTraceContextPropagator} from '@opentelemetry/core';
import {OTLPTraceExporter} from '@opentelemetry/exporter-trace-otlp-http';
import {resourceFromAttributes} from '@opentelemetry/resources';
import {SimpleSpanProcessor, TracerProvider} from '@opentelemetry/sdk-trace';
import {createDataServer} from '../../demo/servers/data-server.mjs';
import {openDatabase} from '../../demo/servers/data/sql-database.mjs';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';
import {RecipeBook} from '../../demo/servers/lib/recipe-book.mjs';

export const name = 'mcp-traced';

/** Started after these, whose URLs `start` receives. */
export const needs = ['otlp-receiver'];

/** The `_meta` key of the 2026-07-28 envelope naming the request's protocol revision. */
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** `_meta` records kept at most (the oldest forgotten). */
const SEEN_CAP = 2000;

/**
 * Starts the traced server.
 * @param {{urls?: Record<string, string>, otlpTracesUrl?: string, port?: number}} [options]
 *   `otlpTracesUrl` (default: the `otlp-receiver` of `urls` + `/v1/traces`); without either, spans
 *   are made but not exported
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  const receiver = options.urls?.['otlp-receiver'];
  const tracesUrl = options.otlpTracesUrl ?? (receiver ? `${receiver}/v1/traces` : undefined);
  // SimpleSpanProcessor: each span leaves when it ends, so a test waits for the receiver, not a batch timer.
  const provider = new TracerProvider({
    resource: resourceFromAttributes({'service.name': 'mcp-traced', 'service.version': '1.0.0'}),
    spanProcessors: tracesUrl ? [new SimpleSpanProcessor({exporter: new OTLPTraceExporter({url: tracesUrl})})] : [],
  });
  const tracer = provider.getTracer('autoui-agent-test-mcp-traced', '1.0.0');
  const propagator = new W3CTraceContextPropagator();
  /** @type {Array<{id: string | number, method: string, target?: string, protocolVersion?: string, sessionId?: string, meta: Record<string, unknown>}>} */
  const seen = [];

  const db = await openDatabase();
  const book = new RecipeBook(fileURLToPath(new URL('../../demo/servers/recipes/data/', import.meta.url)));

  /** A Data server whose transports are tapped: a span from each request to its response. */
  function createTracedServer() {
    const server = createDataServer(db, book);
    const connect = server.connect.bind(server);
    // Patching this instance's connect (not the class) covers both eras: the 2025 sessions and the
    // SDK's per-request 2026-07-28 transport both call it before the first message arrives.
    server.connect = async (transport) => {
      await connect(transport);
      tapTransport(transport);
    };
    return server;
  }

  /** Starts a span on each incoming request and ends it on the response with the same id. */
  function tapTransport(transport) {
    const open = new Map();
    const onmessage = transport.onmessage;
    const send = transport.send.bind(transport);
    const onclose = transport.onclose;
    transport.onmessage = (message, extra) => {
      if (typeof message?.method === 'string' && message.id !== undefined) open.set(message.id, startRequestSpan(message, extra, transport.sessionId));
      return onmessage?.(message, extra);
    };
    transport.send = async (message, sendOptions) => {
      const span = message?.id !== undefined && ('result' in message || 'error' in message) ? open.get(message.id) : undefined;
      if (span) {
        open.delete(message.id);
        endRequestSpan(span, message);
      }
      return send(message, sendOptions);
    };
    transport.onclose = () => {
      for (const span of open.values()) endRequestSpan(span, {error: {code: 'connection_closed'}});
      open.clear();
      return onclose?.();
    };
  }

  /** The SERVER span of one request, child of the trace context in its `_meta`. */
  function startRequestSpan(message, extra, sessionId) {
    const meta = message.params?._meta ?? {};
    const method = message.method;
    const target = targetOf(method, message.params);
    const protocolVersion = extra?.request?.headers?.get?.('mcp-protocol-version') ?? meta[PROTOCOL_VERSION_KEY];
    seen.push({id: message.id, method, target, protocolVersion, sessionId, meta: structuredClone(meta)});
    if (seen.length > SEEN_CAP) seen.shift();
    const parent = propagator.extract(ROOT_CONTEXT, meta, defaultTextMapGetter);
    const attributes = {
      'mcp.method.name': method,
      'jsonrpc.request.id': String(message.id),
      'jsonrpc.protocol.version': '2.0',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      ...(protocolVersion ? {'mcp.protocol.version': protocolVersion} : {}),
      ...(sessionId ? {'mcp.session.id': sessionId} : {}),
      ...(method === 'tools/call' ? {'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': target} : {}),
      ...(method === 'prompts/get' ? {'gen_ai.prompt.name': target} : {}),
      ...(method === 'resources/read' ? {'mcp.resource.uri': target} : {}),
    };
    return tracer.startSpan(target ? `${method} ${target}` : method, {kind: SpanKind.SERVER, attributes}, parent);
  }

  function endRequestSpan(span, response) {
    if (response.error) {
      span.setAttributes({'error.type': String(response.error.code), 'rpc.response.status_code': String(response.error.code)});
      span.setStatus({code: SpanStatusCode.ERROR});
    } else if (response.result?.isError === true) {
      // A tool that failed answers a result, not an error: the conventions name this error.type `tool_error`.
      span.setAttribute('error.type', 'tool_error');
      span.setStatus({code: SpanStatusCode.ERROR});
    }
    span.end();
  }

  const host = await startMcpHttpHost({
    port: options.port ?? 0,
    createServer: createTracedServer,
    extraRoutes: (req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method !== 'GET' || url.pathname !== '/seen-meta') return false;
      const traceId = url.searchParams.get('traceId');
      const matching = traceId ? seen.filter((s) => String(s.meta.traceparent ?? '').split('-')[1] === traceId) : seen;
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({seen: matching}));
      return true;
    },
  });
  return {
    url: host.url,
    async close() {
      await host.close();
      await provider.shutdown();
    },
  };
}

/** What a request acts on, for its span name: the tool, prompt or resource. */
function targetOf(method, params) {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params?.name === 'string' ? params.name : undefined;
  if (method === 'resources/read') return typeof params?.uri === 'string' ? params.uri : undefined;
  return undefined;
}
