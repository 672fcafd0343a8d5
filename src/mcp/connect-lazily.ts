/**
 * `connectMcpServer` for users of the public entries, loading the MCP client (the SDK and zod,
 * about 50 kB gzip) only when a server is first connected, as the element does.
 */
import type {McpConnectResult, McpConnection, McpServerOptions} from './index.js';
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import {setZodJitless} from './zod-jitless.js';

async function mcp() {
  // Before the MCP chunk evaluates: keeps zod from probing eval on strict-CSP pages.
  setZodJitless();
  return import('./index.js');
}

/** Connects one MCP server over Streamable HTTP (or legacy SSE) and returns its layer. See `src/mcp`. */
export async function connectMcpServer(options: McpServerOptions): Promise<McpConnection> {
  return (await mcp()).connectMcpServer(options);
}

/**
 * {@link connectMcpServer} with its requests traced under `trace` (a session's connect span).
 * Internal: the session's servers use it; the public entries offer `connectMcpServer`.
 */
export async function connectTracedServer(options: McpServerOptions, trace: TraceSpan): Promise<McpConnection> {
  return (await mcp()).connectMcpServer({...options, trace});
}

/** Starts loading the MCP client now (a connection that first waits for the tracing chunk loads both at once). */
export function preloadMcp(): void {
  mcp().catch(() => {
    // The connection that follows loads it again and reports the failure.
  });
}

/** Connects several servers in parallel; each settles on its own. See `src/mcp`. */
export async function connectMcpServers(list: readonly McpServerOptions[], onSettled?: (result: McpConnectResult) => void): Promise<McpConnectResult[]> {
  return (await mcp()).connectMcpServers(list, onSettled);
}
