/**
 * Who a visitor is and what the proxy keeps of them (issue 46, item 7): an IPv6 client is its /64
 * network (the prefix configurable), a refused admission stores nothing in either store, weak
 * visitor-token settings stop the proxy at start, a token living too long is refused, and a log
 * line cannot be forged by what a request carries.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {SignJWT} from 'jose';
import {connectRedis} from '../../scripts/redis-client.mjs';
import {startRedisServer} from '../../scripts/redis-server.mjs';
import {freshMinute, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const {createLlmProxy, createMemoryLimitStore, createRedisLimitStore, createVisitorToken, proxyOptionsFromEnv} = proxyModule;
const from = (address) => ({'x-forwarded-for': address});
const SECRET = 'a-visitor-secret-of-32-bytes-or-more-0123';
const AUDIENCE = 'https://shop.example';

describe('visitors', () => {
  it('counts every address of an IPv6 /64 as one visitor, and another /64 apart', async () => {
    const s = scenario(Array.from({length: 4}, (_, i) => ({text: `${i}`})));
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {requestsPerMinute: 1}, clientAddressHeader: 'x-forwarded-for'});
    await freshMinute();
    const ask = (address) => post(`${proxy.url}/v1/messages`, messagesBody(), from(address)).then(async (r) => (await r.text(), r.status));
    assert.equal(await ask('2001:db8:1:2::1'), 200);
    for (const sibling of ['2001:db8:1:2::2', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '[2001:db8:1:2::3]']) assert.equal(await ask(sibling), 429, sibling);
    assert.equal(await ask('2001:db8:1:3::1'), 200, 'the next /64 is another visitor');
    // An IPv4-mapped address is its IPv4 visitor.
    assert.equal(await ask('1.2.3.4'), 200);
    assert.equal(await ask('::ffff:1.2.3.4'), 429);
    assert.ok(proxy.lines.some((line) => line.includes('visitor=ip:2001:db8:1:2::/64')), proxy.lines.join('\n'));
  });

  it('keys IPv6 visitors by the configured prefix (PROXY_IPV6_PREFIX), refusing an impossible one at start', async () => {
    const s = scenario([{text: 'a'}, {text: 'b'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, limits: {requestsPerMinute: 1}, clientAddressHeader: 'x-forwarded-for', ...proxyOptionsFromEnv({PROXY_IPV6_PREFIX: '48'})});
    await freshMinute();
    assert.equal((await post(`${proxy.url}/v1/messages`, messagesBody(), from('2001:db8:1:2::1'))).status, 200);
    assert.equal((await refusal(await post(`${proxy.url}/v1/messages`, messagesBody(), from('2001:db8:1:ff::1')))).status, 429);
    assert.throws(() => createLlmProxy({ipv6PrefixLength: 129}), /ipv6PrefixLength/);
  });

  it('stores nothing for a refused admission (memory store)', async () => {
    const store = createMemoryLimitStore();
    const now = Date.now();
    const spend = {id: 'spender', visitor: 'ip:10.0.0.1', now, reserve: 100, leaseMs: 60_000, dailyTokenBudget: 100};
    assert.equal((await store.admit(spend)).admitted, true);
    await store.settle(spend, 100);
    const held = store.counters();
    for (let i = 0; i < 1000; i++) {
      const verdict = await store.admit({id: `r${i}`, visitor: `ip:2001:db8:${i.toString(16)}::/64`, now, reserve: 10, leaseMs: 60_000, requestsPerMinute: 5, concurrentStreams: 2, tokensPerDay: 1000, dailyTokenBudget: 100});
      assert.equal(verdict.limit, 'daily_token_budget');
    }
    assert.equal(store.counters(), held, 'counters left by 1000 refused visitors');
  });

  describe('Redis store', () => {
    let redis;
    let client;
    before(async () => {
      redis = await startRedisServer();
      client = await connectRedis(redis.url);
    });
    after(async () => {
      client?.disconnect();
      await redis?.stop();
    });

    it('stores nothing for a refused admission', async () => {
      const store = createRedisLimitStore({client});
      const now = Date.now();
      const spend = {id: 'spender', visitor: 'ip:10.0.0.1', now, reserve: 100, leaseMs: 60_000, dailyTokenBudget: 100};
      assert.equal((await store.admit(spend)).admitted, true);
      await store.settle(spend, 100);
      const keys = await client.dbsize();
      for (let i = 0; i < 200; i++) {
        const verdict = await store.admit({id: `r${i}`, visitor: `ip:2001:db8:${i.toString(16)}::/64`, now, reserve: 10, leaseMs: 60_000, requestsPerMinute: 5, concurrentStreams: 2, tokensPerDay: 1000, dailyTokenBudget: 100});
        assert.equal(verdict.limit, 'daily_token_budget');
      }
      assert.equal(await client.dbsize(), keys);
    });
  });
});

describe('visitor-token settings', () => {
  it('refuses a secret under 32 bytes and a lifetime over a day, at construction', async () => {
    for (const secret of ['x', 'short-secret-0123456789', ['a-visitor-secret-of-32-bytes-or-more-0123', 'tiny']]) {
      assert.throws(() => createLlmProxy({visitorTokens: {secret, audience: AUDIENCE}}), /at least 32 bytes/, String(secret));
    }
    assert.throws(() => proxyOptionsFromEnv({PROXY_VISITOR_SECRET: 'x', PROXY_VISITOR_AUDIENCE: AUDIENCE}) && createLlmProxy(proxyOptionsFromEnv({PROXY_VISITOR_SECRET: 'x', PROXY_VISITOR_AUDIENCE: AUDIENCE})), /at least 32 bytes/);
    await assert.rejects(createVisitorToken({secret: 'x', subject: 'u', audience: AUDIENCE}), /at least 32 bytes/);
    await assert.rejects(createVisitorToken({secret: SECRET, subject: 'u', audience: AUDIENCE, expiresInSeconds: 100 * 365 * 86_400}), /at most 86400/);
    assert.throws(() => createLlmProxy({visitorTokens: {secret: SECRET, audience: AUDIENCE, maxLifetimeSeconds: 10 * 86_400}}), /maxLifetimeSeconds/);
  });

  it('refuses a token that lives longer than the maximum, however well signed', async () => {
    const s = scenario([{text: 'a day is fine'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, visitorTokens: {secret: SECRET, audience: AUDIENCE}});
    const key = new TextEncoder().encode(SECRET);
    const century = await new SignJWT({}).setProtectedHeader({alg: 'HS256'}).setSubject('u').setAudience(AUDIENCE).setExpirationTime(Math.floor(Date.now() / 1000) + 100 * 365 * 86_400).sign(key);
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody(), {'x-autoui-visitor': century}));
    assert.equal(refused.status, 401);
    assert.equal(refused.type, 'visitor_token_invalid');
    const day = await createVisitorToken({secret: SECRET, subject: 'u', audience: AUDIENCE, expiresInSeconds: 86_400});
    const answered = await post(`${proxy.url}/v1/messages`, messagesBody(), {'x-autoui-visitor': day});
    assert.equal(answered.status, 200);
    await answered.text();
  });
});

describe('log lines', () => {
  it('cannot be forged by a model name or a token\'s subject', async () => {
    const s = scenario([{text: 'one line'}, {text: 'another'}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}});
    const forged = 'claude\nPOST /v1/messages 200 done model=claude tokens=0 visitor=ip:admin\u2028x';
    await (await post(`${proxy.url}/v1/messages`, {...messagesBody(), model: forged})).text();
    const requests = proxy.lines.filter((line) => line.startsWith('POST'));
    assert.equal(requests.length, 1, proxy.lines.join('\n---\n'));
    assert.ok(!/[\n\r\u2028\u2029]/.test(requests[0]), requests[0]);
    assert.match(requests[0], /model="claude\\nPOST .*\\u2028x"/);
    assert.match(requests[0], /tokens=\d+ visitor=ip:127\.0\.0\.1 ms=\d+$/);

    const tokens = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, visitorTokens: {secret: SECRET, audience: AUDIENCE}});
    const subject = 'alice" tokens=0\nPOST /v1/messages 200 done';
    await (await post(`${tokens.url}/v1/messages`, messagesBody(), {'x-autoui-visitor': await createVisitorToken({secret: SECRET, subject, audience: AUDIENCE})})).text();
    const [line] = tokens.lines.filter((l) => l.startsWith('POST'));
    assert.equal(tokens.lines.filter((l) => l.startsWith('POST')).length, 1);
    assert.match(line, /visitor="sub:alice\\" tokens=0\\nPOST \/v1\/messages 200 done" ms=\d+$/);
  });
});
