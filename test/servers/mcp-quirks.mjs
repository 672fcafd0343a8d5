/**
 * A test MCP server with the edge cases of real deployments: `tools/list` split into pages of two,
 * two tools with broken input schemas (not an object; a dangling `$ref`), annotations, a tool that
 * reports the headers it received, and two admin routes: `POST /forget` drops every session (the
 * next call gets HTTP 404, as after a server restart) and `/hang` never answers (timeouts).
 */
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode} from '@modelcontextprotocol/sdk/types.js';
import {CORS_HEADERS, startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-quirks';

const PAGE = 2;
const obj = (properties = {}, required = []) => ({type: 'object', properties, required});
const TOOLS = [
  {name: 'echo', description: 'Echo the text back.', inputSchema: obj({text: {type: 'string'}}, ['text']), annotations: {readOnlyHint: true}},
  {name: 'headers', description: 'Which request headers arrived.', inputSchema: obj(), annotations: {readOnlyHint: true}},
  {name: 'not_object', description: 'Broken: its input schema is a string schema.', inputSchema: {type: 'string'}},
  {name: 'dangling_ref', description: 'Broken: its input schema refers to a missing definition.', inputSchema: obj({x: {$ref: '#/$defs/missing'}})},
  {name: 'stamp', description: 'Read-only: returns a counter of calls in this session.', inputSchema: obj(), annotations: {readOnlyHint: true}},
  {name: 'append', description: 'Writes: appends a line (not read-only).', inputSchema: obj({line: {type: 'string'}}), annotations: {readOnlyHint: false, destructiveHint: false}},
  {name: 'slow', description: 'Waits until cancelled (or 30 s), sending progress every 100 ms.', inputSchema: obj({token: {type: 'string'}}), annotations: {readOnlyHint: true}},
  {name: 'slow_status', description: 'What became of the slow call with this token: running, cancelled or done.', inputSchema: obj({token: {type: 'string'}}), annotations: {readOnlyHint: true}},
  {name: 'fail', description: 'Always answers with isError.', inputSchema: obj()},
];

/** token → running | cancelled | done, across sessions (the server is told of cancellations). */
const slowCalls = new Map();

function createQuirksServer() {
  const server = new Server({name: 'Quirks', version: '0.0.1'}, {capabilities: {tools: {}}, instructions: 'Edge cases for autoui-agent tests.'});
  let calls = 0;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const page = TOOLS.slice(start, start + PAGE);
    return {tools: page, ...(start + PAGE < TOOLS.length ? {nextCursor: String(start + PAGE)} : {})};
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const {name: tool, arguments: args = {}} = request.params;
    calls++;
    switch (tool) {
      case 'echo':
        return {content: [{type: 'text', text: String(args.text)}]};
      case 'headers': {
        const h = extra.requestInfo?.headers ?? {};
        return {content: [{type: 'text', text: 'headers'}], structuredContent: {authorization: h.authorization ?? null, xTest: h['x-test'] ?? null}};
      }
      case 'stamp':
        return {content: [{type: 'text', text: `stamp ${calls}`}]};
      case 'append':
        return {content: [{type: 'text', text: `appended ${args.line}`}]};
      case 'slow': {
        slowCalls.set(args.token, 'running');
        const progressToken = request.params._meta?.progressToken;
        let step = 0;
        await new Promise((resolve) => {
          const timer = setInterval(() => {
            step++;
            if (progressToken !== undefined) void extra.sendNotification({method: 'notifications/progress', params: {progressToken, progress: step}}).catch(() => {});
            if (step >= 300) clearInterval(timer), resolve(undefined);
          }, 100);
          extra.signal.addEventListener('abort', () => clearInterval(timer) || resolve(undefined), {once: true});
        });
        slowCalls.set(args.token, extra.signal.aborted ? 'cancelled' : 'done');
        return {content: [{type: 'text', text: 'slow done'}]};
      }
      case 'slow_status':
        return {content: [{type: 'text', text: slowCalls.get(args.token) ?? 'unknown'}]};
      case 'fail':
        return {content: [{type: 'text', text: 'the quirks server refuses this on purpose'}], isError: true};
      default:
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${tool}`);
    }
  });
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const hung = new Set();
  const host = await startMcpHttpHost({
    // A server from before 2026-07-28 (the v1 SDK): the 2025 lifecycle only.
    protocols: '2025',
    createServer: createQuirksServer,
    cors: {...CORS_HEADERS, 'Access-Control-Allow-Headers': `${CORS_HEADERS['Access-Control-Allow-Headers']}, X-Test`},
    extraRoutes(req, res) {
      if (req.url === '/forget' && req.method === 'POST') {
        void host.forgetSessions().then(() => res.writeHead(204).end());
        return true;
      }
      if (req.url?.startsWith('/hang')) {
        hung.add(res);
        return true; // never answered
      }
      return false;
    },
  });
  return {
    url: host.url,
    async close() {
      for (const res of hung) res.destroy();
      await host.close();
    },
  };
}
