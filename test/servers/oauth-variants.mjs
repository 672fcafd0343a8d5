/**
 * MCP servers that require sign-in, each with an authorization server that is wrong in one way,
 * for the sign-in safety tests (test/element/sign-in-safety.test.ts). Every server answers 401;
 * none serves tools: what is tested is what the client does before and after the person's visit.
 *
 * - `/v/<variant>/mcp`: protected-resource metadata naming the authorization server
 *   `/as/<variant>`, whose metadata is honest except for the variant: `no-pkce` (no
 *   `code_challenge_methods_supported`), `http-endpoint`, `blob-endpoint`, `file-endpoint`,
 *   `ftp-endpoint` (its authorization page's scheme), `no-iss` (does not name itself in answers),
 *   `cimd-no-iss` (takes Client ID Metadata Documents, does not send `iss`),
 *   `honest` and `hostile` (the two sides of a mix-up; neither sends `iss`).
 * - `/noprm/mcp`: no protected-resource metadata at all; the authorization server is the origin's.
 * Authorization pages approve at once (302 back with `code` and `state`); the token endpoint
 * refuses every code and records it (`X-Redirect-As-Json: 1` gets the redirect as `{location}`,
 * since a page cannot read a cross-origin redirect): `GET /log` tells which authorization server got which code.
 */
import {createServer} from 'node:http';
import {randomBytes} from 'node:crypto';

export const name = 'oauth-variants';

const CORS = {'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Expose-Headers': 'WWW-Authenticate'};
const ENDPOINTS = {'http-endpoint': 'http://auth.example/authorize', 'blob-endpoint': 'blob:https://auth.example/1', 'file-endpoint': 'file:///etc/authorize', 'ftp-endpoint': 'ftp://auth.example/authorize'};

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const clients = new Map();
  const codes = new Map();
  /** Codes each authorization server's token endpoint was sent: `{as, code}`. */
  const exchanged = [];
  const json = (res, status, body, headers = {}) => res.writeHead(status, {...CORS, 'Content-Type': 'application/json', ...headers}).end(JSON.stringify(body));

  function metadata(origin, variant) {
    const issuer = variant ? `${origin}/as/${variant}` : origin;
    const meta = {
      issuer,
      authorization_endpoint: ENDPOINTS[variant] ?? `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    };
    if (variant === 'no-pkce') delete meta.code_challenge_methods_supported;
    if (['no-iss', 'honest', 'hostile', 'cimd-no-iss'].includes(variant)) delete meta.authorization_response_iss_parameter_supported;
    if (variant === 'cimd-no-iss') meta.client_id_metadata_document_supported = true;
    return meta;
  }

  async function body(req) {
    let text = '';
    for await (const chunk of req) text += chunk;
    return req.headers['content-type']?.includes('json') ? JSON.parse(text || '{}') : Object.fromEntries(new URLSearchParams(text));
  }

  const http = createServer(async (req, res) => {
    const origin = `http://${req.headers.host}`;
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    let m;
    if ((m = /^\/v\/([\w-]+)\/mcp$/.exec(path)) || path === '/noprm/mcp') {
      const challenge = m ? `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/v/${m[1]}/mcp"` : 'Bearer';
      return json(res, 401, {jsonrpc: '2.0', error: {code: -32001, message: 'Sign-in required.'}, id: null}, {'WWW-Authenticate': challenge});
    }
    if ((m = /^\/\.well-known\/oauth-protected-resource\/v\/([\w-]+)\/mcp$/.exec(path))) {
      return json(res, 200, {resource: `${origin}/v/${m[1]}/mcp`, authorization_servers: [`${origin}/as/${m[1]}`]});
    }
    if ((m = /^\/\.well-known\/oauth-authorization-server(?:\/as\/([\w-]+))?$/.exec(path))) return json(res, 200, metadata(origin, m[1]));
    if ((m = /^(?:\/as\/([\w-]+))?\/register$/.exec(path)) && req.method === 'POST') {
      const meta = await body(req);
      const client = {...meta, client_id: `${m[1] ?? 'root'}-${randomBytes(6).toString('hex')}`, token_endpoint_auth_method: 'none'};
      clients.set(client.client_id, client);
      return json(res, 201, client);
    }
    if ((m = /^(?:\/as\/([\w-]+))?\/authorize$/.exec(path))) {
      const q = Object.fromEntries(url.searchParams);
      const client = clients.get(q.client_id);
      // As an honest server does: only to a redirect address the client registered with it.
      if (!client?.redirect_uris?.includes(q.redirect_uri)) return json(res, 400, {error: 'invalid_request', error_description: 'unregistered redirect_uri'});
      const code = `${m[1] ?? 'root'}-code-${randomBytes(6).toString('hex')}`;
      codes.set(code, q);
      const to = new URL(q.redirect_uri);
      to.searchParams.set('code', code);
      if (q.state) to.searchParams.set('state', q.state);
      // A page cannot read a cross-origin redirect: a test that plays the person's browser asks for it as JSON.
      if (req.headers['x-redirect-as-json']) return json(res, 200, {location: to.href});
      return void res.writeHead(302, {...CORS, Location: to.href}).end();
    }
    if ((m = /^(?:\/as\/([\w-]+))?\/token$/.exec(path)) && req.method === 'POST') {
      const form = await body(req);
      exchanged.push({as: m[1] ?? 'root', code: form.code});
      return json(res, 400, {error: 'invalid_grant', error_description: 'this test server grants nothing'});
    }
    if (path === '/log') return json(res, 200, {exchanged});
    json(res, 404, {error: 'not found'});
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = http.address().port;
  return {url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => http.close(() => resolve()))};
}
