/**
 * The 2025-11-25 lifecycle of a Streamable HTTP endpoint: `initialize` opens a session (one
 * transport and one server, found again by its `Mcp-Session-Id`), and a session the host no
 * longer knows gets 404, which tells a client to initialise again (the spec's recovery).
 *
 * Servers built on the SDK v2 (`@modelcontextprotocol/server`) run on its web-standard transport
 * through the node bridge. The 2025-only test fixtures built on the v1 SDK get the v1 node:http
 * transport, loaded only for them, so the demo servers never load the v1 SDK.
 */
import {randomUUID} from 'node:crypto';
import {McpServer, Server, WebStandardStreamableHTTPServerTransport, isInitializeRequest} from '@modelcontextprotocol/server';
import {rpcError, sendResponse, toRequest} from './node-web.mjs';

/**
 * @typedef {object} LegacySession
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: unknown) => Promise<void>} serve
 * @property {() => Promise<void>} close
 */

/**
 * A registry of 2025 sessions.
 * @param {() => {connect(transport: unknown): Promise<void>}} createServer a fresh server (v2 or v1) per session
 */
export function createLegacySessions(createServer) {
  /** @type {Map<string, LegacySession>} */
  const sessions = new Map();

  /** Opens a session for an `initialize`; it is kept once the transport has given it an id. */
  async function open() {
    const server = createServer();
    const v2 = server instanceof McpServer || server instanceof Server;
    const session = v2 ? openV2(sessions) : await openV1(sessions);
    await server.connect(session.transport);
    return session;
  }

  return {
    /**
     * Serves one request of the 2025 lifecycle.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {unknown} body the parsed body of a POST
     */
    async handle(req, res, body) {
      const id = req.headers['mcp-session-id'];
      if (typeof id === 'string') {
        const session = sessions.get(id);
        if (!session) return rpcError(res, 404, 'Session not found: initialise again.', -32001);
        return session.serve(req, res, body);
      }
      if (req.method !== 'POST' || !isInitializeRequest(body)) return rpcError(res, 400, 'Bad Request: no valid session id; start with initialize.');
      return (await open()).serve(req, res, body);
    },
    /** How many sessions are open (tests). */
    count: () => sessions.size,
    /** Closes every session, as a restart would: their next request gets 404. */
    async forget() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((s) => s.close()));
    },
  };
}

/** A session on the SDK v2's web-standard transport. */
function openV2(sessions) {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (id) => void sessions.set(id, session),
    // A DELETE from the client ends its session.
    onsessionclosed: (id) => void sessions.delete(id),
  });
  transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
  const session = {
    transport,
    serve: async (req, res, body) => sendResponse(res, await transport.handleRequest(toRequest(req, body), body === undefined ? {} : {parsedBody: body})),
    close: () => transport.close(),
  };
  return session;
}

/** A session on the v1 SDK's node:http transport (2025-only fixtures built on the v1 SDK). */
async function openV1(sessions) {
  const {StreamableHTTPServerTransport} = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const transport = new StreamableHTTPServerTransport({sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, session)});
  transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
  const session = {transport, serve: (req, res, body) => transport.handleRequest(req, res, body), close: () => transport.close()};
  return session;
}
