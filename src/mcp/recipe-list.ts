/**
 * Reads the names of a server's recipes once at connection time, so the system prompt can list
 * them before the model calls anything, and the element can offer their questions as starters
 * (the layer's `recipes`). Best effort: the server's list tool (whatever its name, found by the
 * canonical resolver) is called without arguments, under a short deadline; an answer that is not
 * a recognisable list is simply not used.
 */
import {recipeRoles} from '../agent/canonical-tools.js';
import type {McpLayer, Recipe} from '../agent/types.js';
import {recipeQuestions, recipeText} from './recipe-questions.js';

/** How long the connection waits for the recipe list. */
const RECIPE_LIST_TIMEOUT_MS = 3000;
/** At most this many recipes go into the prompt. */
const MAX_RECIPES = 50;

/**
 * Picks `[{name, description, title?, questions?}]` out of the usual shapes: an array, or an
 * object holding one. The description (what the model reads) falls back to the title as it is;
 * `title` and `questions` are for people (starter questions) and are cleaned and bounded
 * (`recipe-questions.ts`).
 */
export function parseRecipeList(value: unknown): Recipe[] | undefined {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value).find(Array.isArray) : undefined;
  if (!list) return undefined;
  const recipes = list
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof (r as {name?: unknown}).name === 'string')
    .slice(0, MAX_RECIPES)
    .map((r) => {
      const recipe: Recipe = {name: r.name as string, description: typeof r.description === 'string' ? r.description : typeof r.title === 'string' ? r.title : undefined};
      const title = recipeText(r.title);
      const questions = recipeQuestions(r);
      if (title) recipe.title = title;
      if (questions) recipe.questions = questions;
      return recipe;
    });
  return recipes.length ? recipes : undefined;
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
