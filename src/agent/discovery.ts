/**
 * Which tools the model is offered: every tool up front (`buildToolsFromLayers`, the
 * `eager-tools` mode) or lazy discovery (`buildDiscoveryTools`), where a server's tools are added
 * by `activateServerTools` on first contact, so the first request grows with servers, not tools.
 * Recipe tools are always offered under their canonical names (`x_mcp_list_recipes`), which is
 * what the system prompt tells the model to call; the alias map routes them.
 */
import {ToolCatalog, listToolsCall, type CatalogEntry, type ToolCatalogOptions} from './tool-catalog.js';
import type {ProviderTool} from '../providers/language-model.js';
import {RECALL_TOOL} from './recall-tool.js';
import {normalizeServerName} from './naming.js';
import {RECIPE_ROLES, SHARED_PSEUDO_TOOLS, type PseudoToolName, type ToolLayer} from './types.js';

/** Layers or a catalog already built from them. */
export type ToolSource = readonly ToolLayer[] | ToolCatalog;

const toCatalog = (source: ToolSource, options?: ToolCatalogOptions) =>
  source instanceof ToolCatalog ? source : new ToolCatalog(source, options);

/** The provider tools of one layer: recipe tools under canonical names, then the others. */
function layerTools(catalog: ToolCatalog, layerIndex: number): ProviderTool[] {
  const tools: ProviderTool[] = [];
  for (const entry of catalog.entriesOf(layerIndex)) {
    tools.push(catalog.providerTool(entry, entry.role ? catalog.recipeToolName(layerIndex, entry.role) : entry.name));
  }
  return tools;
}

/**
 * Every tool of every layer, prefixed and sanitised: what `eager-tools` sends.
 * With `onSchemaPatch` in the options, every schema change is reported.
 */
export function buildToolsFromLayers(source: ToolSource, options?: ToolCatalogOptions): ProviderTool[] {
  const catalog = toCatalog(source, options);
  return catalog.layers.flatMap((_, i) => layerTools(catalog, i));
}

/**
 * The shared pair. Terse on purpose: these definitions are in every lazy request. The server
 * names are in the prompt's step 1c, not in an enum here, so the pair weighs the same for 2
 * servers or 20; a wrong name gets an error that lists the right ones.
 */
export function sharedPseudoTools(): ProviderTool[] {
  return [
    {
      name: SHARED_PSEUDO_TOOLS.search_tools,
      description: 'Find tools by keywords, on one server or all; found tools become callable.',
      input_schema: {type: 'object', properties: {query: {type: 'string'}, server: {type: 'string'}}, required: ['query'], additionalProperties: false},
    },
    {
      name: SHARED_PSEUDO_TOOLS.list_tools,
      description: "List all of a server's tools; they become callable.",
      input_schema: {type: 'object', properties: {server: {type: 'string'}}, required: ['server'], additionalProperties: false},
    },
  ];
}

/** Indexes of the layers with tools that are neither recipe tools nor display tools: the ones discovery is for. */
export function layersToDiscover(catalog: ToolCatalog): number[] {
  return catalog.layers.map((_, i) => i).filter((i) => catalog.entriesOf(i).some((e) => !e.role && !isDisplayTool(e)));
}

/** True for the tools that show results on the page (`displays`): always offered, named in the prompt's display step. */
export function isDisplayTool(entry: CatalogEntry): boolean {
  return entry.tool.displays === true;
}

/**
 * The first tool list of a lazy run: per layer its recipe tools (canonical names) and display
 * tools, then the shared `search_tools`/`list_tools` pair over the layers that have other tools.
 */
export function buildDiscoveryTools(source: ToolSource, options?: ToolCatalogOptions): ProviderTool[] {
  const catalog = toCatalog(source, options);
  const tools: ProviderTool[] = [];
  catalog.layers.forEach((_, layerIndex) => {
    for (const role of RECIPE_ROLES) {
      const real = catalog.canonicalTools(layerIndex)[role];
      if (real) tools.push(catalog.providerTool(catalog.entryOf(layerIndex, real.tool)!, catalog.recipeToolName(layerIndex, role)));
    }
    for (const entry of catalog.entriesOf(layerIndex).filter(isDisplayTool)) tools.push(catalog.providerTool(entry));
  });
  if (layersToDiscover(catalog).length > 0) tools.push(...sharedPseudoTools());
  return tools;
}

/**
 * The tools of a run's first request: every tool (`eagerTools`) or the discovery set, and the
 * loop's own `recall` when the conversation already holds tool results (`recall: true`): before
 * the first result there is nothing to recall, so it costs tokens for nothing.
 */
