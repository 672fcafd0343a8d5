/**
 * The one list of attributes the element emits (the README's table comes from it): every name not
 * our own (`autoui.`) is a name of the OpenTelemetry semantic conventions of the version we state,
 * content attributes are exactly those that carry what people and servers wrote, and the adapter
 * drops any name outside the list, and content names without `telemetry-content`, with the real SDK.
 */
import {expect} from '@open-wc/testing';
import * as semconv from '@opentelemetry/semantic-conventions/incubating';
import {BatchSpanProcessor, InMemorySpanExporter, TracerProvider} from '@opentelemetry/sdk-trace';
import {createOtelTracer} from '../../src/telemetry/otel-tracer.js';
import {SEMCONV_VERSION, TELEMETRY_ATTRIBUTES} from '../../src/telemetry/telemetry-attributes.js';

describe('telemetry: the attributes emitted', () => {
  it('are names of the semantic conventions we state, or our own under autoui.', () => {
    const known = new Set(Object.entries(semconv).filter(([key]) => key.startsWith('ATTR_')).map(([, value]) => value as string));
    const unknown = TELEMETRY_ATTRIBUTES.map((a) => a.name).filter((name) => !name.startsWith('autoui.') && !known.has(name));
    expect(unknown, `not in @opentelemetry/semantic-conventions ${SEMCONV_VERSION}`).to.deep.equal([]);
    expect(TELEMETRY_ATTRIBUTES.filter((a) => a.content).map((a) => a.name).sort()).to.deep.equal(['file.name', 'gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result', 'mcp.resource.uri', 'mcp.session.id']);
  });

  it('are the only ones a span keeps; content ones only with content allowed', async () => {
    for (const content of [false, true]) {
      const exporter = new InMemorySpanExporter();
      const provider = new TracerProvider({spanProcessors: [new BatchSpanProcessor({exporter})]});
      const root = createOtelTracer(provider, {content}).startQuestion('invoke_agent test', {'gen_ai.operation.name': 'invoke_agent', 'gen_ai.input.messages': 'the question', 'api.key': 'sk-secret'});
      const child = root.child('execute_tool t', {attributes: {'gen_ai.tool.call.arguments': '{"a":1}', 'visitor.token': 'v-secret'}});
      child.end();
      root.end();
      await provider.forceFlush();
      const spans = exporter.getFinishedSpans();
      const all = Object.assign({}, ...spans.map((s) => s.attributes)) as Record<string, unknown>;
      expect(Object.keys(all).sort()).to.deep.equal(content ? ['gen_ai.input.messages', 'gen_ai.operation.name', 'gen_ai.tool.call.arguments'] : ['gen_ai.operation.name']);
      expect(spans.find((s) => s.name === 'execute_tool t')?.parentSpanContext?.spanId).to.equal(spans.find((s) => s.name === 'invoke_agent test')?.spanContext().spanId);
      await provider.shutdown();
    }
  });
});
