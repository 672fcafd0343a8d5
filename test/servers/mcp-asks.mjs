/**
 * A test MCP server whose tools ask the client things it does not support (sampling, elicitation,
 * roots), whatever the client declared, and report what the client answered. The client must
 * refuse at once with a clear error, never leave the tool hanging.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema} from '@modelcontextprotocol/sdk/types.js';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-asks';

const REQUESTS = {
  ask_sampling: [{method: 'sampling/createMessage', params: {messages: [{role: 'user', content: {type: 'text', text: 'hi'}}], maxTokens: 10}}, CreateMessageResultSchema],
  ask_elicitation: [{method: 'elicitation/create', params: {message: 'Your name?', requestedSchema: {type: 'object', properties: {name: {type: 'string'}}}}}, ElicitResultSchema],
  ask_roots: [{method: 'roots/list', params: {}}, ListRootsResultSchema],
};

function createAsksServer() {
  const server = new McpServer({name: 'Asks', version: '0.0.1'});
  for (const [tool, [request, schema]] of Object.entries(REQUESTS)) {
    server.registerTool(tool, {description: `Sends ${request.method} to the client.`, inputSchema: {}}, async (_args, extra) => {
      try {
        const answer = await extra.sendRequest(request, schema, {timeout: 20_000});
        return {content: [{type: 'text', text: `client answered: ${JSON.stringify(answer)}`}]};
      } catch (error) {
        return {content: [{type: 'text', text: `client refused: ${error.message}`}], isError: true};
      }
    });
  }
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    createServer: createAsksServer,
  });
  return {url: host.url, close: host.close};
}
