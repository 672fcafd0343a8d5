/**
 * Servers the element connects before any question are traced when the page asks for traces: the
 * element tells its session the tracing attributes as soon as they are set, not only when a
 * question starts. Real element, real demo MCP servers, the page's own OpenTelemetry SDK (a real
 * `TracerProvider` with an in-memory exporter, given as `tracerProvider`).
 */
import {expect, waitUntil} from '@open-wc/testing';
import {InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan} from '@opentelemetry/sdk-trace';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {serverUrl} from '../element/harness.js';

/** A page's own provider, exporting to memory as each span ends. */
function memoryProvider() {
  const exporter = new InMemorySpanExporter();
  return {exporter, provider: new TracerProvider({spanProcessors: [new SimpleSpanProcessor({exporter})]})};
}

/** The first `connect {server}` span exported, once it ended, with the requests under it. */
async function connectTrace(exporter: InMemorySpanExporter): Promise<{root: ReadableSpan; requests: ReadableSpan[]}> {
  let root: ReadableSpan | undefined;
  await waitUntil(() => (root = exporter.getFinishedSpans().find((s) => s.name.startsWith('connect '))), 'no "connect {server}" span was exported', {timeout: 30_000});
  const requests = exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === root!.spanContext().spanId);
  return {root: root!, requests};
}

const mount = (attributes: Record<string, string>, provider?: TracerProvider): AutouiAgent => {
  const agent = document.createElement('autoui-agent') as AutouiAgent;
  if (provider) agent.tracerProvider = provider;
  for (const [name, value] of Object.entries(attributes)) agent.setAttribute(name, value);
  document.body.append(agent);
  return agent;
};

describe('telemetry: servers connected before any question', function () {
  this.timeout(60_000);

  it('a server named when the page already traces connects as a trace of its own, with its handshake under it', async () => {
    const {exporter, provider} = memoryProvider();
    const agent = mount({lang: 'en', servers: serverUrl('mcp-traced')}, provider);
    try {
      const {root, requests} = await connectTrace(exporter);
      expect(root.parentSpanContext, 'a trace of its own').to.equal(undefined);
      expect(root.attributes['autoui.request.source']).to.equal('connect');
      const methods = requests.map((s) => s.attributes['mcp.method.name']);
      expect(methods.some((m) => m === 'initialize' || m === 'server/discover'), `requests under it: ${methods.join(', ')}`).to.equal(true);
      expect(agent.session.lastTrace, 'a connection is no question').to.deep.equal([]);
    } finally {
      agent.remove();
    }
  });

  it('tracing turned on after the element started: the next server it connects is traced', async () => {
    const {exporter, provider} = memoryProvider();
    const agent = mount({lang: 'en', servers: serverUrl('mcp-traced')});
    try {
      await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the first server did not connect', {timeout: 30_000});
      expect(exporter.getFinishedSpans(), 'nothing traced before').to.deep.equal([]);
      agent.tracerProvider = provider;
      agent.setAttribute('servers', `${serverUrl('mcp-traced')} ${serverUrl('app-probe')}`);
      const {root} = await connectTrace(exporter);
      expect(root.attributes['autoui.request.source']).to.equal('connect');
    } finally {
      agent.remove();
    }
  });
});
