/**
 * The `mcp-app` widget without its element: one MCP App view (a server's `ui://` HTML). Host-only:
 * not in the model's catalogue, the model never writes one; a call to a tool with a view shows it.
 * DOM-free (no Lit, no element), like every widget's `*.contract.ts`.
 */
import {MCP_APP_WIDGET_TYPE} from '../../schema/mcp-app-view.js';
import type {HostWidgetSpec} from '../widget-definition.js';

/** The `mcp-app` widget: a whole row of the canvas, shown by the host only. */
export const mcpAppSpec: HostWidgetSpec = {
  type: MCP_APP_WIDGET_TYPE,
  layout: 'wide',
  hostOnly: true,
};
