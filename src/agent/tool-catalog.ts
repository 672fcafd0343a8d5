/**
 * The per-run index of every tool of every layer: provider-safe prefixed names, the recipe roles
 * and their aliases, sanitised (and optionally flattened) schemas, and name resolution for the
 * dispatcher. Built once per run, so two runs (or two elements on one page) never share an alias
 * map: nothing is global.
 */
import {resolveCanonicalTools, type CanonicalTools} from './canonical-tools.js';
import {assignServerKeys, parsePrefixedName, prefixToolName, stableHash, MAX_TOOL_NAME_LENGTH} from './naming.js';
import {sanitizeToolSchema, type SchemaPatch} from '../schema/sanitize.js';
import {flattenSchema} from '../schema/flatten.js';
import type {JsonSchema} from '../schema/json-schema.js';
import type {ProviderTool} from '../providers/language-model.js';
import {RECIPE_ROLES, SHARED_PSEUDO_TOOLS, type LayerTool, type PseudoToolName, type RecipeRole, type ToolLayer} from './types.js';

/** One tool of one layer, under the name the model sees. */
export interface CatalogEntry {
  /** Provider-safe prefixed name, e.g. `atlas_mcp_browse_skills`. */
  name: string;
  layer: ToolLayer;
  layerIndex: number;
  serverKey: string;
  tool: LayerTool;
  /** The recipe role this tool plays on its server, if any. */
  role?: RecipeRole;
}

/** Options for building a catalog. */
export interface ToolCatalogOptions {
  /** Flatten nested object arguments (`center__lat`) for small local models. */
  flatten?: boolean;
  /**
   * Told about every change made to a tool's schema for strict tool use.
   * Contract: must not throw (a throw is ignored).
   */
  onSchemaPatch?: (toolName: string, patches: SchemaPatch[]) => void;
  /** Provider limit on tool-name length. Default 64. */
  maxNameLength?: number;
}

/** What a name the model used stands for. */
export type ResolvedName =
  | {kind: 'tool'; entry: CatalogEntry; canonical?: RecipeRole}
  /** A pseudo-tool: of one layer (`x_mcp_list_tools`), or shared (no `layerIndex`: its `server` argument says). */
  | {kind: 'pseudo'; pseudo: PseudoToolName; layerIndex?: number}
  | {kind: 'unknown'; message: string};

/** How the model asks to list one server's tools, as answers and errors spell it. */
export const listToolsCall = (serverKey: string) => `${SHARED_PSEUDO_TOOLS.list_tools}({"server": "${serverKey}"})`;

/** The per-run catalog of tools. See the module comment. */
export class ToolCatalog {
  readonly layers: readonly ToolLayer[];
  /** The prefix key of each layer, by layer index. */
  readonly serverKeys: readonly string[];
  readonly entries: readonly CatalogEntry[];
  /** Canonical recipe-tool name → real prefixed name, for this run only. */
  readonly aliases: ReadonlyMap<string, string>;

  readonly #options: ToolCatalogOptions;
  readonly #byName = new Map<string, CatalogEntry>();
  readonly #canonical: CanonicalTools[];
  readonly #providerTools = new Map<string, ProviderTool>();
  readonly #schemas = new Map<string, {schema: JsonSchema; flatPaths: Map<string, string[]>}>();

  constructor(layers: readonly ToolLayer[], options: ToolCatalogOptions = {}) {
    this.layers = layers;
    this.#options = options;
    this.serverKeys = assignServerKeys(layers);
    const maxLength = options.maxNameLength ?? MAX_TOOL_NAME_LENGTH;
    const entries: CatalogEntry[] = [];
    const aliases = new Map<string, string>();
    this.#canonical = layers.map((layer) => resolveCanonicalTools(layer.tools));

    layers.forEach((layer, layerIndex) => {
      const serverKey = this.serverKeys[layerIndex];
      const roles = this.#canonical[layerIndex];
      const roleOf = new Map(RECIPE_ROLES.filter((r) => roles[r]).map((r) => [roles[r]!.tool, r]));
      for (const tool of layer.tools) {
        let name = prefixToolName(serverKey, layer.protocol, tool.name, maxLength);
        // Two names that sanitise alike (`a.b`, `a_b`) stay distinct.
        if (this.#byName.has(name)) {
          const suffix = `_${stableHash(`${layerIndex}:${tool.name}`)}`;
          name = name.slice(0, maxLength - suffix.length) + suffix;
        }
        const entry: CatalogEntry = {name, layer, layerIndex, serverKey, tool, role: roleOf.get(tool.name)};
        entries.push(entry);
        this.#byName.set(name, entry);
      }
      for (const role of RECIPE_ROLES) {
        const match = roles[role];
        if (!match || match.tool === role) continue;
        const real = entries.find((e) => e.layerIndex === layerIndex && e.tool.name === match.tool)!;
        aliases.set(prefixToolName(serverKey, layer.protocol, role, maxLength), real.name);
      }
    });
    this.entries = entries;
    this.aliases = aliases;
  }

