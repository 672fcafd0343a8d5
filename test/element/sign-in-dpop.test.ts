/**
 * DPoP (RFC 9449) through the element, against a server that enforces it
 * (test/servers/oauth-dpop.mjs): the person signs in with a click, the tool runs, and the token
 * the page keeps is useless when copied out: sent as Bearer, without a proof, or with a proof
 * signed by any key but the page's own, the server refuses it. The key is in IndexedDB and
 * cannot be exported. Both nonce challenges (token endpoint, MCP server) were met on the way.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {createStore, entries} from 'idb-keyval';
import {SignJWT, exportJWK, generateKeyPair} from 'jose';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, mountAgent, serverUrl, settle} from './harness.js';

const CALLBACK = '/test/fixtures/oauth/oauth-callback.html';

const card = (agent: AutouiAgent) => agent.shadowRoot!.querySelector('autoui-transcript')!.shadowRoot!.querySelector<HTMLElement>('[part~="sign-in"]');
const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A tools/call as another machine would send it with the copied token. */
async function replay(url: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'whoami', arguments: {}}});
  const response = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2026-07-28', ...headers}, body});
  return response.status;
}

describe('<autoui-agent> with a DPoP-enforcing MCP server', () => {
  beforeEach(() => sessionStorage.clear());

  it('signs in, calls the tool with proofs, and a copied token cannot be replayed elsewhere', async () => {
    const url = serverUrl('oauth-dpop');
    const scenario = await createScenario([{toolCalls: [{name: 'notes_mcp_whoami', input: {}}]}, {text: 'Signed in.'}], 'dpop');
    const agent = await mountAgent(scenario, {
      attributes: {lang: 'en', 'eager-tools': true, 'oauth-callback': CALLBACK},
      servers: [{name: 'notes', url, protocol: '2026-07-28'}],
    });
    try {
      await waitUntil(() => agent.session.servers[0]?.state === 'sign-in', 'the server did not ask to sign in', {timeout: 10_000});
      const run = agent.ask('Who am I?');
      await waitUntil(async () => (await settle(agent), card(agent) !== null), 'no sign-in card', {timeout: 10_000});
      card(agent)!.querySelector<HTMLButtonElement>('[part="sign-in-button"]')!.click();
      const call = (await run).toolCalls.find((c) => c.tool === 'whoami');
      expect(call?.result ?? call?.error).to.contain('dpop-user');

      const key = Object.keys(sessionStorage).find((k) => k.startsWith('autoui-oauth:tokens:'))!;
      const stored = JSON.parse(sessionStorage.getItem(key)!) as {access_token: string; token_type: string};
      expect(stored.token_type.toLowerCase()).to.equal('dpop');
      const token = stored.access_token;

      // Copied out of the page: as Bearer, as DPoP without a proof, with a proof of another key.
      expect(await replay(url, {Authorization: `Bearer ${token}`})).to.equal(401);
      expect(await replay(url, {Authorization: `DPoP ${token}`})).to.equal(401);
      const first = await fetch(url, {method: 'POST', headers: {Authorization: `DPoP ${token}`}});
      const nonce = first.headers.get('DPoP-Nonce') ?? '';
      const other = await generateKeyPair('ES256');
      const ath = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
      const proof = await new SignJWT({htm: 'POST', htu: url, jti: crypto.randomUUID(), ath, nonce})
        .setProtectedHeader({typ: 'dpop+jwt', alg: 'ES256', jwk: await exportJWK(other.publicKey)})
        .setIssuedAt()
        .sign(other.privateKey);
      expect(await replay(url, {Authorization: `DPoP ${token}`, DPoP: proof})).to.equal(401);

      // The page's key: in IndexedDB, and its private half cannot be exported.
      const keys = await entries<string, {privateKey: CryptoKey}>(createStore('autoui-agent-dpop', 'keys'));
      const mine = keys.find(([resource]) => resource === url)?.[1];
      expect(mine?.privateKey.extractable).to.equal(false);
      let exported = true;
      await crypto.subtle.exportKey('jwk', mine!.privateKey).catch(() => (exported = false));
      expect(exported, 'the private key was exported').to.equal(false);

      const log = (await (await fetch(new URL('/log', url))).json()) as {nonceChallenges: {as: number; rs: number}; tokensIssued: number; refused: string[]};
      expect(log.tokensIssued).to.equal(1);
      expect(log.nonceChallenges.as, 'the token request was retried with the nonce').to.be.greaterThan(0);
      expect(log.nonceChallenges.rs, 'an MCP request was retried with the nonce').to.be.greaterThan(0);
      expect(log.refused).to.include('proof signed by another key than the token is bound to');
    } finally {
      agent.remove();
    }
  });
});
