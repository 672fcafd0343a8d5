/**
 * The canvas side of an MCP tool with a view (`_meta.ui.resourceUri`): its call shows an `mcp-app`
 * widget as it starts, which then hears the result or why there was none; while the model writes
 * the arguments, a draft of the same widget gets them as far as they go (the view's
 * `tool-input-partial`). The view itself (sandbox, messages) is the widget element's.
 */
import type {LayerTool, ToolExecutionContext, ToolPreviewer} from '../agent/types.js';
import {MCP_APP_WIDGET_TYPE, type McpAppViewParams} from '../schema/mcp-app-view.js';

/** What a call tells its view once it ends. */
export interface AppViewHandle {
  /** The call returned: the view gets the server's result. */
  finished(result: Record<string, unknown>): void;
  /** The call ended without a result (stopped, failed): the view is told why. */
  cancelled(reason: string): void;
}

/**
 * Shows the view of a call on the run's canvas (nothing when there is none, or the page vetoed
 * it: the call still runs and the model reads its text).
 */
export function showAppView(context: Pick<ToolExecutionContext, 'widgets'>, params: McpAppViewParams): AppViewHandle {
  const canvas = context.widgets;
  const shown = canvas?.create({type: MCP_APP_WIDGET_TYPE, params: {...params}});
  const settle = (extra: Partial<McpAppViewParams>) => {
    if (!shown || !canvas) return;
    // The view may have been closed meanwhile (update answers undefined then): nothing to tell.
    const now = canvas.get(shown.id);
    if (now) canvas.update(shown.id, {...now.params, ...extra});
  };
  return {finished: (result) => settle({result}), cancelled: (cancelled) => settle({cancelled})};
}

/**
 * The draft of a streaming call to one of the server's tools with a view: an `mcp-app` widget
 * whose input is what the model wrote so far. Other tools have no draft.
 */
export function appViewPreviewer(server: string, channel: string, tools: ReadonlyMap<string, LayerTool>): ToolPreviewer {
  return (name, partialArgs) => {
    const resourceUri = tools.get(name)?.app?.resourceUri;
    if (!resourceUri) return undefined;
    const params: McpAppViewParams = {server, channel, tool: name, resourceUri, input: partialArgs, partial: true};
    return {type: MCP_APP_WIDGET_TYPE, params: {...params}};
  };
}
