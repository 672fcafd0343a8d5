/**
 * A misconfigured MCP server: its CORS headers lack `Access-Control-Expose-Headers: Mcp-Session-Id`,
 * so a browser page cannot read the session id and the host refuses the next request (400, "no
 * valid session id"). The client must say so: MCP_CORS.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {CORS_HEADERS, startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-cors-no-expose';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const {'Access-Control-Expose-Headers': _omitted, ...cors} = CORS_HEADERS;
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    cors,
    createServer: () => {
      const server = new McpServer({name: 'NoExpose', version: '0.0.1'});
      server.registerTool('hello', {description: 'Says hello.'}, async () => ({content: [{type: 'text', text: 'hello'}]}));
      return server;
    },
  });
  return {url: host.url, close: host.close};
}
