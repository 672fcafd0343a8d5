/**
 * Benchmark 3, loop CPU: the core's own cost per iteration (tool lists, prompt, routing, result
 * handling, compression) with 10 layers and 300 tools, against `JSON.stringify` of the same
 * request body, which any provider must pay anyway. The model is an in-process script that
 * answers instantly with one tool call per turn; tools answer instantly with ~2 kB of JSON.
 */
import {runAgentLoop} from '../src/agent/agent-loop.js';
import {ToolCatalog} from '../src/agent/tool-catalog.js';
import type {LanguageModel, ModelRequest, ModelStreamPart} from '../src/providers/language-model.js';
import type {McpLayer} from '../src/agent/types.js';
import {serversOfSize} from './fixtures/large-servers.js';
import {median, spread, type BenchResult} from './stats.js';

const ITERATIONS = 10;
const RUNS = 30;
const payload = JSON.stringify(Array.from({length: 20}, (_, i) => ({id: i, name: `item ${i}`, value: i * 1.5, tags: ['a', 'b']})));

function layers(): McpLayer[] {
  return serversOfSize(10, 30).map((layer) => ({...layer, execute: async () => ({text: payload})}));
}

/** A model that calls a different tool every turn, and records request bodies to stringify later. */
function instantModel(toolNames: string[], bodies: ModelRequest[]): LanguageModel {
  let turn = 0;
  return {
    provider: 'bench',
    modelId: 'instant',
    async *stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
      bodies.push(request);
      const name = toolNames[turn % toolNames.length];
      turn++;
      yield {type: 'tool-call', id: `toolu_${turn}`, name, input: {query: `q${turn}`}};
      yield {type: 'finish', reason: 'tool-calls', usage: {inputTokens: 0, outputTokens: 0}};
    },
  };
}

/** Runs the benchmark. */
export async function loopCpu(): Promise<BenchResult> {
  const base = layers();
  // One tool of each server, so every turn routes to another layer.
  const names = base.map((_, i) => new ToolCatalog(base).servers[i].entries[0].name);
  const loopTimes: number[] = [];
  const stringifyTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const bodies: ModelRequest[] = [];
    const started = performance.now();
    await runAgentLoop('bench', {provider: instantModel(names, bodies), layers: base, maxIterations: ITERATIONS, lang: 'en', eagerTools: true});
    loopTimes.push((performance.now() - started) / ITERATIONS);
    const s = performance.now();
    for (const body of bodies) JSON.stringify({model: 'm', max_tokens: 4096, stream: true, system: body.system, messages: body.messages, tools: body.tools});
    stringifyTimes.push((performance.now() - s) / bodies.length);
  }
  const ours = median(loopTimes.slice(5));
  const baseline = median(stringifyTimes.slice(5));
  const ratio = ours / baseline;
  return {
    name: '3. loop CPU per iteration (10 layers, 300 tools, eager)',
    comparison: 'core work per iteration vs JSON.stringify of the request body',
    rows: [
      {what: 'agent core per iteration (median, ms)', value: Number(ours.toFixed(3)), 'p25–p75': spread(loopTimes.slice(5))},
      {what: 'JSON.stringify of the request (median, ms)', value: Number(baseline.toFixed(3)), 'p25–p75': spread(stringifyTimes.slice(5))},
    ],
    ratio: Number(ratio.toFixed(2)),
    target: '≤ 2',
    met: ratio <= 2,
    summary: `${ours.toFixed(3)} ms per iteration vs ${baseline.toFixed(3)} ms to stringify the request (×${ratio.toFixed(2)})`,
  };
}
