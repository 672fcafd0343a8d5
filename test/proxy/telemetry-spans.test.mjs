/**
 * The proxy's span per upstream call, with the real OpenTelemetry Node SDK as a site would plug it
 * in (`telemetry.tracerProvider`): it joins the browser's trace through the request's
 * `traceparent`, carries the GenAI attributes (model, tokens, finish reason, status, error type),
 * and never the question, the answer, a key or the visitor, in any byte exported. Without a
 * tracer provider the proxy makes no span at all, not even through a global one.
 */
import assert from 'node:assert/strict';
import {after, describe, it} from 'node:test';
import {trace} from '@opentelemetry/api';
import {OTLPTraceExporter} from '@opentelemetry/exporter-trace-otlp-http';
import {InMemorySpanExporter, SimpleSpanProcessor, TracerProvider} from '@opentelemetry/sdk-trace';
import {start as startReceiver} from '../servers/otlp-receiver.mjs';
import {fakeLlm, KEY, messagesBody, post, proxyModule, scenario, serveProxy} from './proxy-harness.mjs';

const receiver = await startReceiver();
after(() => receiver.close());

const randomHex = (digits) => crypto.randomUUID().replaceAll('-', '').slice(0, digits);
const PAGE = {origin: 'http://localhost:5173'};

/** A Node SDK tracer provider exporting both to memory (to assert on) and over OTLP/HTTP to the receiver (to read the bytes). */
function sdkProvider() {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({exporter: memory}), new SimpleSpanProcessor({exporter: new OTLPTraceExporter({url: `${receiver.url}/v1/traces`})})],
  });
  after(() => provider.shutdown());
  return {provider, memory};
}

/** The finished spans of `traceId` in `memory`. */
const spansOf = (memory, traceId) => memory.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

