/**
 * The Redis limit store on a Redis Cluster: three masters (Debian's `redis-server
 * --cluster-enabled yes`, scripts/redis-cluster.mjs), each client an ioredis `Cluster`, as a site
 * that scales Redis out would run it. In a cluster one script may only touch keys of one hash
 * slot (else Redis answers CROSSSLOT), and a visitor's counters and the budget for everyone live
 * in different slots, on different masters. The whole store contract runs here; then two proxy
 * instances share the cluster over HTTP; and a refused admission leaves no key on any master.
 */
import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {connectRedisCluster} from '../../scripts/redis-client.mjs';
import {startRedisCluster} from '../../scripts/redis-cluster.mjs';
import {limitStoreContract} from './limit-store-contract.mjs';
import {answerText, fakeLlm, freshMinute, KEY, messagesBody, post, proxyModule, refusal, scenario, serveProxy} from './proxy-harness.mjs';

const {createRedisLimitStore} = proxyModule;

let cluster;
const clients = [];
before(async () => {
  cluster = await startRedisCluster({masters: 3});
  // One client per proxy instance, each finding the slots by itself.
  for (let i = 0; i < 3; i++) clients.push(await connectRedisCluster(cluster.nodes));
});
after(async () => {
  for (const client of clients) client.disconnect();
  await cluster?.stop();
});

describe('limit store contract: Redis Cluster of three masters', () => {
  let suites = 0;
  // One prefix per case, so each case starts from empty counters in the one cluster.
  limitStoreContract((instances) => {
    const prefix = `cluster-contract-${++suites}:`;
    return Array.from({length: instances}, (_, i) => createRedisLimitStore({client: clients[i % clients.length], prefix}));
  });
});

describe('two proxy instances sharing a Redis Cluster', () => {
  /** Two proxies, each with its own cluster client and the same limits. */
  async function twoProxies(s, options) {
    const [a, b] = clients;
    const prefix = `cluster-proxy-${Math.random().toString(36).slice(2)}:`;
    return Promise.all([a, b].map((client) => serveProxy({anthropic: {apiKey: KEY, baseUrl: s.base}, store: createRedisLimitStore({client, prefix}), ...options})));
  }

  it("one visitor's requests racing through both instances: exactly its per-minute limit is answered", async () => {
    const s = scenario(Array.from({length: 5}, () => ({text: 'counted once', usage: {input: 10, output: 5}})));
    // Only the per-minute limit: the stream limit (4 by default) would refuse some of the racing requests first.
    const proxies = await twoProxies(s, {limits: {requestsPerMinute: 5, concurrentStreams: false}});
    await freshMinute();
    const responses = await Promise.all(Array.from({length: 12}, (_, i) => post(`${proxies[i % 2].url}/v1/messages`, messagesBody())));
    const answered = responses.filter((r) => r.status === 200);
    assert.equal(answered.length, 5, `statuses: ${responses.map((r) => r.status)}; log: ${proxies.flatMap((p) => p.lines).join('\n')}`);
    for (const r of answered) assert.equal(answerText(await r.text()), 'counted once');
    for (const r of responses.filter((r) => r.status !== 200)) {
      const refused = await refusal(r);
      assert.deepEqual([refused.status, refused.limit], [429, 'requests_per_minute']);
    }
    assert.equal(fakeLlm.requests(s.id).length, 5, 'the upstream saw only the admitted requests');
  });

  it('twelve visitors racing through both instances share one daily budget: only what it allows reaches the model', async () => {
    const s = scenario([{text: 'the only answer today', usage: {input: 10, output: 5}}]);
    // A budget of 1 token: the first admission's reservation (then its 15 tokens) uses it all.
    const proxies = await twoProxies(s, {limits: {dailyTokenBudget: 1}, clientAddressHeader: 'x-forwarded-for'});
    const responses = await Promise.all(
      Array.from({length: 12}, (_, i) => post(`${proxies[i % 2].url}/v1/messages`, messagesBody(), {'x-forwarded-for': `10.0.0.${i + 1}`})),
    );
    const statuses = responses.map((r) => r.status);
    assert.deepEqual(statuses.filter((status) => status === 200).length, 1, `statuses: ${statuses}; log: ${proxies.flatMap((p) => p.lines).join('\n')}`);
    for (const r of responses.filter((r) => r.status !== 200)) assert.equal((await refusal(r)).limit, 'daily_token_budget');
    assert.equal(fakeLlm.requests(s.id).length, 1);
  });
});

describe('the Redis store on a cluster keeps nothing for refused admissions', () => {
  /** Keys on every master of the cluster together. */
  const keysInCluster = async (client) => (await Promise.all(client.nodes('master').map((node) => node.dbsize()))).reduce((a, b) => a + b, 0);

  it('200 visitors refused by the daily budget add no key on any master', async () => {
    const [client] = clients;
    const store = createRedisLimitStore({client, prefix: 'cluster-refused:'});
    const now = Date.now();
    const spend = {id: 'spender', visitor: 'ip:10.0.0.1', now, reserve: 100, leaseMs: 60_000, dailyTokenBudget: 100};
    assert.equal((await store.admit(spend)).admitted, true);
    await store.settle(spend, 100);
    const keys = await keysInCluster(client);
    for (let i = 0; i < 200; i++) {
      const verdict = await store.admit({id: `r${i}`, visitor: `ip:2001:db8:${i.toString(16)}::/64`, now, reserve: 10, leaseMs: 60_000, requestsPerMinute: 5, concurrentStreams: 2, tokensPerDay: 1000, dailyTokenBudget: 100});
      assert.equal(verdict.limit, 'daily_token_budget');
    }
    assert.equal(await keysInCluster(client), keys);
  });
});

describe('an instance that stops between the two steps of an admission', () => {
  /** A client whose budget step never answers, as when its instance stops right after the visitor's step. */
  function stopsBeforeBudget(client, reached) {
    return {
      eval(script, keys, ...rest) {
        if (keys === 1 && script.includes("'daily_token_budget'")) {
          reached();
          return new Promise(() => {});
        }
        return client.eval(script, keys, ...rest);
      },
      hgetall: (key) => client.hgetall(key),
    };
  }

  it("holds its visitor's counts only until its pending mark expires (10 s by the proxies' clock)", async () => {
    const prefix = 'cluster-stopped:';
    let reached;
    const budgetStep = new Promise((resolve) => (reached = resolve));
    const stopped = createRedisLimitStore({client: stopsBeforeBudget(clients[0], reached), prefix});
    const alive = createRedisLimitStore({client: clients[1], prefix});
    const now = Date.UTC(2031, 4, 20, 12, 0, 15);
    const limits = {visitor: 'ip:10.9.9.9', reserve: 10, leaseMs: 600_000, requestsPerMinute: 1, concurrentStreams: 1, tokensPerDay: 1000, dailyTokenBudget: 1000};
    void stopped.admit({...limits, id: 'stopped', now});
    await budgetStep;
    // Same minute, 10 s on: the mark has expired, and the visitor has its one request, stream and tokens.
    assert.deepEqual(await alive.admit({...limits, id: 'next', now: now + 10_000}), {admitted: true});
    assert.deepEqual(await alive.usage(now + 10_000, limits.visitor), {used: 0, reserved: 10});
  });
});
