/**
 * Benchmark 2, token economy: tokens of the tool definitions and system prompt in the first LLM
 * request, lazy discovery vs `eager-tools`, for growing tool sets. Counted with js-tiktoken's
 * `o200k_base` (the GPT-4o family's BPE; Anthropic publishes no tokenizer, and its counts run
 * close for English and JSON).
 */
import {getEncoding} from 'js-tiktoken';
import {ToolCatalog} from '../src/agent/tool-catalog.js';
import {buildDiscoveryTools, firstRequestTools} from '../src/agent/discovery.js';
import {buildSystemPrompt} from '../src/agent/system-prompt.js';
import type {ToolLayer} from '../src/agent/types.js';
import {largeServers} from './fixtures/large-servers.js';
import type {BenchResult} from './stats.js';
import {constrainedMessages} from '../src/providers/constrained/constrained-messages.js';
import {SMALL_MODEL} from '../src/agent/small-model.js';

const encoding = getEncoding('o200k_base');
const tokens = (text: string) => encoding.encode(text).length;

/** Tokens of the first request's system prompt plus tools, in one mode. */
export function firstRequestTokens(layers: readonly ToolLayer[], eager: boolean): {prompt: number; tools: number; total: number; toolCount: number} {
  const catalog = new ToolCatalog(layers);
  const tools = firstRequestTools(catalog, {eagerTools: eager});
  const prompt = tokens(buildSystemPrompt(catalog, {lang: 'en', eagerTools: eager}));
  const toolTokens = tokens(JSON.stringify(tools));
  return {prompt, tools: toolTokens, total: prompt + toolTokens, toolCount: tools.length};
}

/** The five lazy-mode tool definitions that cost the most tokens, as `name (n)`. */
function largestTools(layers: readonly ToolLayer[]): string[] {
  return buildDiscoveryTools(new ToolCatalog(layers))
    .map((t) => ({name: t.name, n: tokens(JSON.stringify(t))}))
    .sort((a, b) => b.n - a.n)
    .slice(0, 5)
    .map((t) => `${t.name} (${t.n})`);
}

/**
 * Runs the curve. `realLayers` are the live layers (the autoui layer, the demo servers,
 * server-everything) the generated servers are added to.
 */
export function tokenEconomy(realLayers: readonly ToolLayer[], label: string): BenchResult {
  const realTools = realLayers.reduce((n, l) => n + l.tools.length, 0);
  const steps: Array<{label: string; layers: readonly ToolLayer[]}> = [{label, layers: realLayers}];
  for (const total of [50, 100, 200, 400]) {
    const extra = Math.max(0, total - realTools);
    steps.push({label: `${label} + generated`, layers: [...realLayers, ...largeServers(extra)]});
  }
  const rows = steps.map(({label: l, layers}) => {
    const lazy = firstRequestTokens(layers, false);
    const eager = firstRequestTokens(layers, true);
    const toolCount = layers.reduce((n, layer) => n + layer.tools.length, 0);
    return {
      set: l,
      servers: layers.length,
      tools: toolCount,
      'lazy tokens': lazy.total,
      'eager tokens': eager.total,
      'lazy/eager': Number((lazy.total / eager.total).toFixed(3)),
      'lazy tools sent': lazy.toolCount,
    };
  });
  const at200 = rows.find((r) => (r.tools as number) >= 200) ?? rows[rows.length - 1];
  const at200Layers = steps[rows.indexOf(at200)].layers;
  const lazy200 = firstRequestTokens(at200Layers, false);
  const ratio = at200['lazy/eager'] as number;
  const [first, last] = [rows[1], rows.at(-1)!];
  const perServer = Math.round((last['lazy tokens'] - first['lazy tokens']) / (last.servers - first.servers));
  const eagerPerTool = Math.round((last['eager tokens'] - first['eager tokens']) / (last.tools - first.tools));
  return {
    name: '2. token economy (first request: system prompt + tools)',
    comparison: 'lazy discovery vs eager-tools, o200k_base tokens',
    rows,
    ratio,
    target: '≤ 0.10 at 200 tools in ≥ 5 servers, and the lazy request ≤ 2,500 tokens',
    met: ratio <= 0.1 && (at200.servers as number) >= 5 && (at200['lazy tokens'] as number) <= 2500,
    summary: `${at200.tools} tools in ${at200.servers} servers: lazy ${at200['lazy tokens']} vs eager ${at200['eager tokens']} tokens (×${ratio}); ${rows.at(-1)!.tools} tools: ×${rows.at(-1)!['lazy/eager']}`,
    notes: [
      `at ${at200.tools} tools in ${at200.servers} servers: ${at200['lazy tokens']} vs ${at200['eager tokens']} tokens; lazy = system prompt ${lazy200.prompt} + tools ${lazy200.tools}; the lazy request itself: ${at200['lazy tokens'] as number <= 2500 ? 'within' : 'OVER'} 2,500 tokens.`,
      `growth from ${first.servers} to ${last.servers} servers (${first.tools} to ${last.tools} tools): lazy +${perServer} tokens per server (its prompt section and its name in step 1c; more tools on a server add nothing, which test/agent/discovery.test.ts checks); eager +${eagerPerTool} per tool. Token counts are exact (no timing), so there is no spread to report.`,
      `largest tool definitions sent in lazy mode: ${largestTools(at200Layers).join(', ')}`,
    ],
  };
}

/**
 * Benchmark 2b, a small model's first request: what the browser's own model or a local GGUF model
 * reads before its first word with the demo servers (constrained turns: the system prompt, then one
 * line per offered tool, whose schema the grammar holds instead of the prompt), against a large
 * model's first request on the same servers (system prompt + tool definitions), in the same run.
 */
export function smallModelRequest(realLayers: readonly ToolLayer[], label: string): BenchResult {
  const large = firstRequestTokens(realLayers, false);
  const catalog = new ToolCatalog(realLayers, {flatten: SMALL_MODEL.flatten, strict: SMALL_MODEL.strictSchemas});
  const tools = firstRequestTools(catalog);
  const system = buildSystemPrompt(catalog, {lang: 'en'});
  const [prompt] = constrainedMessages({system, messages: [], tools});
  const small = tokens(prompt!.content);
  const promptOnly = tokens(system);
  const ratio = Number((small / large.total).toFixed(3));
  return {
    name: '2b. a small model\'s first request (browser, local)',
    comparison: 'small-model request vs a large model\'s first request, o200k_base tokens',
    rows: [
      {request: `large model, ${label}`, tokens: large.total, 'tools sent': large.toolCount},
      {request: `small model (constrained), ${label}`, tokens: small, 'tools sent': tools.length},
    ],
    ratio,
    target: '≤ 1,500 tokens',
    met: small <= 1500,
    summary: `${small} tokens (system prompt ${promptOnly} + one line per tool ${small - promptOnly}) vs ${large.total} for a large model (×${ratio})`,
    notes: [`the grammar carries each tool's schema, so the model reads ${tools.length} one-line signatures instead of ${large.tools} tokens of definitions`],
  };
}