export function firstRequestTools(source: ToolSource, options: {eagerTools?: boolean; recall?: boolean} = {}): ProviderTool[] {
  const tools = options.eagerTools ? buildToolsFromLayers(source) : buildDiscoveryTools(source);
  return options.recall ? [...tools, RECALL_TOOL] : tools;
}

/** Names of the discovery tools of a catalog: recipe tools and pseudo-tools (withdrawn by the no-render guard). */
export function discoveryToolNames(catalog: ToolCatalog): Set<string> {
  const names = new Set<string>();
  catalog.layers.forEach((_, layerIndex) => {
    for (const role of RECIPE_ROLES) {
      const name = catalog.recipeToolName(layerIndex, role);
      if (name) names.add(name);
    }
  });
  names.add(SHARED_PSEUDO_TOOLS.search_tools).add(SHARED_PSEUDO_TOOLS.list_tools);
  return names;
}

/**
 * Adds every tool of one layer to a tool list (first contact with that server), keeping the
 * list's order and never listing a tool twice. Returns a new array.
 */
export function activateServerTools(current: readonly ProviderTool[], source: ToolSource, layerIndex: number): ProviderTool[] {
  const catalog = toCatalog(source);
  const names = new Set(current.map((t) => t.name));
  return [...current, ...layerTools(catalog, layerIndex).filter((t) => !names.has(t.name))];
}

/** Lower case without accents, for matching words in French and English alike. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** What a pseudo-tool answered, and which tools it surfaced (to offer from the next turn). */
export interface PseudoToolAnswer {
  text: string;
  found: CatalogEntry[];
}

/**
 * The layers a pseudo-tool call is about: the layer of a per-server name, else the shared pair's
 * `server` argument (a server key, or a server name that normalises to one); a search with no
 * `server` covers every server. Returns the message the model reads when that names no server.
 */
export function pseudoToolLayers(catalog: ToolCatalog, pseudo: PseudoToolName, layerIndex: number | undefined, args: Record<string, unknown>): number[] | {error: string} {
  if (layerIndex !== undefined) return [layerIndex];
  const known = layersToDiscover(catalog).map((i) => catalog.serverKeys[i]);
  const server = args.server;
  if (server === undefined || server === null || server === '') {
    if (pseudo === 'search_tools') return catalog.layers.map((_, i) => i);
    return {error: `list_tools needs "server", one of: ${known.join(', ') || 'none'}.`};
  }
  const name = String(server);
  const index = catalog.serverKeys.findIndex((key) => key === name || key === normalizeServerName(name));
  if (index < 0) return {error: `No server named "${name}". Servers: ${catalog.serverKeys.join(', ')}.`};
  return [index];
}

const MAX_SEARCH_RESULTS = 20;

/**
 * Answers `search_tools(query)` or `list_tools()` from the layers themselves: no network call, no
 * activation of a whole server. `layerIndexes` are the servers asked about: one, or for a search
 * with no `server`, every server. Tools are listed with the names the model must call.
 */
export function answerPseudoTool(catalog: ToolCatalog, layerIndexes: readonly number[], pseudo: PseudoToolName, args: Record<string, unknown>): PseudoToolAnswer {
  const entries = layerIndexes.flatMap((i) => catalog.entriesOf(i));
  const describe = (e: CatalogEntry) => ({
    name: e.role ? catalog.recipeToolName(e.layerIndex, e.role)! : e.name,
    description: e.tool.description ?? '',
  });
  if (pseudo === 'list_tools') {
    return {text: JSON.stringify(entries.map(describe)), found: entries};
  }
  const query = foldText(String(args.query ?? ''));
  const words = query.split(/[^a-z0-9]+/).filter((w) => w.length > 1);
  const scored = entries
    .map((entry) => {
      const name = foldText(entry.tool.name);
      const description = foldText(entry.tool.description ?? '');
      const score = words.reduce((s, w) => s + (name.includes(w) ? 3 : 0) + (description.includes(w) ? 1 : 0), 0);
      return {entry, score};
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SEARCH_RESULTS);
  if (scored.length === 0) {
    const keys = layerIndexes.map((i) => catalog.serverKeys[i]);
    const where = keys.length === 1 ? `of ${keys[0]} ` : '';
    const next = keys.length === 1 ? listToolsCall(keys[0]) : `${SHARED_PSEUDO_TOOLS.list_tools}({"server": …}) with one of ${keys.join(', ')}`;
    return {text: `No tool ${where}matches "${String(args.query ?? '')}". Call ${next} to see them all.`, found: []};
  }
  return {text: JSON.stringify(scored.map((s) => describe(s.entry))), found: scored.map((s) => s.entry)};
}
