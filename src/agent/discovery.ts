/**
 * Which tools the model is offered: every tool up front (`buildToolsFromLayers`, the
 * `eager-tools` mode) or lazy discovery (`buildDiscoveryTools`), where a server's tools are added
 * on first contact, so the first request grows with servers, not tools. `OfferedTools` keeps one
 * run's list as it grows. Recipe tools are always offered under their canonical names
 * (`x_mcp_list_recipes`), which is what the system prompt tells the model to call; the catalog's
 * routes lead those names to the real tools.
 */
import {ToolCatalog, type CatalogEntry, type ToolCatalogOptions} from './tool-catalog.js';
import type {ProviderTool} from '../providers/language-model.js';
import {RECALL_TOOL} from './recall-tool.js';
import {SHARED_PSEUDO_TOOLS, type ToolLayer} from './types.js';

/** Layers or a catalog already built from them. */
export type ToolSource = readonly ToolLayer[] | ToolCatalog;

const toCatalog = (source: ToolSource, options?: ToolCatalogOptions) =>
  source instanceof ToolCatalog ? source : new ToolCatalog(source, options);

/**
 * Every tool of every layer, prefixed and sanitised, recipe tools under their canonical names:
 * what `eager-tools` sends. With `onSchemaPatch` in the options, every schema change is reported.
 */
export function buildToolsFromLayers(source: ToolSource, options?: ToolCatalogOptions): ProviderTool[] {
  const catalog = toCatalog(source, options);
  return catalog.entries.map((entry) => catalog.providerTool(entry));
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

/**
 * The first tool list of a lazy run: per server its recipe tools (canonical names) and display
 * tools, then the shared `search_tools`/`list_tools` pair when some server has other tools.
 */
export function buildDiscoveryTools(source: ToolSource, options?: ToolCatalogOptions): ProviderTool[] {
  const catalog = toCatalog(source, options);
  const entries = catalog.servers.flatMap((server) => [...server.recipeTools, ...server.displayTools.filter((entry) => !entry.role)]);
  const tools = entries.map((entry) => catalog.providerTool(entry));
  if (catalog.servers.some((server) => server.discoverable)) tools.push(...sharedPseudoTools());
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
  const recipeTools = catalog.servers.flatMap((server) => server.recipeTools.map((entry) => entry.offeredAs));
  return new Set([...recipeTools, SHARED_PSEUDO_TOOLS.search_tools, SHARED_PSEUDO_TOOLS.list_tools]);
}

/**
 * Adds every tool of one layer to a tool list (first contact with that server), keeping the
 * list's order and never listing a tool twice. Returns a new array.
 */
export function activateServerTools(current: readonly ProviderTool[], source: ToolSource, layerIndex: number): ProviderTool[] {
  const catalog = toCatalog(source);
  return withTools(current, catalog, catalog.servers[layerIndex].entries);
}

/** `current` and then the provider tools of `entries` it does not offer yet. */
function withTools(current: readonly ProviderTool[], catalog: ToolCatalog, entries: readonly CatalogEntry[]): ProviderTool[] {
  const names = new Set(current.map((tool) => tool.name));
  const added = entries.filter((entry) => !names.has(entry.offeredAs));
  return added.length ? [...current, ...added.map((entry) => catalog.providerTool(entry))] : [...current];
}

/**
 * The tools one run offers the model: the first request's, then more as the run goes on (all of
 * a server's on first contact, those a pseudo-tool found, `recall` once there is a result).
 */
export class OfferedTools {
  readonly #catalog: ToolCatalog;
  readonly #discovery: ReadonlySet<string>;
  /** Servers whose tools are all offered. */
  readonly #active = new Set<number>();
  #tools: ProviderTool[];

  constructor(catalog: ToolCatalog, options: {eagerTools?: boolean; recall?: boolean}) {
    this.#catalog = catalog;
    this.#tools = firstRequestTools(catalog, options);
    this.#discovery = discoveryToolNames(catalog);
    if (options.eagerTools) for (const server of catalog.servers) this.#active.add(server.index);
  }

  /** The next request's tools; without the discovery tools once the run should stop exploring. */
  list(withdrawDiscovery: boolean): ProviderTool[] {
    return withdrawDiscovery ? this.#tools.filter((tool) => !this.#discovery.has(tool.name)) : this.#tools;
  }

  /**
   * After a call: when it reached a server's tool (`routedTo`) for the first time, all that
   * server's tools; and the tools a pseudo-tool `surfaced`.
   */
  afterCall(routedTo: CatalogEntry | undefined, surfaced: readonly CatalogEntry[]): void {
    if (routedTo && !this.#active.has(routedTo.layerIndex)) {
      this.#active.add(routedTo.layerIndex);
      this.#tools = withTools(this.#tools, this.#catalog, this.#catalog.servers[routedTo.layerIndex].entries);
    }
    if (surfaced.length) this.#tools = withTools(this.#tools, this.#catalog, surfaced);
  }

  /** Offers `recall`, from the first tool result on. */
  offerRecall(): void {
    if (!this.#tools.includes(RECALL_TOOL)) this.#tools = [...this.#tools, RECALL_TOOL];
  }
}
