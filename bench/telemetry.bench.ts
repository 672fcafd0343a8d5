/**
 * Benchmark: what tracing costs the core (issue 48). The loop of benchmark 3 (10 layers, 300
 * tools, an instant scripted model, tools answering ~2 kB at once) run with tracing off (NO_TRACE,
 * the default) and on (the real OpenTelemetry SDK: our adapter, a batch processor, an exporter that
 * drops what it gets, so no network is measured), per iteration and per dispatched call. Printed as
 * ratios on / off; off is the code path every page without `telemetry` runs.
 */
import {runAgentLoop} from '../src/agent/agent-loop.js';
import {Dispatcher} from '../src/agent/dispatcher.js';
import {ResultBuffer} from '../src/agent/result-buffer.js';
import {ToolCatalog} from '../src/agent/tool-catalog.js';
import type {LanguageModel, ModelRequest, ModelStreamPart} from '../src/providers/language-model.js';
import type {McpLayer} from '../src/agent/types.js';
import {NO_TRACE, type TraceSpan} from '../src/telemetry/agent-tracer.js';
import {createOtelTracer} from '../src/telemetry/otel-tracer.js';
import {BatchSpanProcessor, TracerProvider, type SpanExporter} from '@opentelemetry/sdk-trace';
import {serversOfSize} from './fixtures/large-servers.js';
import {median, spread, type BenchResult} from './stats.js';

const ITERATIONS = 10;
const RUNS = 30;
const CALLS = 2000;
const payload = JSON.stringify(Array.from({length: 20}, (_, i) => ({id: i, name: `item ${i}`, value: i * 1.5, tags: ['a', 'b']})));

/** An exporter that drops every span at once: the cost measured is ours and the SDK's, not a network's. */
const dropping: SpanExporter = {export: (_spans, done) => done({code: 0}), shutdown: async () => undefined};

function tracedRoot(): {root: () => TraceSpan; close(): Promise<void>} {
  const provider = new TracerProvider({spanProcessors: [new BatchSpanProcessor({exporter: dropping, maxQueueSize: 4096, maxExportBatchSize: 512})]});
  const tracer = createOtelTracer(provider, {content: false});
  return {root: () => tracer.startQuestion('invoke_agent bench'), close: () => provider.shutdown()};
}

function instantModel(toolNames: string[]): LanguageModel {
  let turn = 0;
  return {
    provider: 'bench',
    modelId: 'instant',
    async *stream(_request: ModelRequest): AsyncIterable<ModelStreamPart> {
      const name = toolNames[turn % toolNames.length];
      turn++;
      yield {type: 'tool-call', id: `toolu_${turn}`, name, input: {query: `q${turn}`}};
      yield {type: 'finish', reason: 'tool-calls', usage: {inputTokens: 0, outputTokens: 0}};
    },
  };
}

/** Ms per iteration of one loop run, with `root` giving its question span. */
async function loopTime(layers: McpLayer[], names: string[], root: () => TraceSpan): Promise<number> {
  const span = root();
  const started = performance.now();
  await runAgentLoop('bench', {provider: instantModel(names), layers, maxIterations: ITERATIONS, lang: 'en', eagerTools: true, trace: span});
  span.end();
  return (performance.now() - started) / ITERATIONS;
}

/** Ms per dispatched call (routing, execute, result handling) of one batch under `root`. */
async function dispatchTime(layers: McpLayer[], name: string, root: () => TraceSpan): Promise<number> {
  const dispatcher = new Dispatcher({catalog: new ToolCatalog(layers), buffer: new ResultBuffer(), signal: new AbortController().signal});
  const span = root();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await dispatcher.dispatch({type: 'tool-call', id: `c${i}`, name, input: {query: `q${i % 7}-${i}`}}, 1, span);
  span.end();
  return (performance.now() - started) / CALLS;
}

/** `measure` off and on in turn, `rounds` times each (the first `warm-up` of each dropped), so both meet the same machine. */
async function inTurn(rounds: number, warmUp: number, measure: (root: () => TraceSpan) => Promise<number>, on: () => TraceSpan): Promise<{off: number[]; on: number[]}> {
  const times = {off: [] as number[], on: [] as number[]};
  for (let round = 0; round < rounds; round++) {
    times.off.push(await measure(() => NO_TRACE));
    times.on.push(await measure(on));
  }
  return {off: times.off.slice(warmUp), on: times.on.slice(warmUp)};
}

/** Runs the benchmark. */
export async function telemetryOverhead(): Promise<BenchResult> {
  const layers = serversOfSize(10, 30).map((layer) => ({...layer, execute: async () => ({text: payload})}));
  const names = layers.map((_, i) => new ToolCatalog(layers).servers[i].entries[0].name);
  const traced = tracedRoot();
  try {
    const {off: loopOff, on: loopOn} = await inTurn(RUNS, 5, (root) => loopTime(layers, names, root), traced.root);
    const {off: dispatchOff, on: dispatchOn} = await inTurn(10, 2, (root) => dispatchTime(layers, names[0], root), traced.root);
    const loopRatio = median(loopOn) / median(loopOff);
    const dispatchRatio = median(dispatchOn) / median(dispatchOff);
    return {
      name: 'Tracing overhead (10 layers, 300 tools, instant model and tools)',
      comparison: 'loop iteration and dispatched call with tracing on (OpenTelemetry SDK, batch processor, dropping exporter) vs off',
      rows: [
        {what: 'loop per iteration, off (median, ms)', value: Number(median(loopOff).toFixed(3)), 'p25–p75': spread(loopOff)},
        {what: 'loop per iteration, on (median, ms)', value: Number(median(loopOn).toFixed(3)), 'p25–p75': spread(loopOn)},
        {what: 'dispatch per call, off (median, µs)', value: Number((median(dispatchOff) * 1000).toFixed(1)), 'p25–p75': spread(dispatchOff.map((t) => t * 1000))},
        {what: 'dispatch per call, on (median, µs)', value: Number((median(dispatchOn) * 1000).toFixed(1)), 'p25–p75': spread(dispatchOn.map((t) => t * 1000))},
        {what: 'ratio on / off: loop', value: Number(loopRatio.toFixed(2))},
        {what: 'ratio on / off: dispatch', value: Number(dispatchRatio.toFixed(2))},
      ],
      ratio: Number(loopRatio.toFixed(2)),
      summary: `tracing on costs ×${loopRatio.toFixed(2)} per loop iteration and ×${dispatchRatio.toFixed(2)} per dispatched call (off is the default path)`,
    };
  } finally {
    await traced.close();
  }
}
