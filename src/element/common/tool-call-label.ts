/**
 * The one name a person reads for a tool call, wherever the element shows it (the transcript's
 * pill, the debug console, the `autoui-tool-call` event's `label`): the tool's own name on its
 * server, e.g. `atlas · browse_skills`. The name the model used is a wire detail: a provider-safe
 * prefix (`atlas_mcp_`), maybe shortened, maybe the canonical name of a recipe role the tool
 * plays (`atlas_mcp_list_recipes`). Only that last difference means something to a reader (the
 * model asked for "the list of recipes"), so it is the one shown, once, in brackets:
 * `atlas · browse_skills (list_recipes)`.
 */
import type {ToolCall} from '../../agent/dispatcher.js';
import {RECIPE_ROLES} from '../../agent/types.js';

/** A tool call's name, in the pieces a person reads. */
export interface ToolCallName {
  /** The server's prefix key (`atlas`), when the call resolved to one. */
  server?: string;
  /** The tool's own name on its server; for a call that did not resolve to a server's tool, the name after the prefix (a pseudo-tool such as `search_tools`), or the name the model used. */
  tool: string;
  /** The recipe role's canonical name the model called the tool by (`list_recipes`), when it is not the tool's own. */
  alias?: string;
}

/** The parts of a call's name: see the module comment. */
export function toolCallName(call: Pick<ToolCall, 'name' | 'server' | 'tool'>): ToolCallName {
  const asked = call.server ? unprefixed(call.name, call.server) : undefined;
  const tool = call.tool ?? asked ?? call.name;
  // Only a recipe role is an alias worth telling: a shortened or sanitised name is the same tool.
  const alias = call.tool && asked && asked !== call.tool && (RECIPE_ROLES as readonly string[]).includes(asked) ? asked : undefined;
  return {...(call.server ? {server: call.server} : {}), tool, ...(alias ? {alias} : {})};
}

/** `atlas · browse_skills (list_recipes)`, `autoui · widget_display`, or a bare name (`recall`). */
export function toolCallLabel(call: Pick<ToolCall, 'name' | 'server' | 'tool'>): string {
  const {server, tool, alias} = toolCallName(call);
  return `${server ? `${server} · ` : ''}${tool}${alias ? ` (${alias})` : ''}`;
}

/** `list_recipes` for `atlas_mcp_list_recipes` on server `atlas`; undefined when the name has another prefix. */
function unprefixed(name: string, server: string): string | undefined {
  return name.startsWith(`${server}_`) ? /^(?:web)?mcp_(.+)$/.exec(name.slice(server.length + 1))?.[1] : undefined;
}
