/**
 * A small OAuth 2.1 authorization server for the demo's protected MCP server, in the same Node
 * process: what the MCP authorization flow asks of one, and no more. Metadata (RFC 8414) with
 * PKCE S256 only, `iss` in the authorization response (RFC 9207), Client ID Metadata Documents
 * (the client id is the URL of a JSON document whose `redirect_uris` are checked) and dynamic
 * registration (RFC 7591), a consent page with **Allow** and **Deny** for one demo user, the
 * `resource` indicator (RFC 8707) bound to codes and tokens, refresh tokens. Tokens are random
 * strings held in memory. Every endpoint answers CORS: a browser page runs the flow.
 */
import {createHash, randomBytes} from 'node:crypto';

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** CORS for the endpoints a page calls (metadata, registration, token). */
export const OAUTH_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Mcp-Protocol-Version',
};

/**
 * Where a request reached this process (`http://host:port`): the issuer and the resource are
 * named after the address the client used (localhost, 127.0.0.1 or another name of this machine),
 * since clients check that the names they are given match the addresses they asked.
 * @param {import('node:http').IncomingMessage} req
 */
export const originOf = (req) => `http://${req.headers.host ?? 'localhost'}`;

/**
 * An authorization server on this process's origin.
 * @param {{user?: string, scopes?: string[], autoApprove?: boolean, resourcePath?: string}} options
 *   `autoApprove`: no consent page (tests); `resourcePath`: the path of the one resource (MCP
 *   endpoint) it issues tokens for on this origin, default `/mcp`
 */
