/**
 * The per-run index of every tool of every layer, and of every name the model may use for one.
 * Built once, from the layers: provider-safe prefixed names, each server's recipe roles and the
 * canonical names they are offered under, and one route table that says what each name runs (a
 * layer's tool, a pseudo-tool, `recall`). Nothing after the build parses a name or resolves a role
 * again. Built per run, so two runs (or two elements on one page) never share a route: nothing is
 * global.
 */
import {recipeRoles} from './canonical-tools.js';
import {assignServerKeys, parsePrefixedName, prefixToolName, stableHash, MAX_TOOL_NAME_LENGTH} from './naming.js';
import {RECALL_TOOL_NAME, SEED_RECALL_NAME} from './recall-tool.js';
import {sanitizeToolSchema, type SchemaPatch} from '../schema/sanitize.js';
import {flattenSchema} from '../schema/flatten.js';
import type {JsonSchema} from '../schema/json-schema.js';
import type {ProviderTool} from '../providers/language-model.js';
import {RECIPE_ROLES, SHARED_PSEUDO_TOOLS, type LayerTool, type PseudoToolName, type RecipeRole, type ToolLayer} from './types.js';

/** One tool of one layer, under the names the model sees. */
export interface CatalogEntry {
  /** Provider-safe prefixed name, e.g. `atlas_mcp_browse_skills`. */
  name: string;
  /** The name the model is offered: a recipe tool's canonical name (`atlas_mcp_list_recipes`), else `name`. */
  offeredAs: string;
  layer: ToolLayer;
  layerIndex: number;
  serverKey: string;
  tool: LayerTool;
  /** The recipe role this tool plays on its server, if any. */
  role?: RecipeRole;
}

/** One layer, as the catalog indexes it. */
export interface CatalogServer {
  /** The layer's index among the run's layers. */
  index: number;
  /** Its prefix key (`atlas`). */
  key: string;
  layer: ToolLayer;
  entries: readonly CatalogEntry[];
  /** The tools that play its recipe roles, in role order (`search_recipes`, `list_recipes`, `get_recipe`). */
  recipeTools: readonly CatalogEntry[];
  /** Its tools that show results on the page (`LayerTool.displays`). */
  displayTools: readonly CatalogEntry[];
  /** True when it has tools besides its recipe and display tools: the ones discovery is for. */
  discoverable: boolean;
}

/** Options for building a catalog. */
export interface ToolCatalogOptions {
  /** Flatten nested object arguments (`center__lat`) for small local models. The loop's default: on for a small model (`LanguageModel.small`). */
  flatten?: boolean;
  /**
   * Offer a tool's `strictInputSchema` where it has one, whole (neither sanitised nor flattened):
   * for a model a grammar holds to the schema. The loop's default: on for a small model.
   */
  strict?: boolean;
  /**
   * Told about every change made to a tool's schema for strict tool use.
   * Contract: must not throw (a throw is ignored).
   */
  onSchemaPatch?: (toolName: string, patches: SchemaPatch[]) => void;
  /** Provider limit on tool-name length. Default 64. */
  maxNameLength?: number;
}

/** What a name the model used runs. */
export type ToolRoute =
  /** A layer's tool; `canonical` when it was called by the name of the recipe role it plays. */
  | {kind: 'tool'; entry: CatalogEntry; canonical?: RecipeRole}
  /** A pseudo-tool: of one server (`x_mcp_list_tools`), or shared (no `server`: its `server` argument says). */
  | {kind: 'pseudo'; pseudo: PseudoToolName; server?: CatalogServer}
  /** The loop's own `recall`. */
  | {kind: 'recall'}
  | {kind: 'unknown'; message: string};

/** How the model asks to list one server's tools, as answers and errors spell it. */
export const listToolsCall = (serverKey: string) => `${SHARED_PSEUDO_TOOLS.list_tools}({"server": "${serverKey}"})`;

const PSEUDO_TOOLS = Object.keys(SHARED_PSEUDO_TOOLS) as PseudoToolName[];

/** The per-run catalog of tools. See the module comment. */
export class ToolCatalog {
  /** Every layer, indexed, in the layers' order. */
  readonly servers: readonly CatalogServer[];
  /** Every tool of every layer, server after server. */
  readonly entries: readonly CatalogEntry[];

  readonly #options: ToolCatalogOptions;
  readonly #routes: ReadonlyMap<string, ToolRoute>;
  readonly #providerTools = new Map<CatalogEntry, ProviderTool>();
  readonly #schemas = new Map<CatalogEntry, {schema: JsonSchema; flatPaths: Map<string, string[]>}>();

  constructor(layers: readonly ToolLayer[], options: ToolCatalogOptions = {}) {
    this.#options = options;
    this.servers = indexServers(layers, options.maxNameLength ?? MAX_TOOL_NAME_LENGTH);
    this.entries = this.servers.flatMap((server) => server.entries);
    this.#routes = routeTable(this.servers);
  }

  /** What `name` runs; for a name no route knows, the error the model reads. */
  route(name: string): ToolRoute {
    return this.#routes.get(name) ?? unknownTool(name, this.servers);
  }

