/**
 * Hosts an MCP server on plain `node:http` in both protocol eras, the way a page in a browser
 * needs it:
 * - 2026-07-28 (stateless: `server/discover`, each request with its own `_meta`): the MCP SDK v2's
 *   `createMcpHandler`, a fresh server per request;
 * - the 2025-11-25 lifecycle (`initialize`, `Mcp-Session-Id`): one transport + server per
 *   session, 404 for a session the host no longer knows (so clients can re-initialise). The v2
 *   server packages have only web-standard transports for it, so this leg keeps the node:http
 *   transport of the v1 SDK (a development dependency), under the same v2 `McpServer`;
 * - the CORS headers of `CORS_HEADERS` (each one was found necessary by removing it), and
 *   DNS-rebinding protection (a Host header that is not this machine is refused, as the MCP
 *   security guidance asks of local servers).
 */
import {createServer} from 'node:http';
import {randomUUID} from 'node:crypto';
import {Readable} from 'node:stream';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {isInitializeRequest} from '@modelcontextprotocol/sdk/types.js';
import {createMcpHandler, isLegacyRequest} from '@modelcontextprotocol/server';

const MAX_BODY = 1_000_000;
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The CORS headers a browser page needs to talk MCP cross-origin. DELETE ends a session; without
 * `Mcp-Protocol-Version` in Allow-Headers the preflight fails; without exposing `Mcp-Session-Id` the
 * client cannot read its session id and the next request is refused. `Accept`, `Authorization` and
 * `Last-Event-ID` serve tokens and resumable streams.
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  // Mcp-Method and Mcp-Name go with every 2026-07-28 request, Mcp-Param-* with tools that declare
  // x-mcp-header (none here); a preflight that refused them would send such a client to the 2025 lifecycle.
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID',
  // WWW-Authenticate: a page reads a protected server's sign-in metadata from its 401.
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, WWW-Authenticate',
};

/**
 * Starts the host.
 * @param {object} options
 * @param {(context?: {visitor?: string}) => import('@modelcontextprotocol/server').McpServer} options.createServer
 *   makes a fresh MCP server for each new 2025 session, and for each 2026-07-28 request (then with
 *   the visitor it comes from)
 * @param {'both' | '2025'} [options.protocols] `2025`: the 2025 lifecycle only, as a server from
 *   before 2026-07-28 answers (test fixtures built on the v1 SDK's McpServer). Default `both`.
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean} [options.guard]
 *   runs before each MCP request (not preflights); returns true when it answered (a 401)
 * @param {number} [options.port] 0 (default) picks a free port
 * @param {string} [options.host] interface to listen on, default 127.0.0.1
 * @param {string} [options.path] endpoint path, default `/mcp`
 * @param {Record<string, string>} [options.cors] replaces {@link CORS_HEADERS} (test servers that are misconfigured on purpose)
 * @param {string[]} [options.allowedHosts] host names accepted in the Host header (default: this machine; env MCP_ALLOWED_HOSTS adds more)
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean | Promise<boolean>} [options.extraRoutes]
 *   handles other paths; returns true when it answered
 * @returns {Promise<{url: string, port: number, close(): Promise<void>, forgetSessions(): Promise<void>, sessionCount(): number}>}
 */
