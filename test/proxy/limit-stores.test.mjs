/**
 * The two limit stores keep one contract (test/proxy/limit-store-contract.mjs): the memory store,
 * and the Redis store on a real redis-server shared by several clients as several proxy
 * instances would share it. Then, through a proxy: when Redis is gone the proxy refuses at once
 * (fail closed) and forwards nothing, or forwards without limits when told to fail open.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {connectRedis} from '../../scripts/redis-client.mjs';
import {startRedisServer} from '../../scripts/redis-server.mjs';
import {limitStoreContract} from './limit-store-contract.mjs';
import {answerText, fakeLlm, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const {createMemoryLimitStore, createRedisLimitStore} = proxyModule;

describe('limit store contract: memory', () => {
  limitStoreContract((instances) => Array(instances).fill(createMemoryLimitStore()));
});

describe('limit store contract: Redis', () => {
  let redis;
  const clients = [];
  let suites = 0;
  before(async () => {
    redis = await startRedisServer();
    for (let i = 0; i < 3; i++) clients.push(await connectRedis(redis.url));
  });
  after(async () => {
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });
  // One prefix per case, so each case starts from empty counters on the one server; one client per instance.
  limitStoreContract((instances) => {
    const prefix = `contract-${++suites}:`;
    return Array.from({length: instances}, (_, i) => createRedisLimitStore({client: clients[i % clients.length], prefix}));
  });
});

describe('the proxy when its Redis store is gone', () => {
  /** A proxy on a Redis store of its own server; the server is up until the test stops it. */
  async function proxyOnRedis(options = {}) {
    const redis = await startRedisServer();
    const client = await connectRedis(redis.url);
    after(async () => {
      client.disconnect();
      await redis.stop();
    });
    const s = scenario([{text: 'Counted in Redis', usage: {input: 10, output: 5}}, {text: 'Forwarded without limits', usage: {input: 10, output: 5}}]);
    const proxy = await serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, store: createRedisLimitStore({client}), ...options});
    const first = await post(`${proxy.url}/v1/messages`, messagesBody());
    assert.equal(answerText(await first.text()), 'Counted in Redis', 'the store works while Redis is up');
    return {redis, client, proxy, s};
  }

  // The store timeout is set far past the test's own timeout: only the client failing fast can answer in time.
  const slowStoreTimeout = {storeTimeoutMs: 600_000};

  it('refuses with 503 limits_unavailable and forwards nothing (fail closed)', {timeout: 20_000}, async () => {
    const {redis, proxy, s} = await proxyOnRedis(slowStoreTimeout);
    await redis.stop();
    const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
    assert.equal(refused.status, 503);
    assert.equal(refused.type, 'limits_unavailable');
    assert.equal(refused.headers.get('x-should-retry'), 'false');
    assert.equal(fakeLlm.requests(s.id).length, 1, 'only the request made while Redis was up reached the model');
    assert.ok(proxy.lines.some((line) => line.includes('503 limit store unavailable')), proxy.lines.join('\n'));
    assert.ok(!proxy.lines.join('\n').includes(KEY));
  });

  it('forwards without counting when told to fail open', {timeout: 20_000}, async () => {
    const {redis, proxy, s} = await proxyOnRedis({...slowStoreTimeout, failOpen: true});
    await redis.stop();
    const response = await post(`${proxy.url}/v1/messages`, messagesBody());
    assert.equal(response.status, 200);
    assert.equal(answerText(await response.text()), 'Forwarded without limits');
    assert.equal(fakeLlm.requests(s.id).length, 2);
    assert.ok(proxy.lines.some((line) => line.includes('forwarding without limits (failOpen)')), proxy.lines.join('\n'));
  });

  it('a Redis that is connected but does not answer is bounded by storeTimeoutMs, and the late admission is given back', {timeout: 20_000}, async () => {
    const {redis, proxy, s} = await proxyOnRedis({storeTimeoutMs: 200, limits: {concurrentStreams: 1}});
    // CLIENT PAUSE holds every client's commands on a live server (the connection stays up) for 3 s.
    const admin = await connectRedis(redis.url);
    await admin.client('PAUSE', 3000, 'ALL');
    try {
      const refused = await refusal(await post(`${proxy.url}/v1/messages`, messagesBody()));
      assert.equal(refused.status, 503);
      assert.equal(refused.type, 'limits_unavailable');
      assert.equal(fakeLlm.requests(s.id).length, 1);
    } finally {
      await admin.ping(); // answered once the pause is over
      admin.disconnect();
    }
    // Redis ran the paused admission after the 503: the proxy gave that slot back, so the visitor's
    // one stream slot is free for this request instead of held until the lease ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await post(`${proxy.url}/v1/messages`, messagesBody());
    assert.equal(next.status, 200);
    assert.equal(answerText(await next.text()), 'Forwarded without limits');
  });
});
