/**
 * Which step a run is on, in words a person understands: the model thinking, a search of the
 * tools or recipes, a call to one server, a widget being drawn. The loop tells it as it changes
 * (`AgentCallbacks.onStep`): before each turn, as soon as the model starts writing a tool call,
 * when a drafted widget's type is known, and again just before each call runs, so a view can say
 * "Calling data…" while it waits and "Drawing a chart…" while the model is still writing it.
 */
import type {ToolCatalog} from './tool-catalog.js';

/**
 * One step of a run. `thinking`: waiting for the model (also while it reads back an earlier
 * result with `recall`, or names a tool that does not exist). `searching`: the shared
 * `search_tools` / `list_tools` or a server's recipe tools, whatever it names them. `calling`: a
 * tool of `server` (the layer's name, as the page or the server gave it). `drawing`: a display tool,
 * `widget` the type being shown once known (the `name` argument of `widget_display`; a model's
 * words, so a view shows it as text only, or not at all).
 */
export type RunStep =
  | {kind: 'thinking'}
  | {kind: 'searching'}
  | {kind: 'calling'; server: string; tool: string}
  | {kind: 'drawing'; widget?: string};

/** The step of a run waiting for its model. */
export const THINKING: RunStep = {kind: 'thinking'};

/** The step of a call to `name` (as the model named it), its arguments if they are there yet. */
export function runStepOf(catalog: ToolCatalog, name: string, args?: Record<string, unknown>): RunStep {
  const route = catalog.route(name);
  if (route.kind === 'pseudo') return {kind: 'searching'};
  if (route.kind !== 'tool') return THINKING;
  const {entry} = route;
  if (entry.role) return {kind: 'searching'};
  if (entry.tool.displays) return typeof args?.name === 'string' ? {kind: 'drawing', widget: args.name} : {kind: 'drawing'};
  return {kind: 'calling', server: entry.layer.serverName, tool: entry.tool.name};
}