  /**
   * The provider form of an entry, under the name it is offered as: sanitised schema (patches
   * reported once per tool), flattened when the catalog flattens. Memoised.
   */
  providerTool(entry: CatalogEntry): ProviderTool {
    let tool = this.#providerTools.get(entry);
    if (!tool) {
      tool = {name: entry.offeredAs, description: entry.tool.description ?? '', input_schema: this.#prepared(entry).schema};
      this.#providerTools.set(entry, tool);
    }
    return tool;
  }

  /** Flat name → nested path for the entry's arguments (empty unless flattening changed it). */
  flattenPaths(entry: CatalogEntry): ReadonlyMap<string, readonly string[]> {
    return this.#prepared(entry).flatPaths;
  }

  #prepared(entry: CatalogEntry): {schema: JsonSchema; flatPaths: Map<string, string[]>} {
    let prepared = this.#schemas.get(entry);
    if (prepared) return prepared;
    const strict = this.#options.strict ? entry.tool.strictInputSchema : undefined;
    if (strict) {
      prepared = {schema: strict, flatPaths: new Map()};
      this.#schemas.set(entry, prepared);
      return prepared;
    }
    const {schema, patches} = sanitizeToolSchema(entry.tool.inputSchema ?? {type: 'object', properties: {}});
    if (patches.length && this.#options.onSchemaPatch) {
      try {
        this.#options.onSchemaPatch(entry.name, patches);
      } catch {
        // A page's observer must not break tool building.
      }
    }
    if (this.#options.flatten) {
      const flat = flattenSchema(schema);
      prepared = {schema: flat.schema, flatPaths: flat.paths};
    } else {
      prepared = {schema, flatPaths: new Map()};
    }
    this.#schemas.set(entry, prepared);
    return prepared;
  }
}

/**
 * Every layer with its entries: prefixed names (two that sanitise alike, `a.b` and `a_b`, stay
 * distinct), the recipe roles (resolved once per tool list) and the canonical names they are
 * offered under.
 */
function indexServers(layers: readonly ToolLayer[], maxLength: number): CatalogServer[] {
  const taken = new Set<string>();
  const keys = assignServerKeys(layers);
  return layers.map((layer, index) => {
    const key = keys[index];
    const tools = layer.tools;
    const roles = recipeRoles(tools);
    const roleOf = new Map(RECIPE_ROLES.filter((role) => roles[role]).map((role) => [roles[role]!.tool, role]));
    const entries = tools.map((tool): CatalogEntry => {
      let name = prefixToolName(key, layer.protocol, tool.name, maxLength);
      if (taken.has(name)) {
        const suffix = `_${stableHash(`${index}:${tool.name}`)}`;
        name = name.slice(0, maxLength - suffix.length) + suffix;
      }
      taken.add(name);
      const role = roleOf.get(tool.name);
      const offeredAs = role ? prefixToolName(key, layer.protocol, role, maxLength) : name;
      return {name, offeredAs, layer, layerIndex: index, serverKey: key, tool, role};
    });
    const recipeTools = RECIPE_ROLES.flatMap((role) => entries.find((e) => e.role === role) ?? []);
    const displayTools = entries.filter((e) => e.tool.displays === true);
    const discoverable = entries.some((e) => !e.role && e.tool.displays !== true);
    return {index, key, layer, entries, recipeTools, displayTools, discoverable};
  });
}

/**
 * Every name the model may use, and what it runs. Where two sources give one name, the first
 * wins: `recall`; a recipe role's canonical name; the prefixed names; the shared pseudo-tools;
 * then the names a model may build from a prefix (longest server key first): a tool's unshortened
 * name, a server's own `x_mcp_search_tools` / `x_mcp_list_tools` (older prompts'), and the seed's
 * `autoui_webmcp_recall`.
 */
function routeTable(servers: readonly CatalogServer[]): Map<string, ToolRoute> {
  const routes = new Map<string, ToolRoute>();
  const add = (name: string, route: ToolRoute) => {
    if (!routes.has(name)) routes.set(name, route);
  };
  add(RECALL_TOOL_NAME, {kind: 'recall'});
  for (const server of servers) {
    for (const entry of server.recipeTools) if (entry.tool.name !== entry.role) add(entry.offeredAs, {kind: 'tool', entry, canonical: entry.role});
  }
  for (const server of servers) for (const entry of server.entries) add(entry.name, {kind: 'tool', entry});
  for (const pseudo of PSEUDO_TOOLS) add(SHARED_PSEUDO_TOOLS[pseudo], {kind: 'pseudo', pseudo});
  for (const server of [...servers].sort((a, b) => b.key.length - a.key.length)) {
    const prefix = `${server.key}_${server.layer.protocol}_`;
    for (const entry of server.entries) add(prefix + entry.tool.name, {kind: 'tool', entry});
    for (const pseudo of PSEUDO_TOOLS) add(prefix + pseudo, {kind: 'pseudo', pseudo, server});
  }
  add(SEED_RECALL_NAME, {kind: 'recall'});
  return routes;
}

/** Why a name no route knows runs nothing, in words that lead the model to a name that does. */
function unknownTool(name: string, servers: readonly CatalogServer[]): ToolRoute {
  const keys = servers.map((server) => server.key);
  const parsed = parsePrefixedName(name, keys);
  let message: string;
  if (!parsed) {
    message = `Unknown tool "${name}": tool names have the form {server}_{mcp|webmcp}_{tool}. Known servers: ${keys.join(', ') || 'none'}.`;
  } else if (!servers.some((server) => server.key === parsed.serverKey && server.layer.protocol === parsed.protocol)) {
    message = `Unknown tool "${name}": no ${parsed.protocol} server named "${parsed.serverKey}". Known servers: ${keys.join(', ')}.`;
  } else {
    message = `Unknown tool "${name}": server "${parsed.serverKey}" has no tool "${parsed.tool}". Call ${listToolsCall(parsed.serverKey)} to see its tools.`;
  }
  return {kind: 'unknown', message};
}
