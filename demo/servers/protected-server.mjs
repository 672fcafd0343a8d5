#!/usr/bin/env node
/**
 * The demo's **Notes** server: an MCP server (both protocol eras) that only answers a signed-in
 * person, as most hosted MCP servers do. Without a valid token it answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…`; its protected-resource metadata (RFC 9728)
 * names the authorization server that runs in the same process (`lib/oauth-server.mjs`: a
 * consent page for one demo user). `<autoui-server url=".../mcp">` with no token: the element
 * shows a sign-in card, and the tools work once the person allowed it.
 */
import {McpServer} from '@modelcontextprotocol/server';
import {runIfMain, startMcpHttpHost} from './lib/mcp-http-host.mjs';
import {createOAuthServer, originOf} from './lib/oauth-server.mjs';

export const DEFAULT_PORT = 3103;
const SCOPE = 'notes:read';
const PRM_PATH = '/.well-known/oauth-protected-resource/mcp';
// The root variant too: clients that find no metadata at the path-suffixed address try it next.
const PRM_PATHS = [PRM_PATH, '/.well-known/oauth-protected-resource'];

const NOTES = [
  {title: 'Groceries', text: 'Coffee, oat milk, lemons.'},
  {title: 'Ideas', text: 'A map of every bakery within walking distance.'},
  {title: 'Reading', text: 'The Left Hand of Darkness, then Piranesi.'},
];

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const json = (value) => ({content: [{type: 'text', text: JSON.stringify(value)}], structuredContent: value});

function createNotesServer(user) {
  const server = new McpServer({name: 'Notes', version: '1.0.0'}, {instructions: 'The signed-in person\'s notes. Sign-in (OAuth) is required.'});
  server.registerTool('whoami', {title: 'Who am I', description: 'The signed-in user.', inputSchema: {}, annotations: READ_ONLY}, async () => json({user}));
  server.registerTool('private_notes', {title: 'Private notes', description: 'The signed-in user\'s notes (title and text).', inputSchema: {}, annotations: READ_ONLY}, async () => json({notes: NOTES}));
  return server;
}

/**
 * Starts the Notes server and its authorization server.
 * @param {{port?: number, host?: string, autoApprove?: boolean}} [options] `autoApprove`: no consent page (tests)
 * @returns {Promise<{name: string, url: string, close(): Promise<void>, revokeTokens(): void}>}
 */
export async function start(options = {}) {
  const oauth = createOAuthServer({scopes: [SCOPE], autoApprove: options.autoApprove});
  const resourceOf = (req) => `${originOf(req)}/mcp`;
  const host = await startMcpHttpHost({
    port: options.port ?? 0,
    host: options.host,
    createServer: () => createNotesServer('demo-user'),
    guard: (req, res) => {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const grant = token ? oauth.verify(token, resourceOf(req)) : undefined;
      if (grant?.scope.split(' ').includes(SCOPE)) return false;
      // A valid token without the scope gets 403 insufficient_scope: the client steps up (asks again with the scope).
      const [status, error] = grant ? [403, 'insufficient_scope'] : [401, token ? 'invalid_token' : undefined];
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'WWW-Authenticate': `Bearer resource_metadata="${originOf(req)}${PRM_PATH}", scope="${SCOPE}"${error ? `, error="${error}"` : ''}`,
      });
      res.end(JSON.stringify({jsonrpc: '2.0', error: {code: -32001, message: grant ? `The sign-in does not include ${SCOPE}.` : 'Sign-in required.'}, id: null}));
      return true;
    },
    extraRoutes: async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      if (PRM_PATHS.includes(path)) {
        res.writeHead(200, {'Content-Type': 'application/json'}).end(
          JSON.stringify({resource: resourceOf(req), authorization_servers: [originOf(req)], scopes_supported: [SCOPE], bearer_methods_supported: ['header']}),
        );
        return true;
      }
      return oauth.handle(req, res);
    },
  });
  return {name: 'Notes', url: host.url, close: host.close, revokeTokens: () => oauth.revokeAll()};
}

await runIfMain(import.meta.url, start, DEFAULT_PORT);