export async function startMcpHttpHost(options) {
  const path = options.path ?? '/mcp';
  const cors = options.cors ?? CORS_HEADERS;
  const allowedHosts = new Set([...(options.allowedHosts ?? LOCAL_HOSTS), ...(process.env.MCP_ALLOWED_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean) ?? [])]);
  /** @type {Map<string, StreamableHTTPServerTransport>} */
  const sessions = new Map();
  // The 2026-07-28 leg, one server per request; legacy-classified requests never reach it.
  // A stateless request has no session: what a server keeps per visitor it keys by `visitor`.
  const modernFor = (visitor) => createMcpHandler(() => options.createServer({visitor}), {legacy: 'reject'});

  const http = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    try {
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const url = new URL(req.url ?? '/', 'http://local');
      if (!hostAllowed(req.headers.host, allowedHosts)) return rpcError(res, 403, 'Forbidden: Host header not allowed (DNS rebinding protection).');
      if (url.pathname === path && options.guard?.(req, res)) return;
      if (url.pathname !== path) {
        if (await options.extraRoutes?.(req, res)) return;
        return void res.writeHead(404, {'Content-Type': 'text/plain'}).end(`Not found. The MCP endpoint is ${path}.`);
      }
      await handleMcp(req, res);
    } catch (error) {
      if (!res.headersSent) rpcError(res, 500, `Internal error: ${error?.message ?? error}`);
      else res.end();
    }
  });

  async function handleMcp(req, res) {
    const sessionId = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body === INVALID) return rpcError(res, 400, 'Parse error: the body is not JSON.', -32700);
    const request = toRequest(req, body);
    if (options.protocols !== '2025' && typeof sessionId !== 'string' && !(await isLegacyRequest(request.clone(), body))) {
      const handler = modernFor(visitorOf(req));
      try {
        return await sendResponse(res, await handler.fetch(request));
      } finally {
        res.once('close', () => void handler.close());
      }
    }
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      // 404 tells a client its session is gone and that it should initialise again (spec).
      if (!transport) return rpcError(res, 404, 'Session not found: initialise again.', -32001);
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return rpcError(res, 400, 'Bad Request: no valid session id; start with initialize.');
    const server = options.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = /** @type {import('node:net').AddressInfo} */ (http.address()).port;
  const shownHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  async function forgetSessions() {
    const all = [...sessions.values()];
    sessions.clear();
    await Promise.allSettled(all.map((t) => t.close()));
  }

  return {
    url: `http://${shownHost}:${port}${path}`,
    port,
    sessionCount: () => sessions.size,
    forgetSessions,
    async close() {
      await forgetSessions();
      http.closeAllConnections?.();
      await new Promise((resolve) => http.close(() => resolve(undefined)));
    },
  };
}

const INVALID = Symbol('invalid');

/**
 * Who sends a stateless request, as far as a demo can tell without sign-in: the address and the
 * browser. Enough to keep one visitor's saved things apart from another's on a public demo.
 */
function visitorOf(req) {
  return `${req.socket.remoteAddress ?? ''} ${req.headers['user-agent'] ?? ''} ${req.headers.origin ?? ''}`;
}

/** The web-standard Request of a node request whose body was already read. */
function toRequest(req, body) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  return new Request(url, {method: req.method, headers, ...(body !== undefined ? {body: JSON.stringify(body)} : {})});
}

/** Writes a web-standard Response (streamed: server-sent events flow as they come). */
async function sendResponse(res, response) {
  const headers = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body).pipe(res);
}

/** Reads a JSON body (capped); INVALID when it is not JSON. */
async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) return INVALID;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

function hostAllowed(hostHeader, allowed) {
  if (!hostHeader) return false;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.split(':')[0];
  return allowed.has(name.toLowerCase());
}

function rpcError(res, status, message, code = -32000) {
  res.writeHead(status, {'Content-Type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}));
}

/**
 * Runs `start({port})` of a demo server module when the file is executed directly
 * (`node demo/servers/data-server.mjs --port 3101` or `PORT=3101 node ...`), and prints its URL.
 * @param {string} moduleUrl the caller's `import.meta.url`
 * @param {(o: {port: number, host?: string}) => Promise<{url: string, close(): Promise<void>}>} start
 * @param {number} defaultPort
 */
export async function runIfMain(moduleUrl, start, defaultPort) {
  const {fileURLToPath} = await import('node:url');
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const flag = process.argv.indexOf('--port');
  const port = Number(flag > 0 ? process.argv[flag + 1] : (process.env.PORT ?? defaultPort));
  const server = await start({port, host: process.env.HOST});
  console.log(`${server.name ?? 'MCP server'} listening on ${server.url}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
