/**
 * A misconfigured MCP server: it allows the origin but not the request headers MCP sends
 * (`Mcp-Protocol-Version`, `Content-Type`...), so the browser's preflight fails. The client must
 * name `Access-Control-Allow-Headers` (MCP_CORS), not call the server "down".
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-cors-no-allow-headers';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    cors: {'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS'},
    createServer: () => {
      const server = new McpServer({name: 'NoAllowHeaders', version: '0.0.1'});
      server.registerTool('hello', {description: 'Says hello.'}, async () => ({content: [{type: 'text', text: 'hello'}]}));
      return server;
    },
  });
  return {url: host.url, close: host.close};
}