export function createOAuthServer(options) {
  const user = options.user ?? 'demo-user';
  const scopes = options.scopes ?? ['notes:read'];
  const offered = new Set([...scopes, 'offline_access']);
  // RFC 8707: a token is only for the resource it was asked for, and this server protects one.
  const resourceOf = (req) => `${originOf(req)}${options.resourcePath ?? '/mcp'}`;
  const clients = new Map();
  const codes = new Map();
  const tokens = new Map();
  const refreshTokens = new Map();

  const metadata = (req) => {
    const issuer = originOf(req);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...scopes, 'offline_access'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  };

  /** The client behind `clientId`: registered, or a metadata document fetched now. */
  async function clientOf(clientId) {
    if (clients.has(clientId)) return clients.get(clientId);
    let url;
    try {
      url = new URL(clientId);
    } catch {
      return undefined;
    }
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return undefined;
    // A document that is slow, redirects or is large is refused: the fetch runs on the person's sign-in.
    const response = await fetch(url, {redirect: 'error', signal: AbortSignal.timeout(5000), headers: {Accept: 'application/json'}}).catch(() => undefined);
    const body = response?.ok ? await response.text().catch(() => '') : '';
    let document;
    try {
      document = body.length <= 10_000 ? JSON.parse(body) : undefined;
    } catch {
      document = undefined;
    }
    // The document must name itself: a client id is the document's own address.
    return document?.client_id === clientId && Array.isArray(document.redirect_uris) ? document : undefined;
  }

  /** Redirects back to the client with `params` (and `iss`). */
  function back(req, res, redirectUri, params) {
    const to = new URL(redirectUri);
    for (const [k, v] of Object.entries({...params, iss: originOf(req)})) if (v !== undefined) to.searchParams.set(k, v);
    res.writeHead(302, {Location: to.href, 'Cache-Control': 'no-store'}).end();
  }

  function issueTokens(grant) {
    const accessToken = random();
    const refreshToken = random();
    tokens.set(accessToken, {...grant, expires: Date.now() + 3600_000});
    refreshTokens.set(refreshToken, grant);
    return {access_token: accessToken, token_type: 'Bearer', expires_in: 3600, refresh_token: refreshToken, scope: grant.scope};
  }

  /** Checks an authorization request; returns its fields, or an error to show or send back. */
  async function checkAuthorize(req, q) {
    const client = await clientOf(q.client_id);
    if (!client) return {fatal: 'Unknown client_id: register first, or give the URL of a client metadata document.'};
    if (!client.redirect_uris.includes(q.redirect_uri)) return {fatal: 'This redirect_uri is not one the client registered.'};
    if (q.response_type !== 'code') return {error: 'unsupported_response_type'};
    if (!q.code_challenge || q.code_challenge_method !== 'S256') return {error: 'invalid_request', description: 'PKCE with S256 is required'};
    if (q.resource && q.resource !== resourceOf(req)) return {error: 'invalid_target', description: `this server issues tokens for ${resourceOf(req)} only`};
    const unknown = (q.scope ?? '').split(' ').filter((s) => s && !offered.has(s));
    if (unknown.length) return {error: 'invalid_scope', description: `unknown scope: ${unknown.join(' ')}`};
    return {client};
  }

  const json = (res, status, body) => res.writeHead(status, {...OAUTH_CORS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store'}).end(JSON.stringify(body));

  async function readForm(req) {
    let body = '';
    for await (const chunk of req) body += chunk;
    return req.headers['content-type']?.includes('application/json') ? JSON.parse(body || '{}') : Object.fromEntries(new URLSearchParams(body));
  }

  function consentPage(req, res, q, client) {
    const hidden = Object.entries(q).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *"}).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in: autoui-agent demo</title>
<style>body{font:16px system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}</style></head>
<body><h1>Sign in to the Notes server</h1>
<p><strong>${escapeHtml(client.client_name ?? q.client_id)}</strong> asks to read your notes (${escapeHtml(q.scope || scopes.join(' '))}) as <strong>${escapeHtml(user)}</strong>, the demo user.</p>
<form method="post" action="${escapeHtml(originOf(req))}/authorize">${hidden}<button name="decision" value="allow" autofocus>Allow</button><button name="decision" value="deny">Deny</button></form>
</body></html>`);
  }

  return {
    /** Answers the authorization server's paths; returns false for any other. */
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname;
      const known = ['/.well-known/oauth-authorization-server', '/authorize', '/token', '/register'];
      if (!known.includes(path)) return false;
      if (req.method === 'OPTIONS') return res.writeHead(204, OAUTH_CORS).end(), true;
      if (path === '/.well-known/oauth-authorization-server') return json(res, 200, metadata(req)), true;
      if (path === '/register' && req.method === 'POST') {
        const meta = await readForm(req).catch(() => ({}));
        if (!Array.isArray(meta.redirect_uris) || meta.redirect_uris.length === 0) return json(res, 400, {error: 'invalid_redirect_uri'}), true;
        const client = {...meta, client_id: random(), client_id_issued_at: Math.floor(Date.now() / 1000), token_endpoint_auth_method: 'none'};
        clients.set(client.client_id, client);
        return json(res, 201, client), true;
      }
      if (path === '/authorize') {
        const q = req.method === 'POST' ? await readForm(req) : Object.fromEntries(url.searchParams);
        const checked = await checkAuthorize(req, q);
        if (checked.fatal) return res.writeHead(400, {'Content-Type': 'text/plain'}).end(checked.fatal), true;
        if (checked.error) return back(req, res, q.redirect_uri, {error: checked.error, error_description: checked.description, state: q.state}), true;
        const decision = req.method === 'POST' ? q.decision : options.autoApprove ? 'allow' : undefined;
        if (!decision) return consentPage(req, res, q, checked.client), true;
        if (decision !== 'allow') return back(req, res, q.redirect_uri, {error: 'access_denied', error_description: 'the person denied the request', state: q.state}), true;
        const code = random();
        codes.set(code, {clientId: q.client_id, redirectUri: q.redirect_uri, challenge: q.code_challenge, resource: q.resource, scope: q.scope || scopes.join(' '), user, expires: Date.now() + 60_000});
        return back(req, res, q.redirect_uri, {code, state: q.state}), true;
      }
      if (path === '/token' && req.method === 'POST') {
        const f = await readForm(req).catch(() => ({}));
        if (f.grant_type === 'authorization_code') {
          const grant = codes.get(f.code);
          codes.delete(f.code);
          const fine = grant && grant.expires > Date.now() && grant.clientId === f.client_id && grant.redirectUri === f.redirect_uri && s256(f.code_verifier ?? '') === grant.challenge && (!grant.resource || grant.resource === f.resource);
          if (!fine) return json(res, 400, {error: 'invalid_grant'}), true;
          return json(res, 200, issueTokens(grant)), true;
        }
        if (f.grant_type === 'refresh_token') {
          const grant = refreshTokens.get(f.refresh_token);
          refreshTokens.delete(f.refresh_token);
          // A refresh must not move the grant to another resource (RFC 8707).
          if (!grant || grant.clientId !== f.client_id || (f.resource && grant.resource && f.resource !== grant.resource)) return json(res, 400, {error: 'invalid_grant'}), true;
          return json(res, 200, issueTokens(grant)), true;
        }
        return json(res, 400, {error: 'unsupported_grant_type'}), true;
      }
      return false;
    },
    /** The grant of a valid access token for `resource`, or undefined. */
    verify(accessToken, resource) {
      const grant = tokens.get(accessToken);
      if (!grant || grant.expires < Date.now()) return undefined;
      return !grant.resource || grant.resource === resource ? grant : undefined;
    },
    /** Forgets every token (a test's way to make the next call need a new sign-in). */
    revokeAll() {
      tokens.clear();
      refreshTokens.clear();
    },
  };
}
