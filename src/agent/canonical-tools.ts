/**
 * The canonical recipe-tool resolver (design.md 5.2). Servers name their recipe tools freely
 * (`search_recipes`, `browse_skills`, `read_template`, ...); this finds, for one layer, which tool
 * plays each role `search_recipes`, `list_recipes`, `get_recipe`, in four layers of evidence:
 * exact name, (action, resource) tokens of the name, the description, or none.
 */
import type {LayerTool, RecipeRole} from './types.js';

const ACTIONS: Record<RecipeRole, readonly string[]> = {
  search_recipes: ['search', 'find', 'query'],
  list_recipes: ['list', 'browse', 'explore', 'discover'],
  get_recipe: ['get', 'read', 'fetch', 'show', 'describe'],
};

const RESOURCES = ['recipe', 'skill', 'template', 'workflow', 'playbook', 'pattern'];

/** How a role was found: 1 exact name, 2 name tokens, 3 description. */
export type ResolutionLayer = 1 | 2 | 3;

/** The tool that plays a recipe role, and how it was found. */
export interface CanonicalMatch {
  /** The tool's real name on its server. */
  tool: string;
  via: ResolutionLayer;
}

/** Role → tool, for the roles this server has. An empty object is layer 4: no recipe tools. */
export type CanonicalTools = Partial<Record<RecipeRole, CanonicalMatch>>;

/** Splits an identifier into lower-case words: snake, kebab, dotted and camelCase. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const singular = (word: string) => (word.endsWith('s') ? word.slice(0, -1) : word);
const isResource = (word: string) => RESOURCES.includes(singular(word));
const roleOfAction = (word: string): RecipeRole | undefined =>
  (Object.keys(ACTIONS) as RecipeRole[]).find((role) => ACTIONS[role].includes(word));

/** Layer 2: an action word and a resource word in the tool's name. */
function roleFromName(name: string): RecipeRole | undefined {
  const words = splitIdentifier(name);
  if (!words.some(isResource)) return undefined;
  for (const word of words) {
    const role = roleOfAction(word);
    if (role) return role;
  }
  return undefined;
}

/** How close (in words) an action must stand before a resource word in a description. */
const DESCRIPTION_WINDOW = 4;

/**
 * Layer 3: the description says "<action> ... <resource>" within a few words, e.g.
 * "Lists the available workflows". Identifiers inside the description (`get_recipe`, words with
 * `_`) are ignored: a data tool that merely mentions a recipe tool must not take its role.
 */
function roleFromDescription(description: string | undefined): RecipeRole | undefined {
  if (!description) return undefined;
  const words = description
    .split(/\s+/)
    .filter((w) => !/[_`]/.test(w))
    .flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/))
    .filter(Boolean)
    .map((w) => (w.endsWith('es') && roleOfAction(w.slice(0, -2)) ? w.slice(0, -2) : w.endsWith('s') && roleOfAction(w.slice(0, -1)) ? w.slice(0, -1) : w));
  for (let i = 0; i < words.length; i++) {
    const role = roleOfAction(words[i]);
    if (!role) continue;
    for (let j = i + 1; j <= i + DESCRIPTION_WINDOW && j < words.length; j++) {
      if (isResource(words[j])) return role;
    }
  }
  return undefined;
}

/**
 * Finds the tools of one server that play the recipe roles. Each tool plays at most one role;
 * each role is given to the first tool found by the strongest layer.
 */
export function resolveCanonicalTools(tools: readonly LayerTool[]): CanonicalTools {
  const result: CanonicalTools = {};
  const used = new Set<string>();
  const assign = (role: RecipeRole, tool: string, via: ResolutionLayer) => {
    if (result[role] || used.has(tool)) return;
    result[role] = {tool, via};
    used.add(tool);
  };
  for (const tool of tools) {
    if (tool.name === 'search_recipes' || tool.name === 'list_recipes' || tool.name === 'get_recipe') assign(tool.name, tool.name, 1);
  }
  for (const tool of tools) {
    const role = roleFromName(tool.name);
    if (role) assign(role, tool.name, 2);
  }
  for (const tool of tools) {
    const role = roleFromDescription(tool.description);
    if (role) assign(role, tool.name, 3);
  }
  return result;
}
