/**
 * `createWebMcpServer()`: a layer of in-page tools, with the recipe tools
 * (`search_recipes`, `list_recipes`, `get_recipe`) answered from the widgets' recipes and any
 * extra recipes. The built-in `autoui` layer is one of these; a page can build its own (a
 * `designkit` layer, say) and hand it to `agent.addLayer()`.
 */
import type {JsonSchema} from '../schema/json-schema.js';
import type {
  FinishedString,
  LayerTool,
  Recipe,
  ToolAnnotations,
  ToolExecutionContext,
  ToolExecutor,
  ToolOutput,
  ToolPreview,
  ToolPreviewer,
  WebMcpLayer,
  WidgetRestoreCheck,
  WidgetRestorer,
  WidgetToRestore,
} from '../agent/types.js';
import {parseRecipe, type ParsedRecipe} from './recipe.js';
import {searchRecipes} from './recipe-search.js';

/** One tool of a WebMCP server. */
export interface WebMcpToolSpec {
  name: string;
  description: string;
  inputSchema?: JsonSchema;
  /** A schema admitting only calls the tool accepts, for models held to it by a grammar (see `LayerTool.strictInputSchema`). */
  strictInputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** The tool shows results on the canvas: offered from the first request and named in the prompt's display step. */
  displays?: boolean;
  /** Runs the tool. The canvas of the call is `context.widgets`, where a tool shows widgets. A thrown error becomes an error result; a string is taken as the result text. */
  execute(args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolOutput | string> | ToolOutput | string;
  /**
   * A display tool's draft while its call streams: what the partial arguments show (see
   * `ToolPreviewer`: quick, never throws, the same URL rules as `execute`).
   */
  preview?(partialArgs: Record<string, unknown>, finished: FinishedString): ToolPreview | undefined;
  /**
   * A display tool's check of a widget from a snapshot being restored: the same rules as a call
   * showing it; undefined for a type this tool does not show (see `WidgetRestorer`).
   */
  restore?(widget: WidgetToRestore): WidgetRestoreCheck | undefined;
}

/** A list, or a function giving the current list (for registries that change after creation). */
export type Live<T> = readonly T[] | (() => readonly T[]);

/** Options of {@link createWebMcpServer}. */
export interface WebMcpServerOptions {
  /** One paragraph for the system prompt: what this server is for. */
  description: string;
  /** Widgets whose recipes the recipe tools serve (only `recipe` is read here). */
  widgets?: Live<{recipe: string}>;
  /** The server's tools. */
  tools?: WebMcpToolSpec[];
  /** Extra recipes (markdown with frontmatter), e.g. compositions of several widgets. */
  recipes?: Live<string>;
}

/** A WebMCP layer and its executor (also set as `layer.execute`). */
export interface WebMcpServer {
  layer: WebMcpLayer;
  execute: ToolExecutor;
}

const read = <T>(live: Live<T> | undefined): readonly T[] => (typeof live === 'function' ? live() : (live ?? []));
const json = (value: unknown) => JSON.stringify(value);

/** The recipe tools, as offered to the model. */
export const RECIPE_TOOLS: LayerTool[] = [
  {
    name: 'search_recipes',
    // Terse: the recipe tools' definitions go with every request.
    description: 'Find recipes (which widget, which params) by words, English or French; says when to use each.',
    inputSchema: {type: 'object', properties: {query: {type: 'string', description: 'e.g. "map of cities"'}}, required: ['query']},
    annotations: {readOnlyHint: true},
  },
  {
    name: 'list_recipes',
    description: 'List every recipe with its description.',
    inputSchema: {type: 'object', properties: {}},
    annotations: {readOnlyHint: true},
  },
  {
    name: 'get_recipe',
    description: 'Read one recipe in full: its steps and an example call.',
    inputSchema: {type: 'object', properties: {name: {type: 'string'}}, required: ['name']},
    annotations: {readOnlyHint: true},
  },
];

/** Creates a WebMCP server named `name`. Recipe tools are included when it has widgets or recipes. */
export function createWebMcpServer(name: string, options: WebMcpServerOptions): WebMcpServer {
  const cache = new Map<string, ParsedRecipe>();
  const parsed = (text: string) => {
    let recipe = cache.get(text);
    if (!recipe) cache.set(text, (recipe = parseRecipe(text)));
    return recipe;
  };
  const allRecipes = (): ParsedRecipe[] => [...read(options.widgets).map((w) => w.recipe), ...read(options.recipes)].map(parsed);
  const hasRecipes = options.widgets !== undefined || options.recipes !== undefined;
  const tools = options.tools ?? [];
  const summary = (r: ParsedRecipe) => ({name: r.name, description: r.description, ...(r.when ? {when: r.when} : {}), ...(r.widget ? {widget: r.widget} : {})});

  const recipeTools: Record<string, (args: Record<string, unknown>) => ToolOutput> = {
    search_recipes(args) {
      const query = typeof args.query === 'string' ? args.query : '';
      const hits = searchRecipes(allRecipes(), query);
      if (!hits.length) {
        return {text: json({recipes: [], hint: `No recipe matches "${query}". Known recipes: ${allRecipes().map((r) => r.name).join(', ')}. Call list_recipes or get_recipe with one of them.`})};
      }
      return {text: json({recipes: hits.map((h) => summary(h.recipe))})};
    },
    list_recipes() {
      return {text: json({recipes: allRecipes().map(summary)})};
    },
    get_recipe(args) {
      const wanted = String(args.name ?? '').trim().toLowerCase();
      const recipe = allRecipes().find((r) => r.name.toLowerCase() === wanted || r.widget?.toLowerCase() === wanted);
      if (!recipe) {
        return {text: json({error: `No recipe named "${args.name}".`, known: allRecipes().map((r) => r.name)}), isError: true};
      }
      return {text: recipe.text};
    },
  };

  const execute: ToolExecutor = async (toolName, args, context) => {
    const own = tools.find((t) => t.name === toolName);
    if (own) {
      const out = await own.execute(args ?? {}, context);
      return typeof out === 'string' ? {text: out} : out;
    }
    if (hasRecipes && toolName in recipeTools) return recipeTools[toolName](args ?? {});
    return {text: json({error: `${name} has no tool "${toolName}".`, tools: layer.tools.map((t) => t.name)}), isError: true};
  };

  const previewTool: ToolPreviewer = (toolName, partialArgs, finished) => {
    const own = tools.find((t) => t.name === toolName);
    try {
      return own?.preview?.(partialArgs, finished);
    } catch {
      // A draft is a courtesy: a preview that fails shows nothing, and the call still runs.
      return undefined;
    }
  };

  const restoreWidget: WidgetRestorer = (widget) => {
    for (const tool of tools) {
      try {
        const check = tool.restore?.(widget);
        if (check) return check;
      } catch {
        // A check that throws lets nothing through: the widget is left out, never shown unchecked.
        return {ok: false, reason: `${tool.name} could not check it`};
      }
    }
    return undefined;
  };

  const layer: WebMcpLayer = {
    protocol: 'webmcp',
    serverName: name,
    description: options.description,
    // Getters: a page may register widgets or recipes after the layer was made.
    get tools(): LayerTool[] {
      const own = tools.map(({execute: _e, preview: _p, restore: _r, ...tool}) => tool);
      return hasRecipes ? [...RECIPE_TOOLS.filter((r) => !tools.some((t) => t.name === r.name)), ...own] : own;
    },
    get recipes(): Recipe[] {
      return allRecipes().map((r) => ({name: r.name, description: r.description}));
    },
    execute,
    ...(tools.some((t) => t.preview) ? {previewTool} : {}),
    ...(tools.some((t) => t.restore) ? {restoreWidget} : {}),
  };
  return {layer, execute};
}
