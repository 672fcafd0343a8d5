/**
 * Reads the names of a server's recipes once at connection time, so the system prompt can list
 * them before the model calls anything. Best effort: the server's list tool
 * (whatever its name, found by the canonical resolver) is called without arguments, under a short
 * deadline; an answer that is not a recognisable list is simply not used.
 */
import {recipeRoles} from '../agent/canonical-tools.js';
import type {McpLayer, Recipe} from '../agent/types.js';

/** How long the connection waits for the recipe list. */
const RECIPE_LIST_TIMEOUT_MS = 3000;
/** At most this many recipes go into the prompt. */
const MAX_RECIPES = 50;

/** Picks `[{name, description}]` out of the usual shapes: an array, or an object holding one. */
export function parseRecipeList(value: unknown): Recipe[] | undefined {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value).find(Array.isArray) : undefined;
  if (!list) return undefined;
  const recipes = list
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof (r as {name?: unknown}).name === 'string')
    .map((r) => ({name: r.name as string, description: typeof r.description === 'string' ? r.description : typeof r.title === 'string' ? r.title : undefined}));
  return recipes.length ? recipes.slice(0, MAX_RECIPES) : undefined;
}

/** The layer's recipes from its list tool, or undefined. Never throws. */
export async function fetchRecipeList(layer: McpLayer): Promise<Recipe[] | undefined> {
  const role = recipeRoles(layer.tools).list_recipes;
  const tool = role && layer.tools.find((t) => t.name === role.tool);
  const required = (tool?.inputSchema as {required?: unknown[]} | undefined)?.required;
  if (!tool || !layer.execute || (Array.isArray(required) && required.length)) return undefined;
  try {
    const out = await layer.execute(tool.name, {}, {signal: AbortSignal.timeout(RECIPE_LIST_TIMEOUT_MS), callId: 'autoui-recipe-list', reportProgress: () => {}});
    if (out.isError) return undefined;
    return parseRecipeList(out.data ?? JSON.parse(out.text));
  } catch {
    return undefined;
  }
}
