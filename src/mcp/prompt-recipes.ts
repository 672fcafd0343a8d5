/**
 * Recipes for servers that have no recipe tools but do have MCP prompts: the prompts become the
 * server's recipes. Two synthetic tools with the canonical names are added to the layer,
 * `list_recipes` (answered from `prompts/list`) and `get_recipe` (the prompt's text, from
 * `prompts/get`), so the agent's workflow is the same on every server.
 */
import type {Client, Prompt} from '@modelcontextprotocol/client';
import type {LayerTool, Recipe, ToolExecutionContext, ToolOutput} from '../agent/types.js';
import {errorMessage} from '../errors.js';
import type {TracedRequest} from '../telemetry/trace-meta.js';
import {toToolOutput} from './tool-result.js';

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};

/** The synthetic recipe tools of a prompts-only server. */
export const PROMPT_RECIPE_TOOLS: readonly LayerTool[] = [
  {
    name: 'list_recipes',
    description: "List this server's recipes (its MCP prompts): name, description and arguments.",
    inputSchema: {type: 'object', properties: {}},
    annotations: READ_ONLY,
  },
  {
    name: 'get_recipe',
    description: 'Read one recipe (MCP prompt) in full. Pass `arguments` when the recipe lists some.',
    inputSchema: {
      type: 'object',
      properties: {
        name: {type: 'string', description: 'the recipe name, from list_recipes'},
        arguments: {type: 'object', description: 'values for the recipe arguments', additionalProperties: {type: 'string'}},
      },
      required: ['name'],
    },
    annotations: READ_ONLY,
  },
];

/** Every prompt of the server, following pagination. */
export async function listPrompts(client: Client, signal: AbortSignal): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listPrompts(cursor ? {cursor} : {}, {signal});
    prompts.push(...result.prompts);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return prompts;
}

/** The recipes announced in the system prompt. */
export const promptsAsRecipes = (prompts: readonly Prompt[]): Recipe[] => prompts.map((p) => ({name: p.name, description: p.description ?? p.title}));

/** Sends a request untraced: `traced` of a caller that traces nothing. */
const untraced: TracedRequest = (_trace, _method, _target, send) => send({});

/**
 * Answers a call to a synthetic recipe tool, or returns undefined for any other tool name.
 * `client` is read at call time, so a reconnected session is used. `traced` sends the
 * `prompts/get` request under the call's span, so a traced server joins the question's trace.
 */
export async function callPromptRecipeTool(client: () => Client, name: string, args: Record<string, unknown>, context: ToolExecutionContext, traced: TracedRequest = untraced): Promise<ToolOutput | undefined> {
  if (name === 'list_recipes') {
    // Traced all the same: the connection's transport gives the prompts/list request its span under the call's.
    const prompts = await listPrompts(client(), context.signal);
    const list = prompts.map((p) => ({name: p.name, description: p.description ?? p.title, arguments: p.arguments?.map((a) => ({name: a.name, required: a.required ?? false, description: a.description}))}));
    return {text: JSON.stringify(list), data: list};
  }
  if (name !== 'get_recipe') return undefined;
  if (typeof args.name !== 'string' || !args.name) return {text: 'get_recipe needs "name": one of the names from list_recipes.', isError: true};
  const values = Object.fromEntries(Object.entries((args.arguments as Record<string, unknown>) ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  try {
    const prompt = args.name;
    const result = await traced(context.trace, 'prompts/get', prompt, (meta) => client().getPrompt({name: prompt, arguments: values, ...meta}, {signal: context.signal}));
    const text = result.messages.map((m) => toToolOutput({content: [m.content]}).text).join('\n\n');
    return {text: result.description ? `${result.description}\n\n${text}` : text};
  } catch (error) {
    if (context.signal.aborted) throw error;
    return {text: `Recipe "${args.name}" could not be read: ${errorMessage(error)}`, isError: true};
  }
}
