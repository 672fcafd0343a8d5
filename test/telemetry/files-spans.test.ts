/**
 * `load_file` spans from the real element: a person attaches a file, the real files engine reads it
 * in its Worker, and the page's own OpenTelemetry SDK (a real `TracerProvider` with an in-memory
 * exporter, given as `tracerProvider`) receives the span. Before any question it is a trace of its
 * own; during one, a child of the question. Its name only with `telemetry-content`; a refusal marks
 * it with its code. Tiny CSV files made here; the scripted fake LLM over HTTP.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan} from '@opentelemetry/sdk-trace';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {AutouiError} from '../../src/errors.js';
import {createScenario, mountAgent} from '../element/harness.js';
import {tracingLoaded} from './tracing-loaded.js';

/** `SpanStatusCode.ERROR` of @opentelemetry/api. */
const ERROR = 2;
const csv = (name = 'visits.csv') => new File(['city,visits\nLyon,12\nNantes,30\nLille,5\n'], name, {type: 'text/csv'});

/** A page's own provider, exporting to memory as each span ends. */
function memoryProvider() {
  const exporter = new InMemorySpanExporter();
  return {exporter, provider: new TracerProvider({spanProcessors: [new SimpleSpanProcessor({exporter})]})};
}

/** An element traced through `provider` (none: tracing off). */
async function fileAgent(attributes: Record<string, string | boolean>, provider?: TracerProvider, scenario?: Awaited<ReturnType<typeof createScenario>>): Promise<AutouiAgent> {
  const agent = await mountAgent(scenario, {attributes: {lang: 'en', ...attributes}});
  if (provider) agent.tracerProvider = provider;
  return agent;
}

const loads = (exporter: InMemorySpanExporter) => exporter.getFinishedSpans().filter((s) => s.name === 'load_file');
const codeOf = (error: unknown) => (AutouiError.isInstance(error) ? error.code : String(error));
const failure = (span: ReadableSpan | undefined) => [span?.status.code === ERROR, span?.attributes['error.type']];

describe('telemetry: load_file spans', function () {
  this.timeout(60_000);
  // The page's resource list holds 250 entries by default, which its modules fill: room for the chunks looked for.
  before(() => performance.setResourceTimingBufferSize(100_000));

  // First in the file: the page has loaded no tracing code of the element yet.
  it('with tracing off, attaches the file and loads no tracing code', async () => {
    const agent = await fileAgent({});
    expect(await agent.attach(csv())).to.include({rows: 3});
    expect(tracingLoaded()).to.deep.equal([]);
    expect(agent.session.lastTrace).to.deep.equal([]);
    agent.remove();
  });

  it('a file attached before any question is a trace of its own: kind, size, rows, engine, and no name without telemetry-content', async () => {
    const {exporter, provider} = memoryProvider();
    const agent = await fileAgent({}, provider);
    const file = csv();
    await agent.attach(file);
    await provider.forceFlush();
    const [span, ...more] = loads(exporter);
    expect(more, 'one span').to.deep.equal([]);
    expect(span!.parentSpanContext, 'a root').to.equal(undefined);
    expect(span!.attributes).to.deep.equal({'autoui.file.kind': 'csv', 'file.size': file.size, 'autoui.files.engine': 'sqlite', 'autoui.file.rows': 3});
    expect(failure(span)).to.deep.equal([false, undefined]);
    expect(agent.session.lastTrace, 'not a question: the console leaves it out').to.deep.equal([]);
    expect(tracingLoaded(), 'the check of the test above sees the tracing chunk when it loads').to.not.deep.equal([]);
    await provider.shutdown();
    agent.remove();
  });

  it('names the engine that read the file: duckdb when the page opts in', async function () {
    this.timeout(300_000);
    const {exporter, provider} = memoryProvider();
    const agent = await fileAgent({'files-engine': 'duckdb', 'files-engine-bundles': '/node_modules/@duckdb/duckdb-wasm/dist/'}, provider);
    await agent.attach(csv());
    await provider.forceFlush();
    expect(loads(exporter).map((s) => [s.attributes['autoui.files.engine'], s.attributes['autoui.file.rows']])).to.deep.equal([['duckdb', 3]]);
    await provider.shutdown();
    agent.remove();
  });

  it('with telemetry-content the span names the file', async () => {
    const {exporter, provider} = memoryProvider();
    const agent = await fileAgent({'telemetry-content': true}, provider);
    await agent.attach(csv('named.csv'));
    await provider.forceFlush();
    expect(loads(exporter).map((s) => s.attributes['file.name'])).to.deep.equal(['named.csv']);
    await provider.shutdown();
    agent.remove();
  });

  it('a refused file (a kind not taken, too big) is a failed load_file span with FILE_REFUSED', async () => {
    const {exporter, provider} = memoryProvider();
    const kinds = await fileAgent({files: 'json'}, provider);
    expect(codeOf(await kinds.attach(csv()).catch((e: unknown) => e))).to.equal('FILE_REFUSED');
    const small = await fileAgent({'files-max-bytes': '10'}, provider);
    expect(codeOf(await small.attach(csv()).catch((e: unknown) => e))).to.equal('FILE_REFUSED');
    await provider.forceFlush();
    const spans = loads(exporter);
    expect(spans.map(failure)).to.deep.equal([
      [true, 'FILE_REFUSED'],
      [true, 'FILE_REFUSED'],
    ]);
    expect(spans.map((s) => s.attributes['autoui.file.rows']), 'nothing was read').to.deep.equal([undefined, undefined]);
    await provider.shutdown();
    kinds.remove();
    small.remove();
  });

  it('a file attached while a question is answered is a child of its invoke_agent span', async () => {
    const {exporter, provider} = memoryProvider();
    // A slow answer: the file comes while the model writes it.
    const scenario = await createScenario([{text: 'A slow answer, written word by word for a while.', chunkDelayMs: 150}], 'load_file during a question');
    const agent = await fileAgent({}, provider, scenario);
    const asked = agent.ask('Anything?');
    await waitUntil(async () => (await scenario.requests()).length === 1, 'the model was never asked', {timeout: 30_000});
    await agent.attach(csv());
    expect((await asked).stopReason).to.equal('end_turn');
    await provider.forceFlush();
    const root = exporter.getFinishedSpans().find((s) => s.name === 'invoke_agent autoui-agent')!;
    const [span] = loads(exporter);
    expect(span?.parentSpanContext?.spanId).to.equal(root.spanContext().spanId);
    expect(span!.attributes['autoui.file.rows']).to.equal(3);
    await provider.shutdown();
    agent.remove();
  });
});
