/**
 * With visitor tokens on, the proxy spends its key only for requests that carry a token the site
 * signed: a script that forges every header it likes still cannot forge the signature, an old
 * token stops working, and each visitor's limits count by the token's subject.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {SignJWT} from 'jose';
import {fakeLlm, freshMinute, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const SECRET = 'visitor-secret-of-the-site-0123456789abcdef';
const AUDIENCE = 'https://shop.example';
const {createVisitorToken} = proxyModule;

async function tokenProxy(turns, options = {}) {
  const s = scenario(turns);
  const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, visitorTokens: {secret: SECRET, audience: AUDIENCE}, ...options});
  return {s, proxy, ask: (token, body = messagesBody()) => post(`${proxy.url}/v1/messages`, body, token ? {'x-autoui-visitor': token} : {})};
}

describe('visitor tokens', () => {
  it('forwards a request with a valid token, and refuses one with none, forwarding nothing', async () => {
    const {s, ask} = await tokenProxy([{text: 'welcome'}]);
    const missing = await refusal(await ask(undefined));
    assert.equal(missing.status, 401);
    assert.equal(missing.type, 'visitor_token_missing');
    assert.equal(fakeLlm.requests(s.id).length, 0);
    const token = await createVisitorToken({secret: SECRET, subject: 'user-1', audience: AUDIENCE});
    const answered = await ask(token);
    assert.equal(answered.status, 200);
    await answered.text();
    // The token is for the proxy only: it never goes upstream.
    assert.equal(fakeLlm.requests(s.id)[0].headers['x-autoui-visitor'], undefined);
  });

  it('refuses expired, tampered, wrongly signed and wrong-audience tokens, and tokens of another algorithm', async () => {
    const {s, proxy, ask} = await tokenProxy([{text: 'never'}]);
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({}).setProtectedHeader({alg: 'HS256'}).setSubject('u').setAudience(AUDIENCE).setExpirationTime(Math.floor(Date.now() / 1000) - 120).sign(key);
    const good = await createVisitorToken({secret: SECRET, subject: 'user-2', audience: AUDIENCE});
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({...claims, sub: 'admin'})).toString('base64url')}.${signature}`;
    const otherSecret = await createVisitorToken({secret: 'a-secret-someone-guessed-000000000000', subject: 'u', audience: AUDIENCE});
    const otherAudience = await createVisitorToken({secret: SECRET, subject: 'u', audience: 'https://other.example'});
    const unsigned = `${Buffer.from(JSON.stringify({alg: 'none'})).toString('base64url')}.${payload}.`;
    const noExpiry = await new SignJWT({}).setProtectedHeader({alg: 'HS256'}).setSubject('u').setAudience(AUDIENCE).sign(key);
    const cases = {expired: ['visitor_token_expired', expired], tampered: ['visitor_token_invalid', tampered], otherSecret: ['visitor_token_invalid', otherSecret], otherAudience: ['visitor_token_invalid', otherAudience], unsigned: ['visitor_token_invalid', unsigned], noExpiry: ['visitor_token_invalid', noExpiry], garbage: ['visitor_token_invalid', 'not-a-token']};
    for (const [name, [type, token]] of Object.entries(cases)) {
      const refused = await refusal(await ask(token));
      assert.equal(refused.status, 401, name);
      assert.equal(refused.type, type, name);
      assert.equal(refused.headers.get('x-should-retry'), 'false', name);
    }
    assert.equal(fakeLlm.requests(s.id).length, 0);
    // Neither the tokens nor the key reach the log.
    const log = proxy.lines.join('\n');
    for (const [, token] of Object.values(cases)) assert.ok(!log.includes(token));
    assert.ok(!log.includes(KEY));
  });

  it('accepts tokens of the old secret while the site rotates to a new one', async () => {
    const {ask} = await tokenProxy([{text: 'a'}, {text: 'b'}], {visitorTokens: {secret: ['new-secret-0123456789abcdef0123456789', SECRET], audience: AUDIENCE}});
    for (const secret of [SECRET, 'new-secret-0123456789abcdef0123456789']) {
      const response = await ask(await createVisitorToken({secret, subject: 'u', audience: AUDIENCE}));
      assert.equal(response.status, 200);
      await response.text();
    }
  });

  it('counts limits per token subject: one visitor at its limit does not stop another on the same address', async () => {
    const {ask} = await tokenProxy([{text: '1'}, {text: '2'}, {text: '3'}], {limits: {requestsPerMinute: 1}});
    const alice = await createVisitorToken({secret: SECRET, subject: 'alice', audience: AUDIENCE});
    const bob = await createVisitorToken({secret: SECRET, subject: 'bob', audience: AUDIENCE});
    await freshMinute();
    assert.equal((await ask(alice)).status, 200);
    const again = await refusal(await ask(alice));
    assert.equal(again.status, 429);
    assert.equal(again.limit, 'requests_per_minute');
    assert.equal((await ask(bob)).status, 200);
  });
});
