/**
 * The canonical recipe-tool resolver. Servers name their recipe tools freely
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

/**
 * Layer 2: an action word, and a resource word as the name's last word (what the action is on).
 * `read_skill` and `list_templates` match; `search_workflow_runs` and `get_workflow_run` (GitHub
 * Actions runs, not recipes) do not.
 */
function roleFromName(name: string): RecipeRole | undefined {
  const words = splitIdentifier(name);
  if (!isResource(words[words.length - 1] ?? '')) return undefined;
  for (const word of words) {
    const role = roleOfAction(word);
    if (role) return role;
  }
  return undefined;
}

/** How close (in words) an action must stand before a resource word in a description. */
const DESCRIPTION_WINDOW = 4;

/** Words that may follow the resource word when it is what the action is on ("recipes by keyword"). */
const PHRASE_END = new Set(['of', 'by', 'in', 'for', 'with', 'from', 'on', 'to', 'and', 'or', 'that', 'which', 'this', 'these', 'as', 'at', 'matching', 'about', 'available']);

/** A description's words, lower case, each marked when a clause ends after it. */
function descriptionWords(description: string): Array<{word: string; clauseEnd: boolean}> {
  const out: Array<{word: string; clauseEnd: boolean}> = [];
  for (const raw of description.split(/\s+/)) {
    // Identifiers inside the description (`get_recipe`, words with `_`) are names, not prose.
    if (!raw || /[_`]/.test(raw)) continue;
    const parts = raw.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    parts.forEach((word, i) => {
      const stem = word.endsWith('es') && roleOfAction(word.slice(0, -2)) ? word.slice(0, -2) : word.endsWith('s') && roleOfAction(word.slice(0, -1)) ? word.slice(0, -1) : word;
      out.push({word: stem, clauseEnd: i === parts.length - 1 && /[.,;:!?)]$/.test(raw)});
    });
  }
  return out;
}

/**
 * Layer 3: the description says "<action> ... <resource>" within a few words, the resource ending
 * its phrase: "Lists the available workflows of this server" matches, "List workflow runs in
 * GitHub" does not (the runs are what is listed). A data tool that merely mentions a recipe tool
 * (`get_recipe`) does not take its role.
 */
function roleFromDescription(description: string | undefined): RecipeRole | undefined {
  if (!description) return undefined;
  const words = descriptionWords(description);
  for (let i = 0; i < words.length; i++) {
    const role = roleOfAction(words[i].word);
    if (!role) continue;
    for (let j = i + 1; j <= i + DESCRIPTION_WINDOW && j < words.length; j++) {
      if (!isResource(words[j].word)) continue;
      const next = words[j + 1];
      if (words[j].clauseEnd || !next || PHRASE_END.has(next.word)) return role;
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

/** Roles already found, by tool list: a layer's list is read once, however many runs use it. */
const resolved = new WeakMap<readonly LayerTool[], CanonicalTools>();

/**
 * The recipe roles of a layer's tools, resolved once per tool list: the connection that builds an
 * MCP layer and every run's catalog then share one answer. A layer whose tools change gives a new
 * list (as the `createWebMcpServer` layer's getter does), which is resolved anew; a list is never
 * changed in place.
 */
export function recipeRoles(tools: readonly LayerTool[]): CanonicalTools {
  let roles = resolved.get(tools);
  if (!roles) resolved.set(tools, (roles = resolveCanonicalTools(tools)));
  return roles;
}