describe('proxy spans', () => {
  it('makes a CLIENT span `chat {model}` per upstream call, a child of the browser span named by traceparent', async () => {
    const {provider, memory} = sdkProvider();
    const s = scenario([{text: 'Forty-two.', usage: {input: 321, output: 45}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, telemetry: {tracerProvider: provider}});
    const traceId = randomHex(32);
    const browserSpan = randomHex(16);
    const answer = await post(`${proxy.url}/v1/messages`, messagesBody({model: 'claude-test', maxTokens: 300}), {...PAGE, traceparent: `00-${traceId}-${browserSpan}-01`, tracestate: 'autoui=1'});
    assert.equal(answer.status, 200);
    await answer.text();
    const [span, ...more] = spansOf(memory, traceId);
    assert.equal(more.length, 0);
    assert.equal(span.name, 'chat claude-test');
    assert.equal(span.kind, 2); // CLIENT
    assert.equal(span.parentSpanContext?.spanId, browserSpan);
    assert.equal(span.spanContext().traceState?.get('autoui'), '1');
    assert.equal(span.status.code, 0);
    const a = span.attributes;
    assert.equal(a['gen_ai.operation.name'], 'chat');
    assert.equal(a['gen_ai.provider.name'], 'anthropic');
    assert.equal(a['gen_ai.request.model'], 'claude-test');
    assert.equal(a['gen_ai.request.max_tokens'], 300);
    assert.equal(a['gen_ai.usage.input_tokens'], 321);
    assert.equal(a['gen_ai.usage.output_tokens'], 45);
    assert.deepEqual(a['gen_ai.response.finish_reasons'], ['end_turn']);
    assert.match(String(a['gen_ai.response.id']), /^msg_/);
    assert.equal(a['http.response.status_code'], 200);
    assert.equal(typeof a['gen_ai.response.time_to_first_chunk'], 'number');
    assert.equal(a['server.address'], '127.0.0.1');
    assert.equal(a['error.type'], undefined);
    // The upstream is told the proxy's span, so a traced upstream joins the trace too.
    assert.equal(fakeLlm.requests(s.id)[0].headers.traceparent, `00-${traceId}-${span.spanContext().spanId}-01`);
    // The same span reached the collector over OTLP, in the browser's trace.
    const {spans} = await (await fetch(`${receiver.url}/received?traceId=${traceId}&min=1`)).json();
    assert.deepEqual(spans.map((r) => [r.name, r.kind, r.parentSpanId]), [['chat claude-test', 'CLIENT', browserSpan]]);
  });

  it('names the OpenAI-compatible route\'s calls the same way, with the usage the proxy asked for', async () => {
    const {provider, memory} = sdkProvider();
    const s = scenario([{text: 'ok', usage: {input: 12, output: 3}}]);
    const proxy = await serveProxy({openai: {apiKey: KEY, baseUrl: `${s.base}/v1`}, telemetry: {tracerProvider: provider}});
    const traceId = randomHex(32);
    const answer = await post(`${proxy.url}/v1/chat/completions`, {model: 'gpt-test', stream: true, messages: [{role: 'user', content: 'hi'}]}, {...PAGE, traceparent: `00-${traceId}-${randomHex(16)}-01`});
    await answer.text();
    const [span] = spansOf(memory, traceId);
    assert.equal(span.name, 'chat gpt-test');
    assert.equal(span.attributes['gen_ai.provider.name'], 'openai');
    assert.equal(span.attributes['gen_ai.usage.input_tokens'], 12);
    assert.equal(span.attributes['gen_ai.usage.output_tokens'], 3);
    assert.deepEqual(span.attributes['gen_ai.response.finish_reasons'], ['stop']);
  });

  it('marks a failed call with error.type and an error status; without traceparent it starts a trace of its own', async () => {
    const {provider, memory} = sdkProvider();
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: 'http://127.0.0.1:9'}, telemetry: {tracerProvider: provider}});
    const answer = await post(`${proxy.url}/v1/messages`, messagesBody({model: 'claude-down'}), PAGE);
    assert.equal(answer.status, 502);
    await answer.text();
    const span = memory.getFinishedSpans().find((s) => s.name === 'chat claude-down');
    assert.ok(span, 'no span for the failed call');
    assert.equal(span.attributes['error.type'], 'upstream_unreachable');
    assert.equal(span.status.code, 2);
    assert.equal(span.parentSpanContext, undefined);
  });

  it('makes no span without a tracer provider, not even through a global one', async () => {
    const memory = new InMemorySpanExporter();
    const global = new TracerProvider({spanProcessors: [new SimpleSpanProcessor({exporter: memory})]});
    trace.setGlobalTracerProvider(global);
    after(() => trace.disable());
    const s = scenario([{text: 'untraced'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const answer = await post(`${proxy.url}/v1/messages`, messagesBody(), {...PAGE, traceparent: `00-${randomHex(32)}-${randomHex(16)}-01`});
    assert.equal(answer.status, 200);
    await answer.text();
    assert.equal(memory.getFinishedSpans().length, 0);
    // The page's trace context is not passed upstream either.
    assert.equal(fakeLlm.requests(s.id)[0].headers.traceparent, undefined);
  });

  it('exports no byte of the question, the answer, the key or the visitor', async () => {
    const {provider} = sdkProvider();
    const question = `QUESTION-MARKER-${randomHex(8)}`;
    const reply = `ANSWER-MARKER-${randomHex(8)}`;
    const subject = `visitor-subject-${randomHex(8)}`;
    const secret = 'visitor-secret-of-the-site-0123456789abcdef';
    const s = scenario([{text: reply}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, visitorTokens: {secret, audience: 'https://shop.example'}, telemetry: {tracerProvider: provider}});
    const token = await proxyModule.createVisitorToken({secret, subject, audience: 'https://shop.example'});
    const traceId = randomHex(32);
    const answer = await post(`${proxy.url}/v1/messages`, messagesBody({text: question}), {...PAGE, 'x-autoui-visitor': token, traceparent: `00-${traceId}-${randomHex(16)}-01`});
    assert.ok((await answer.text()).includes(reply));
    await fetch(`${receiver.url}/received?traceId=${traceId}&min=1`);
    const raw = Buffer.from(await (await fetch(`${receiver.url}/received/raw`)).arrayBuffer()).toString('utf8');
    assert.ok(raw.includes(traceId), 'the span was not exported');
    for (const secretText of [question, reply, KEY, subject, token, secret]) assert.ok(!raw.includes(secretText), `${secretText.slice(0, 20)} was exported`);
  });
});
