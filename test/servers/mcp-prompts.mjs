/**
 * A test MCP server with MCP prompts but no recipe tools: the client must expose its prompts as
 * recipes (`list_recipes` / `get_recipe`). One data tool, two prompts (one with an argument).
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-prompts';

function createPromptsServer() {
  const server = new McpServer({name: 'Garden', version: '0.0.1'}, {instructions: 'Plants and when to sow them.'});
  server.registerTool('sowing_calendar', {description: 'Months to sow a plant.', inputSchema: {plant: z.string()}, annotations: {readOnlyHint: true}}, async ({plant}) => ({
    content: [{type: 'text', text: JSON.stringify({plant, months: plant === 'tomato' ? ['March', 'April'] : ['May']})}],
  }));
  server.registerPrompt('sowing-chart', {title: 'Sowing chart', description: 'Show when to sow a plant as a bar chart.'}, () => ({
    messages: [{role: 'user', content: {type: 'text', text: 'Call sowing_calendar({plant}) then widget_display({name: "chart", params: {type: "bar", ...}}).'}}],
  }));
  server.registerPrompt(
    'plant-card',
    {title: 'Plant card', description: 'A key-value card about one plant.', argsSchema: {plant: z.string().describe('the plant')}},
    ({plant}) => ({messages: [{role: 'user', content: {type: 'text', text: `Show a kv widget about ${plant}.`}}]}),
  );
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    createServer: createPromptsServer,
  });
  return {url: host.url, close: host.close};
}