  /** The recipe roles found on a layer (layer 4 of the resolver: an empty object). */
  canonicalTools(layerIndex: number): CanonicalTools {
    return this.#canonical[layerIndex];
  }

  /** The name the model sees for a role on a layer (`x_mcp_list_recipes`), or undefined. */
  recipeToolName(layerIndex: number, role: RecipeRole): string | undefined {
    if (!this.#canonical[layerIndex][role]) return undefined;
    const layer = this.layers[layerIndex];
    return prefixToolName(this.serverKeys[layerIndex], layer.protocol, role, this.#options.maxNameLength);
  }

  /** The entry of a layer's tool by its real (unprefixed) name. */
  entryOf(layerIndex: number, toolName: string): CatalogEntry | undefined {
    return this.entries.find((e) => e.layerIndex === layerIndex && e.tool.name === toolName);
  }

  /** Entries of one layer. */
  entriesOf(layerIndex: number): CatalogEntry[] {
    return this.entries.filter((e) => e.layerIndex === layerIndex);
  }

  /**
   * Resolves a name the model used: alias, then exact prefixed name, then prefix parsing against
   * the known server keys (so a tool that was not offered still routes), then pseudo-tools.
   */
  resolve(name: string): ResolvedName {
    const aliased = this.aliases.get(name);
    const direct = this.#byName.get(aliased ?? name);
    if (direct) return {kind: 'tool', entry: direct, canonical: aliased ? direct.role : undefined};
    if (name === SHARED_PSEUDO_TOOLS.search_tools) return {kind: 'pseudo', pseudo: 'search_tools'};
    if (name === SHARED_PSEUDO_TOOLS.list_tools) return {kind: 'pseudo', pseudo: 'list_tools'};

    const parsed = parsePrefixedName(name, this.serverKeys);
    if (!parsed) {
      return {kind: 'unknown', message: `Unknown tool "${name}": tool names have the form {server}_{mcp|webmcp}_{tool}. Known servers: ${this.serverKeys.join(', ') || 'none'}.`};
    }
    const layerIndex = this.serverKeys.findIndex((k, i) => k === parsed.serverKey && this.layers[i].protocol === parsed.protocol);
    if (layerIndex < 0) {
      return {kind: 'unknown', message: `Unknown tool "${name}": no ${parsed.protocol} server named "${parsed.serverKey}". Known servers: ${this.serverKeys.join(', ')}.`};
    }
    const byRealName = this.entryOf(layerIndex, parsed.tool);
    if (byRealName) return {kind: 'tool', entry: byRealName};
    if (parsed.tool === 'search_tools' || parsed.tool === 'list_tools') return {kind: 'pseudo', pseudo: parsed.tool, layerIndex};
    return {kind: 'unknown', message: `Unknown tool "${name}": server "${parsed.serverKey}" has no tool "${parsed.tool}". Call ${listToolsCall(parsed.serverKey)} to see its tools.`};
  }

  /**
   * The provider form of an entry: sanitised schema (patches reported once per tool), flattened
   * when the catalog flattens, under `exposedAs` (a canonical alias) or its own name. Memoised.
   */
  providerTool(entry: CatalogEntry, exposedAs = entry.name): ProviderTool {
    const key = `${entry.name}\u0000${exposedAs}`;
    let tool = this.#providerTools.get(key);
    if (!tool) {
      tool = {name: exposedAs, description: entry.tool.description ?? '', input_schema: this.#prepared(entry).schema};
      this.#providerTools.set(key, tool);
    }
    return tool;
  }

  /** Flat name → nested path for the entry's arguments (empty unless flattening changed it). */
  flattenPaths(entry: CatalogEntry): ReadonlyMap<string, readonly string[]> {
    return this.#prepared(entry).flatPaths;
  }

  #prepared(entry: CatalogEntry): {schema: JsonSchema; flatPaths: Map<string, string[]>} {
    let prepared = this.#schemas.get(entry.name);
    if (prepared) return prepared;
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
    this.#schemas.set(entry.name, prepared);
    return prepared;
  }
}
