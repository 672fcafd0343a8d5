/**
 * An MCP server whose tokens are DPoP-bound (RFC 9449), with its own authorization server, for
 * test/element/sign-in-dpop.test.ts. The authorization server offers DPoP with ES256, sends `iss`,
 * requires PKCE S256 and `resource`, registers clients dynamically and approves at once (no
 * consent page). Its token endpoint accepts only a request with a valid proof signed with the
 * nonce it gave (the first request is answered `use_dpop_nonce`), and binds the token to the
 * proof's key (`cnf.jkt`). The MCP endpoint (2026-07-28, tool `whoami`) refuses a token sent as
 * Bearer, without a proof, with a proof of another key, for another request, without `ath`, or
 * without its own current nonce. Proofs are checked with `jose`. `GET /log` counts what happened.
 */
import {createHash, randomBytes} from 'node:crypto';
import {createServer} from 'node:http';
import {McpServer, createMcpHandler} from '@modelcontextprotocol/server';
import {EmbeddedJWK, calculateJwkThumbprint, jwtVerify} from 'jose';
import {INVALID, readJson, sendResponse, toRequest} from '../../demo/servers/lib/node-web.mjs';

export const name = 'oauth-dpop';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, DPoP, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID',
  'Access-Control-Expose-Headers': 'DPoP-Nonce, WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version',
};
const random = () => randomBytes(18).toString('base64url');
const s256 = (text) => createHash('sha256').update(text).digest('base64url');

