/**
 * The `mcp-app` widget: one MCP App view (a server's `ui://` HTML) in a sandboxed double frame.
 * Not in the model's catalogue: the model never writes one, a call to a tool with a view shows
 * it. Its element (with the MCP Apps bridge) loads on first use.
 */
import {defineElement} from '../../define-element.js';
import {MCP_APP_WIDGET_TYPE} from '../../schema/mcp-app-view.js';

/** What the canvas needs to show a host-made widget: its type, tag and loader. */
export interface HostWidgetDefinition {
  type: string;
  tagName: string;
  load(): Promise<void>;
}

/** The `mcp-app` widget's element. */
export const mcpAppWidget: HostWidgetDefinition = {
  type: MCP_APP_WIDGET_TYPE,
  tagName: 'autoui-mcp-app',
  load: async () => {
    const {AutouiMcpAppWidget} = await import('./autoui-mcp-app.js');
    defineElement('autoui-mcp-app', AutouiMcpAppWidget);
  },
};
