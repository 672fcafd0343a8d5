/**
 * The traced MCP test server (test/servers/mcp-traced.mjs), the server side of the browser's
 * tracing tests: a request carrying `params._meta.traceparent` gives a SERVER span in that trace,
 * a child of the span the client named, with the MCP attributes, exported over OTLP to the
 * receiver, on both protocol eras. A failing tool marks its span; arguments and results stay out.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client';
import {start as startTracedServer} from '../servers/mcp-traced.mjs';
import {start as startReceiver} from '../servers/otlp-receiver.mjs';

const receiver = await startReceiver();
const server = await startTracedServer({urls: {'otlp-receiver': receiver.url}});
after(async () => {
  await server.close();
  await receiver.close();
});

const randomHex = (digits) => crypto.randomUUID().replaceAll('-', '').slice(0, digits);

/** A connected SDK v2 client on one era: `legacy` (2025-11-25 sessions) or the 2026-07-28 pin. */
async function connect(era) {
  const client = new Client({name: 'trace-test', version: '1.0.0'}, {versionNegotiation: {mode: era === 'legacy' ? 'legacy' : {pin: '2026-07-28'}}});
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  after(() => client.close());
  return client;
}

/** The spans of `traceId` the receiver got, once `count` have arrived. */
async function receivedSpans(traceId, count) {
  const {spans} = await (await fetch(`${receiver.url}/received?traceId=${traceId}&min=${count}`)).json();
  return spans;
}

for (const era of ['legacy', '2026-07-28']) {
  describe(`traced MCP server, ${era}`, () => {
    it('continues the trace of params._meta.traceparent with a SERVER span per request', async () => {
      const client = await connect(era);
      const traceId = randomHex(32);
      const clientSpan = randomHex(16);
      const traceparent = `00-${traceId}-${clientSpan}-01`;
      const marker = `SQL-MARKER-${randomHex(6)}`;
      await client.listTools({_meta: {traceparent, tracestate: 'autoui=1'}});
      const result = await client.callTool({name: 'query_sql', arguments: {sql: `SELECT '${marker}' AS m`}, _meta: {traceparent}});
      assert.ok(JSON.stringify(result).includes(marker), 'the tool did not run');
      const spans = await receivedSpans(traceId, 2);
      const byName = Object.fromEntries(spans.map((s) => [s.name, s]));
      assert.deepEqual(Object.keys(byName).sort(), ['tools/call query_sql', 'tools/list']);
      for (const span of spans) {
        assert.equal(span.kind, 'SERVER');
        assert.equal(span.parentSpanId, clientSpan);
        assert.equal(span.resource['service.name'], 'mcp-traced');
      }
      const call = byName['tools/call query_sql'].attributes;
      assert.equal(call['mcp.method.name'], 'tools/call');
      assert.equal(call['gen_ai.tool.name'], 'query_sql');
      assert.equal(call['gen_ai.operation.name'], 'execute_tool');
      assert.equal(call['error.type'], undefined);
      if (era === 'legacy') assert.match(String(call['mcp.session.id']), /.+/);
      assert.ok(call['mcp.protocol.version'], 'no protocol version');
      // The server saw the context as the client sent it, and kept no argument in its spans.
      const {seen} = await (await fetch(new URL(`/seen-meta?traceId=${traceId}`, server.url))).json();
      assert.deepEqual(seen.map((s) => [s.method, s.meta.traceparent]), [['tools/list', traceparent], ['tools/call', traceparent]]);
      assert.equal(seen[0].meta.tracestate, 'autoui=1');
      const raw = Buffer.from(await (await fetch(`${receiver.url}/received/raw`)).arrayBuffer()).toString('utf8');
      assert.ok(!raw.includes(marker));
    });

    it('marks a tool that failed with error.type tool_error', async () => {
      const client = await connect(era);
      const traceId = randomHex(32);
      const result = await client.callTool({name: 'query_sql', arguments: {sql: 'SELECT * FROM no_such_table'}, _meta: {traceparent: `00-${traceId}-${randomHex(16)}-01`}});
      assert.equal(result.isError, true);
      const [span] = await receivedSpans(traceId, 1);
      assert.equal(span.attributes['error.type'], 'tool_error');
      assert.equal(span.status.code, 2);
    });
  });
}
