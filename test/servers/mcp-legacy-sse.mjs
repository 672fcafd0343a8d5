/**
 * An old-style MCP server speaking only the legacy HTTP+SSE transport (protocol 2024-11-05):
 * `GET /sse` opens the event stream and announces `/messages?sessionId=...`, where the client
 * POSTs. A POST to `/sse` (what a Streamable HTTP client tries first) gets 405, so the client
 * must fall back to SSE.
 */
import {createServer} from 'node:http';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {SSEServerTransport} from '@modelcontextprotocol/sdk/server/sse.js';
import {z} from 'zod';
import {CORS_HEADERS} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-legacy-sse';

function createLegacyServer() {
  const server = new McpServer({name: 'Legacy', version: '0.0.1'});
  server.registerTool('shout', {description: 'Upper-cases the text.', inputSchema: {text: z.string()}, annotations: {readOnlyHint: true}}, async ({text}) => ({
    content: [{type: 'text', text: text.toUpperCase()}],
  }));
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  /** @type {Map<string, SSEServerTransport>} */
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sessions.set(transport.sessionId, transport);
      res.on('close', () => sessions.delete(transport.sessionId));
      await createLegacyServer().connect(transport);
      return;
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end('unknown session');
      return void (await transport.handlePostMessage(req, res));
    }
    res.writeHead(url.pathname === '/sse' ? 405 : 404, {'Content-Type': 'text/plain'}).end('Method not allowed: this server speaks the legacy SSE transport.');
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/sse`,
    async close() {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