function createWhoamiServer() {
  const server = new McpServer({name: 'DPoP notes', version: '1.0.0'});
  server.registerTool('whoami', {description: 'The signed-in user.', inputSchema: {}, annotations: {readOnlyHint: true}}, async () => ({content: [{type: 'text', text: 'dpop-user'}]}));
  return server;
}

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const clients = new Map();
  const codes = new Map();
  const tokens = new Map();
  const seenJti = new Set();
  const nonces = {as: random(), rs: random()};
  const log = {nonceChallenges: {as: 0, rs: 0}, tokensIssued: 0, refused: []};
  const mcp = createMcpHandler(() => createWhoamiServer(), {legacy: 'reject'});

  const json = (res, status, body, headers = {}) => res.writeHead(status, {...CORS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers}).end(JSON.stringify(body));

  /** Checks a proof (RFC 9449 §4.3); returns its key's thumbprint, or why it is refused. */
  async function checkProof(proof, {htm, htu, nonce, accessToken}) {
    if (typeof proof !== 'string' || !proof) return {error: 'invalid_dpop_proof', why: 'no DPoP proof'};
    let verified;
    try {
      verified = await jwtVerify(proof, EmbeddedJWK, {typ: 'dpop+jwt', algorithms: ['ES256'], maxTokenAge: '2 minutes', clockTolerance: 30});
    } catch (error) {
      return {error: 'invalid_dpop_proof', why: `bad proof: ${error.message}`};
    }
    const {payload, protectedHeader} = verified;
    if (payload.htm !== htm || payload.htu !== htu) return {error: 'invalid_dpop_proof', why: 'proof for another request'};
    if (typeof payload.jti !== 'string' || seenJti.has(payload.jti)) return {error: 'invalid_dpop_proof', why: 'proof replayed'};
    if (accessToken !== undefined && payload.ath !== s256(accessToken)) return {error: 'invalid_dpop_proof', why: 'proof for another token (ath)'};
    if (payload.nonce !== nonce) return {error: 'use_dpop_nonce', why: 'nonce missing or stale'};
    seenJti.add(payload.jti);
    return {jkt: await calculateJwkThumbprint(protectedHeader.jwk)};
  }

  async function form(req) {
    let text = '';
    for await (const chunk of req) text += chunk;
    return req.headers['content-type']?.includes('json') ? JSON.parse(text || '{}') : Object.fromEntries(new URLSearchParams(text));
  }

  async function token(req, res, origin) {
    const q = await form(req);
    const proof = await checkProof(req.headers.dpop, {htm: 'POST', htu: `${origin}/token`, nonce: nonces.as});
    if (proof.error === 'use_dpop_nonce') log.nonceChallenges.as++;
    if (proof.error) return json(res, 400, {error: proof.error, error_description: proof.why}, {'DPoP-Nonce': nonces.as});
    const grant = codes.get(q.code);
    codes.delete(q.code);
    if (q.grant_type !== 'authorization_code' || !grant || grant.client_id !== q.client_id || grant.redirect_uri !== q.redirect_uri || s256(q.code_verifier ?? '') !== grant.code_challenge) {
      return json(res, 400, {error: 'invalid_grant'});
    }
    if (q.resource !== `${origin}/mcp`) return json(res, 400, {error: 'invalid_target'});
    const accessToken = random();
    tokens.set(accessToken, {jkt: proof.jkt, resource: q.resource});
    log.tokensIssued++;
    json(res, 200, {access_token: accessToken, token_type: 'DPoP', expires_in: 3600});
  }

  /** True when the MCP request may pass; otherwise it was answered 401. */
  async function guard(req, res, origin) {
    const challenge = (error, why) => {
      log.refused.push(why);
      res.writeHead(401, {
        ...CORS,
        'Content-Type': 'application/json',
        'DPoP-Nonce': nonces.rs,
        'WWW-Authenticate': `DPoP algs="ES256", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"${error ? `, error="${error}"` : ''}`,
      });
      res.end(JSON.stringify({jsonrpc: '2.0', error: {code: -32001, message: why}, id: null}));
      return false;
    };
    const [scheme, value] = (req.headers.authorization ?? '').split(' ');
    if (!scheme) return challenge(undefined, 'no token');
    const bound = tokens.get(value);
    if (scheme.toLowerCase() !== 'dpop') return challenge('invalid_token', `a DPoP-bound token sent as ${scheme}`);
    if (!bound) return challenge('invalid_token', 'unknown token');
    const proof = await checkProof(req.headers.dpop, {htm: req.method, htu: `${origin}/mcp`, nonce: nonces.rs, accessToken: value});
    if (proof.error === 'use_dpop_nonce') log.nonceChallenges.rs++;
    if (proof.error) return challenge(proof.error, proof.why);
    if (proof.jkt !== bound.jkt) return challenge('invalid_dpop_proof', 'proof signed by another key than the token is bound to');
    return true;
  }

  const http = createServer(async (req, res) => {
    const origin = `http://${req.headers.host}`;
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    try {
      if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
      if (path === '/mcp') {
        if (!(await guard(req, res, origin))) return;
        const body = req.method === 'POST' ? await readJson(req) : undefined;
        if (body === INVALID) return json(res, 400, {error: 'not JSON'});
        for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
        return sendResponse(res, await mcp.fetch(toRequest(req, body)));
      }
      if (path === '/.well-known/oauth-protected-resource/mcp' || path === '/.well-known/oauth-protected-resource') {
        return json(res, 200, {resource: `${origin}/mcp`, authorization_servers: [origin], dpop_bound_access_tokens_required: true, dpop_signing_alg_values_supported: ['ES256']});
      }
      if (path === '/.well-known/oauth-authorization-server') {
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          registration_endpoint: `${origin}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
          authorization_response_iss_parameter_supported: true,
          dpop_signing_alg_values_supported: ['ES256'],
        });
      }
      if (path === '/register' && req.method === 'POST') {
        const client = {...(await form(req)), client_id: random(), token_endpoint_auth_method: 'none'};
        clients.set(client.client_id, client);
        return json(res, 201, client);
      }
      if (path === '/authorize') {
        const q = Object.fromEntries(url.searchParams);
        if (!clients.get(q.client_id)?.redirect_uris?.includes(q.redirect_uri)) return json(res, 400, {error: 'invalid_request', error_description: 'unregistered redirect_uri'});
        if (q.code_challenge_method !== 'S256' || !q.code_challenge || q.resource !== `${origin}/mcp`) return json(res, 400, {error: 'invalid_request'});
        const code = random();
        codes.set(code, q);
        const to = new URL(q.redirect_uri);
        for (const [k, v] of Object.entries({code, state: q.state, iss: origin})) if (v) to.searchParams.set(k, v);
        return void res.writeHead(302, {Location: to.href, 'Cache-Control': 'no-store'}).end();
      }
      if (path === '/token' && req.method === 'POST') return await token(req, res, origin);
      if (path === '/log') return json(res, 200, log);
      json(res, 404, {error: 'not found'});
    } catch (error) {
      if (!res.headersSent) json(res, 500, {error: String(error?.message ?? error)});
      else res.end();
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${http.address().port}/mcp`, close: () => new Promise((resolve) => http.close(() => resolve()))};
}
