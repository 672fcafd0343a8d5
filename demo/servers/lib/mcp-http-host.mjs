/**
 * Hosts an MCP server on plain `node:http` in both protocol eras on one endpoint, the way a page
 * in a browser needs it:
 * - 2026-07-28 (stateless: `server/discover`, each request with its own `_meta`, no session): the
 *   MCP SDK v2's `createMcpHandler`, a fresh server per request;
 * - the 2025-11-25 lifecycle (`initialize`, `Mcp-Session-Id`): `legacy-sessions.mjs`, one
 *   transport + server per session, 404 for a session the host no longer knows;
 * - the CORS headers of `CORS_HEADERS` (each one was found necessary by removing it), and
 *   DNS-rebinding protection (a Host header that is not this machine is refused, as the MCP
 *   security guidance asks of local servers).
 */
import {createServer} from 'node:http';
import {createMcpHandler, isLegacyRequest} from '@modelcontextprotocol/server';
import {createLegacySessions} from './legacy-sessions.mjs';
import {INVALID, hostAllowed, readJson, rpcError, sendResponse, toRequest} from './node-web.mjs';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The CORS headers a browser page needs to talk MCP cross-origin. DELETE ends a session; without
 * `Mcp-Protocol-Version` in Allow-Headers the preflight fails; without exposing `Mcp-Session-Id` the
 * client cannot read its session id and the next request is refused. `Accept`, `Authorization` and
 * `Last-Event-ID` serve tokens and resumable streams. `Mcp-Method` and `Mcp-Name` go with every
 * 2026-07-28 request: a preflight that refused them would send such a client back to the 2025
 * lifecycle. The `Mcp-Param-*` headers (tools that declare `x-mcp-header`) have names of their
 * own, which CORS cannot match by prefix: a preflight asking for some gets them added (see
 * {@link preflightHeaders}).
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID',
  // WWW-Authenticate: a page reads a protected server's sign-in metadata from its 401.
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, WWW-Authenticate',
};

/**
 * The headers of a preflight answer beyond `cors`: the `Mcp-Param-*` headers the browser asks
 * about, when `cors` allows headers at all (a fixture that allows none on purpose stays so).
 * @param {import('node:http').IncomingMessage} req
 * @param {Record<string, string>} cors
 * @returns {Record<string, string>}
 */
export function preflightHeaders(req, cors) {
  const allowed = cors['Access-Control-Allow-Headers'];
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => /^mcp-param-[a-z0-9_-]+$/i.test(h));
  if (!allowed || asked.length === 0) return {Vary: 'Access-Control-Request-Headers'};
  return {'Access-Control-Allow-Headers': `${allowed}, ${asked.join(', ')}`, Vary: 'Access-Control-Request-Headers'};
}

/**
 * Starts the host.
 * @param {object} options
 * @param {(context?: {visitor?: string}) => {connect(transport: unknown): Promise<void>}} options.createServer
 *   makes a fresh MCP server (an SDK v2 `McpServer`; a v1 one for `protocols: '2025'`) for each new
 *   2025 session, and for each 2026-07-28 request (then with the visitor it comes from)
 * @param {'both' | '2025' | '2026'} [options.protocols] `2025`: the 2025 lifecycle only, as a server from
 *   before 2026-07-28 answers (test fixtures built on the v1 SDK's McpServer); `2026`: 2026-07-28
 *   only, `initialize` refused as a 2026-only server refuses it. Default `both`.
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
  const protocols = options.protocols ?? 'both';
  const allowedHosts = new Set([...(options.allowedHosts ?? LOCAL_HOSTS), ...(process.env.MCP_ALLOWED_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean) ?? [])]);
  const sessions = createLegacySessions(() => options.createServer());
  // The 2026-07-28 leg, one server per request. `legacy: 'reject'`: the 2025 lifecycle is ours
  // (sessions), so the SDK's stateless legacy fallback never runs; a 2026-only host lets the
  // handler refuse `initialize` itself. A stateless request has no session: what a server keeps
  // per visitor it keys by `visitor`.
  const modernFor = (visitor) => createMcpHandler(() => options.createServer({visitor}), {legacy: 'reject'});

  const http = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    try {
      if (req.method === 'OPTIONS') return void res.writeHead(204, preflightHeaders(req, cors)).end();
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
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body === INVALID) return rpcError(res, 400, 'Parse error: the body is not JSON.', -32700);
    if (await isModern(req, body)) {
      const handler = modernFor(visitorOf(req));
      res.once('close', () => void handler.close());
      return sendResponse(res, await handler.fetch(toRequest(req, body)));
    }
    return sessions.handle(req, res, body);
  }

  /** Whether a request goes to the 2026-07-28 leg: never with a session id, as the SDK classifies it otherwise. */
  async function isModern(req, body) {
    if (protocols === '2026') return true;
    if (protocols === '2025' || typeof req.headers['mcp-session-id'] === 'string') return false;
    return !(await isLegacyRequest(toRequest(req, body), body));
  }

  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = /** @type {import('node:net').AddressInfo} */ (http.address()).port;
  const shownHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${shownHost}:${port}${path}`,
    port,
    sessionCount: sessions.count,
    forgetSessions: sessions.forget,
    async close() {
      await sessions.forget();
      http.closeAllConnections?.();
      await new Promise((resolve) => http.close(() => resolve(undefined)));
    },
  };
}

/**
 * Who sends a stateless request, as far as a demo can tell without sign-in: the address and the
 * browser. Enough to keep one visitor's saved things apart from another's on a public demo.
 */
function visitorOf(req) {
  return `${req.socket.remoteAddress ?? ''} ${req.headers['user-agent'] ?? ''} ${req.headers.origin ?? ''}`;
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
