/**
 * `validate_widget {type}` spans from the real element: the scripted model on the fake LLM server
 * shows and changes widgets, the page's own OpenTelemetry SDK (a real `TracerProvider` with an
 * in-memory exporter, given as `tracerProvider`) receives the spans. Each check of a widget's
 * params is a child of its call's `execute_tool` span, failed with the code when they are refused.
 */
import {expect} from '@open-wc/testing';
import {InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan} from '@opentelemetry/sdk-trace';
import {createScenario, engineLoaded, mountAgent, widgetsRendered, type Turn} from '../element/harness.js';
import {tracingLoaded} from './tracing-loaded.js';

const DISPLAY = 'autoui_webmcp_widget_display';
const CANVAS = 'autoui_webmcp_canvas';
/** `SpanStatusCode.ERROR` of @opentelemetry/api. */
const ERROR = 2;

/** An element answering from `turns`, traced through a page's own provider unless `traced` is false. */
async function widgetAgent(turns: Turn[], traced = true) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({spanProcessors: [new SimpleSpanProcessor({exporter})]});
  const agent = await mountAgent(await createScenario(turns, 'widget spans'), {attributes: {lang: 'en', 'eager-tools': true}});
  if (traced) agent.tracerProvider = provider;
  await engineLoaded(agent);
  return {agent, exporter, provider};
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const byName = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);

describe('telemetry: validate_widget spans', function () {
  this.timeout(60_000);
  // The page's resource list holds 250 entries by default, which its modules fill: room for the chunks looked for.
  before(() => performance.setResourceTimingBufferSize(100_000));

  // First in the file: the page has loaded no tracing code of the element yet.
  it('with tracing off, shows the widget and loads no tracing code', async () => {
    const {agent} = await widgetAgent([{toolCalls: [{name: DISPLAY, input: {name: 'stat', params: {label: 'Rainy days', value: 12}}}]}, {text: 'Shown.'}], false);
    const result = await agent.ask('How many rainy days?');
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['stat']);
    expect(tracingLoaded()).to.deep.equal([]);
    expect(agent.session.lastTrace).to.deep.equal([]);
    agent.remove();
  });

  it('widget_display: a validate_widget child of execute_tool per call, failed with INVALID_WIDGET_PROPS when the params are refused', async () => {
    const valid = {name: DISPLAY, input: {name: 'stat', params: {label: 'Rainy days', value: 12}}};
    // `value` is required: refused, and said so to the model.
    const invalid = {name: DISPLAY, input: {name: 'stat', params: {label: 'No value'}}};
    const {agent, exporter, provider} = await widgetAgent([{toolCalls: [valid]}, {toolCalls: [invalid]}, {text: 'Shown.'}]);
    const result = await agent.ask('How many rainy days?');
    expect(result.toolCalls.map((c) => Boolean(c.error))).to.deep.equal([false, true]);
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    const executes = byName(spans, `execute_tool ${DISPLAY}`);
    const checks = byName(spans, 'validate_widget stat');
    expect(executes, JSON.stringify(spans.map((s) => s.name))).to.have.length(2);
    expect(checks.map(parentOf)).to.deep.equal(executes.map((s) => s.spanContext().spanId));
    expect(checks.map((s) => s.attributes['autoui.widget.type'])).to.deep.equal(['stat', 'stat']);
    expect(checks.map((s) => [s.status.code === ERROR, s.attributes['error.type']])).to.deep.equal([
      [false, undefined],
      [true, 'INVALID_WIDGET_PROPS'],
    ]);
    expect(executes[1]!.status.code, 'the call failed too').to.equal(ERROR);
    expect(tracingLoaded(), 'the check of the test above sees the tracing chunk when it loads').to.not.deep.equal([]);
    await provider.shutdown();
    agent.remove();
  });

  it("canvas update: the merged params' check is a validate_widget span of the call, failed when refused", async () => {
    const {agent, exporter, provider} = await widgetAgent([{toolCalls: [{name: DISPLAY, input: {name: 'stat', params: {label: 'Rainy days', value: 12}}}]}, {text: 'Shown.'}]);
    await agent.ask('How many rainy days?');
    await widgetsRendered(agent);
    const id = agent.session.widgets.list()[0]!.id;
    // The next question's answers, from a scenario that knows the widget's id.
    const next = await createScenario([{toolCalls: [{name: CANVAS, input: {action: 'update', id, params: {value: {not: 'a value'}}}}]}, {toolCalls: [{name: CANVAS, input: {action: 'update', id, params: {value: 14}}}]}, {text: 'Updated.'}], 'widget spans, update');
    agent.setAttribute('endpoint', next.base);
    const result = await agent.ask('Make it 14');
    expect(result.toolCalls.map((c) => Boolean(c.error))).to.deep.equal([true, false]);
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    const executes = byName(spans, `execute_tool ${CANVAS}`);
    const checks = byName(spans, 'validate_widget stat').slice(1);
    expect(checks.map(parentOf)).to.deep.equal(executes.map((s) => s.spanContext().spanId));
    expect(checks.map((s) => s.attributes['error.type'])).to.deep.equal(['INVALID_WIDGET_PROPS', undefined]);
    await provider.shutdown();
    agent.remove();
  });
});
