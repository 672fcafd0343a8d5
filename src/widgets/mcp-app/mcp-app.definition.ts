/**
 * The `mcp-app` widget with its element: one MCP App view in a sandboxed double frame. Its element
 * (with the MCP Apps bridge) loads on first use.
 */
import {defineElement} from '../../define-element.js';
import type {HostWidgetDefinition} from '../widget-definition.js';
import {mcpAppSpec} from './mcp-app.contract.js';

/** The `mcp-app` widget's element, `<autoui-mcp-app>` (host-only, see {@link mcpAppSpec}). */
export const mcpAppWidget: HostWidgetDefinition = {
  ...mcpAppSpec,
  tagName: 'autoui-mcp-app',
  load: async () => {
    const {AutouiMcpAppWidget} = await import('./autoui-mcp-app.js');
    defineElement('autoui-mcp-app', AutouiMcpAppWidget);
  },
};
