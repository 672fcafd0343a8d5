/**
 * The OTLP receiver the tracing tests read (test/servers/otlp-receiver.mjs), fed by the real
 * OTLP/HTTP exporter: what it reports is what was exported, a reader waiting for spans gets them
 * when they arrive, and the dead and slow collector paths touch only the exports sent to them.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {ROOT_CONTEXT, SpanKind, trace} from '@opentelemetry/api';
import {OTLPTraceExporter} from '@opentelemetry/exporter-trace-otlp-http';
import {resourceFromAttributes} from '@opentelemetry/resources';
import {SimpleSpanProcessor, TracerProvider} from '@opentelemetry/sdk-trace';
import {start} from '../servers/otlp-receiver.mjs';

const receiver = await start();
after(() => receiver.close());

/** A tracer exporting each span as it ends to `path` of the receiver. */
function tracerTo(path) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({'service.name': 'receiver-test'}),
    spanProcessors: [new SimpleSpanProcessor({exporter: new OTLPTraceExporter({url: `${receiver.url}${path}`})})],
  });
  after(() => provider.shutdown());
  return {provider, tracer: provider.getTracer('receiver-test')};
}

const received = async (query) => (await (await fetch(`${receiver.url}/received?${query}`)).json()).spans;

describe('OTLP receiver', () => {
  it('reports the spans the SDK exported, by trace, with parents, kinds and attributes', async () => {
    const {provider, tracer} = tracerTo('/v1/traces');
    const parent = tracer.startSpan('invoke_agent', {kind: SpanKind.INTERNAL, attributes: {'gen_ai.operation.name': 'invoke_agent', count: 3, ok: true}});
    const traceId = parent.spanContext().traceId;
    // A reader that asks before the spans exist waits for them.
    const waiting = received(`traceId=${traceId}&min=2`);
    const child = tracer.startSpan('chat m', {kind: SpanKind.CLIENT}, trace.setSpan(ROOT_CONTEXT, parent));
    child.end();
    parent.end();
    await provider.forceFlush();
    const spans = await waiting;
    const byName = Object.fromEntries(spans.map((s) => [s.name, s]));
    assert.equal(byName['chat m'].parentSpanId, parent.spanContext().spanId);
    assert.equal(byName['chat m'].kind, 'CLIENT');
    assert.equal(byName.invoke_agent.parentSpanId, undefined);
    assert.deepEqual(byName.invoke_agent.attributes, {'gen_ai.operation.name': 'invoke_agent', count: 3, ok: true});
    assert.equal(byName.invoke_agent.resource['service.name'], 'receiver-test');
    assert.ok(byName.invoke_agent.endMs >= byName.invoke_agent.startMs);
    const raw = await (await fetch(`${receiver.url}/received/raw`)).text();
    assert.ok(raw.includes(traceId));
  });

  it('answers a dead collector\'s status on /status/{code}, keeping nothing, and a slow one\'s on /delay/{ms}', async () => {
    const dead = await fetch(`${receiver.url}/status/503/v1/traces`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{"resourceSpans":[]}'});
    assert.equal(dead.status, 503);
    const {provider, tracer} = tracerTo('/delay/50/v1/traces');
    const span = tracer.startSpan('slow');
    span.end();
    await provider.forceFlush();
    assert.equal((await received(`traceId=${span.spanContext().traceId}&min=1`)).length, 1);
    const protobuf = await fetch(`${receiver.url}/v1/traces`, {method: 'POST', headers: {'content-type': 'application/x-protobuf'}, body: new Uint8Array([1, 2])});
    assert.equal(protobuf.status, 415);
  });
});
