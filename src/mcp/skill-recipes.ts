/**
 * Recipes for servers that teach with the MCP Skills extension (SEP-2640) and have no recipe
 * tools: each skill becomes a recipe, and the same two synthetic tools as for prompts,
 * `list_recipes` (the skills' names and descriptions) and `get_recipe` (a skill's `SKILL.md`,
 * read and checked against the server's listing by the SDK's `SkillsClient`), are added to the
 * layer, so the agent's workflow is the same on every server.
 */
import type {Client} from '@modelcontextprotocol/client';
import type {SkillsClient} from '@modelcontextprotocol/client/ext/skills';
import type {LayerTool, Recipe, ToolExecutionContext, ToolOutput} from '../agent/types.js';
import {errorMessage} from '../errors.js';
import {PROMPT_RECIPE_TOOLS} from './prompt-recipes.js';

/** The skills extension's identifier, as the client announces it. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The synthetic recipe tools of a skills server: the prompts' pair, described for skills. */
export const SKILL_RECIPE_TOOLS: readonly LayerTool[] = PROMPT_RECIPE_TOOLS.map((tool) => ({
  ...tool,
  description: tool.name === 'list_recipes' ? "List this server's recipes (its MCP skills): name and description." : 'Read one recipe (MCP skill) in full, by its name from list_recipes.',
}));

/**
 * The SDK's Skills client, loaded when first needed: its SKILL.md frontmatter parser and checks
 * are a quarter of the MCP client's size, and most servers declare no skills.
 */
async function skillsClient(client: Client): Promise<SkillsClient> {
  const {SkillsClient} = await import('./skills-client.js');
  return new SkillsClient(client);
}

/** The server's skills as recipes, or undefined when it does not offer the extension (or has none). */
export async function skillsAsRecipes(client: Client, signal: AbortSignal): Promise<Recipe[] | undefined> {
  // The SDK's own test (SkillsClient.supported) needs the extension declared: without it, nothing to load.
  if (client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION] === undefined) return undefined;
  const skills = await skillsClient(client);
  if (!skills.supported) return undefined;
  const {skills: entries} = await skills.list(undefined, {signal}).catch(() => ({skills: []}));
  return entries.length ? entries.map((s) => ({name: s.frontmatter.name, description: s.frontmatter.description})) : undefined;
}

/**
 * Answers a call to a synthetic recipe tool from the skills, or returns undefined for any other
 * tool name. `client` is read at call time, so a reconnected session is used.
 */
export async function callSkillRecipeTool(client: () => Client, name: string, args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolOutput | undefined> {
  if (name !== 'list_recipes' && name !== 'get_recipe') return undefined;
  const skills = await skillsClient(client());
  const {skills: entries} = await skills.list(undefined, {signal: context.signal});
  if (name === 'list_recipes') {
    const list = entries.map((s) => ({name: s.frontmatter.name, description: s.frontmatter.description}));
    return {text: JSON.stringify(list), data: list};
  }
  const skill = entries.find((s) => s.frontmatter.name === args.name);
  if (!skill) return {text: `get_recipe needs "name": one of ${entries.map((s) => s.frontmatter.name).join(', ')}.`, isError: true};
  try {
    const file = await skills.read(skill, undefined, {signal: context.signal});
    return {text: `${skill.frontmatter.description}\n\n${file.body ?? file.text ?? ''}`};
  } catch (error) {
    if (context.signal.aborted) throw error;
    return {text: `Recipe "${String(args.name)}" could not be read: ${errorMessage(error)}`, isError: true};
  }
}
