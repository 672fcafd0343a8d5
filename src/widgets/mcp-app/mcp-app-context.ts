/**
 * The context key through which an `<autoui-agent>` lends its MCP App host (the session's side
 * of views: servers, approvals, questions) to the `mcp-app` widgets of its canvas.
 */
import {createContext} from '@lit/context';
import type {McpAppHost} from '../../schema/mcp-app-view.js';

export type {McpAppHost} from '../../schema/mcp-app-view.js';

/** The context key `mcp-app` widgets consume. */
export const mcpAppHostContext = createContext<McpAppHost | undefined>(Symbol('autoui-mcp-app-host'));
