/**
 * Which tools the model is offered: every tool up front (`buildToolsFromLayers`, the
 * `eager-tools` mode) or lazy discovery (`buildDiscoveryTools`), where a server's tools are added
 * by `activateServerTools` on first contact, so the first request grows with servers, not tools.
 * Recipe tools are always offered under their canonical names (`x_mcp_list_recipes`), which is
 * what the system prompt tells the model to call; the alias map routes them.
 */
import {ToolCatalog, type CatalogEntry, type ToolCatalogOptions} from './tool-catalog.js';
import type {ProviderTool} from '../providers/language-model.js';
import {RECALL_TOOL} from './recall-tool.js';
import {RECIPE_ROLES, type PseudoToolName, type ToolLayer} from './types.js';

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

/** The definition of a pseudo-tool of a layer (answered locally, see {@link answerPseudoTool}). */
export function pseudoTool(catalog: ToolCatalog, layerIndex: number, pseudo: PseudoToolName): ProviderTool {
  const server = catalog.serverKeys[layerIndex];
  const name = catalog.pseudoToolName(layerIndex, pseudo);
  return pseudo === 'search_tools'
    ? {
        name,
        // Terse on purpose: these two tools are sent for every server, so they set the cost of lazy discovery.
        description: `Find ${server} tools by keywords; found tools become callable.`,
        input_schema: {type: 'object', properties: {query: {type: 'string'}}, required: ['query'], additionalProperties: false},
      }
    : {
        name,
        description: `List all ${server} tools; they become callable.`,
        input_schema: {type: 'object', properties: {}, additionalProperties: false},
      };
}

/** True for the tools that show results on the page (`displays`): always offered, named in the prompt's display step. */
export function isDisplayTool(entry: CatalogEntry): boolean {
  return entry.tool.displays === true;
}

/**
 * The first tool list of a lazy run: per layer its recipe tools (canonical names) and the
 * pseudo-tools `search_tools`/`list_tools`, plus the display tools. A layer whose tools are all
 * offered already gets no pseudo-tools.
 */
export function buildDiscoveryTools(source: ToolSource, options?: ToolCatalogOptions): ProviderTool[] {
  const catalog = toCatalog(source, options);
  const tools: ProviderTool[] = [];
  catalog.layers.forEach((_, layerIndex) => {
    const entries = catalog.entriesOf(layerIndex);
    for (const role of RECIPE_ROLES) {
      const real = catalog.canonicalTools(layerIndex)[role];
      if (real) tools.push(catalog.providerTool(catalog.entryOf(layerIndex, real.tool)!, catalog.recipeToolName(layerIndex, role)));
    }
    const actions = entries.filter(isDisplayTool);
    const hidden = entries.filter((e) => !e.role && !isDisplayTool(e));
    if (hidden.length > 0) {
      tools.push(pseudoTool(catalog, layerIndex, 'search_tools'), pseudoTool(catalog, layerIndex, 'list_tools'));
    }
    for (const entry of actions) tools.push(catalog.providerTool(entry));
  });
  return tools;
}

/**
 * The tools of a run's first request: every tool (`eagerTools`) or the discovery set, and the
 * loop's own `recall`, offered whatever the layers.
 */
export function firstRequestTools(source: ToolSource, options: {eagerTools?: boolean} = {}): ProviderTool[] {
  return [...(options.eagerTools ? buildToolsFromLayers(source) : buildDiscoveryTools(source)), RECALL_TOOL];
}

/** Names of the discovery tools of a catalog: recipe tools and pseudo-tools (withdrawn by the no-render guard). */
export function discoveryToolNames(catalog: ToolCatalog): Set<string> {
  const names = new Set<string>();
  catalog.layers.forEach((_, layerIndex) => {
    for (const role of RECIPE_ROLES) {
      const name = catalog.recipeToolName(layerIndex, role);
      if (name) names.add(name);
    }
    names.add(catalog.pseudoToolName(layerIndex, 'search_tools'));
    names.add(catalog.pseudoToolName(layerIndex, 'list_tools'));
  });
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

const MAX_SEARCH_RESULTS = 20;

/**
 * Answers `search_tools(query)` or `list_tools()` from the layer itself: no network call, no
 * activation of the whole server. Tools are listed with the names the model must call.
 */
export function answerPseudoTool(catalog: ToolCatalog, layerIndex: number, pseudo: PseudoToolName, args: Record<string, unknown>): PseudoToolAnswer {
  const entries = catalog.entriesOf(layerIndex);
  const describe = (e: CatalogEntry) => ({
    name: e.role ? catalog.recipeToolName(layerIndex, e.role)! : e.name,
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
    const list = catalog.pseudoToolName(layerIndex, 'list_tools');
    return {text: `No tool of ${catalog.serverKeys[layerIndex]} matches "${String(args.query ?? '')}". Call ${list}() to see them all.`, found: []};
  }
  return {text: JSON.stringify(scored.map((s) => describe(s.entry))), found: scored.map((s) => s.entry)};
}
