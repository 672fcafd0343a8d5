/**
 * An MCP server that speaks only the 2026-07-28 revision (SDK v2, stateless): it answers
 * `server/discover` and requests carrying their own `_meta`, and refuses `initialize` (and any
 * request with a session id) the way a 2026-only server does, with an error naming the revisions
 * it supports. A client pinned to 2025-11-25 fails against it; `auto` must pick 2026-07-28.
 * Its 2025-only counterparts are the v1-SDK fixtures (`mcp-prompts` and the others started with
 * `protocols: '2025'`).
 */
import {McpServer} from '@modelcontextprotocol/server';
import {z} from 'zod';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-modern-only';

function createModernServer() {
  const server = new McpServer({name: 'Modern', version: '0.0.1'}, {instructions: 'Tide times. Speaks 2026-07-28 only.'});
  server.registerTool(
    'tide_times',
    {description: 'High and low tide times of a harbour, today.', inputSchema: {harbour: z.string()}, annotations: {readOnlyHint: true}},
    async ({harbour}) => {
      const tides = {harbour, high: ['05:12', '17:40'], low: ['11:26', '23:55']};
      return {content: [{type: 'text', text: JSON.stringify(tides)}], structuredContent: tides};
    },
  );
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const host = await startMcpHttpHost({protocols: '2026', createServer: createModernServer});
  return {url: host.url, close: host.close};
}
