/**
 * A test MCP server whose one tool answers as large as asked: `big_result({chars, parts, keys})`
 * sends `chars` characters of text split over `parts` text parts, plus `structuredContent` of
 * `keys` short entries when `keys` > 0. The result is built on the server, so a test asks for
 * megabytes without sending them (the main-thread property test of tool results).
 */
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode} from '@modelcontextprotocol/sdk/types.js';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-big-results';

/** The largest result built (characters), so a mistaken test cannot exhaust the server. */
const MAX_CHARS = 64_000_000;
const int = {type: 'integer', minimum: 0};
const TOOLS = [
  {
    name: 'big_result',
    description: 'Answers with chars characters of text in parts text parts, and keys entries of structured content.',
    inputSchema: {type: 'object', properties: {chars: int, parts: int, keys: int}},
    annotations: {readOnlyHint: true},
  },
];

/** `chars` characters of readable rows ("row 1 of …"), not one repeated letter. */
function text(chars) {
  const line = 'row of a very large tool result, ';
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
}

function createBigServer() {
  const server = new Server({name: 'Big results', version: '0.0.1'}, {capabilities: {tools: {}}});
  server.setRequestHandler(ListToolsRequestSchema, async () => ({tools: TOOLS}));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const {name: tool, arguments: args = {}} = request.params;
    if (tool !== 'big_result') throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${tool}`);
    const chars = Math.min(MAX_CHARS, Math.max(0, Number(args.chars) || 0));
    const parts = Math.max(1, Math.min(10_000, Number(args.parts) || 1));
    const keys = Math.max(0, Math.min(1_000_000, Number(args.keys) || 0));
    const body = text(chars);
    const size = Math.ceil(chars / parts);
    const content = Array.from({length: parts}, (_, i) => ({type: 'text', text: body.slice(i * size, (i + 1) * size)}));
    const structured = keys ? Object.fromEntries(Array.from({length: keys}, (_, i) => [`k${i}`, `value ${i}`])) : undefined;
    return {content, ...(structured ? {structuredContent: structured} : {})};
  });
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const host = await startMcpHttpHost({protocols: '2025', createServer: createBigServer});
  return {url: host.url, close: host.close};
}
