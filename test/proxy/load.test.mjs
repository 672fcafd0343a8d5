/**
 * The shared limits under load. Three proxy instances (child processes, one Redis store on a real
 * redis-server) behind one round-robin front; 200 visitors at once, each with its visitor token,
 * asking more questions than its per-minute limit allows, in waves of more answers than its
 * stream limit, while a daily budget for everyone runs out. The burst runs once (in `before`);
 * each test then checks one thing the visitors and the operator would notice, exactly.
 */
import assert from 'node:assert/strict';
import {randomBytes} from 'node:crypto';
import {after, before, describe, it} from 'node:test';
import {startProxyInstances} from '../../scripts/proxy-instances.mjs';
import {connectRedis} from '../../scripts/redis-client.mjs';
import {startRedisServer} from '../../scripts/redis-server.mjs';
import {startRoundRobinFront} from '../../scripts/round-robin-front.mjs';
import {answerText, MAX_TOKENS, markerOf, questionBody, scriptedTurns, tokens, visitorName} from './load-script.mjs';
import {answerText as readAnswer, fakeLlm, KEY, proxyModule, scenario} from './proxy-harness.mjs';
import {mostAtOnce, startUpstreamTap} from './upstream-tap.mjs';

const INSTANCES = 3;
const VISITORS = 200;
const LIMITS = {requestsPerMinute: 4, concurrentStreams: 2};
/** Each wave asks more answers at once than a visitor may stream; all waves ask more than a minute allows. */
const WAVES = 3;
const PER_WAVE = LIMITS.concurrentStreams + 1;
const QUESTIONS = WAVES * PER_WAVE;
/** 60 % of what the visitors could spend within their own limits: the budget runs out during the burst. */
const BUDGET = Math.floor(0.6 * range(VISITORS).reduce((sum, v) => sum + range(LIMITS.requestsPerMinute).reduce((s, t) => s + tokens(v, t), 0), 0));
/** Frames are this far apart, so a visitor's answers last long enough to overlap. */
const CHUNK_DELAY_MS = 40;
/** The burst takes seconds; it must fall inside one window of the per-minute limit to be counted exactly. */
const WINDOW_ROOM_MS = 30_000;
const MINUTE = 60_000;
const DAY = 86_400_000;

const {createRedisLimitStore} = proxyModule;
let burst; // {asked, upstream, tap events, log lines, tokens of the visitors, started/ended}

before(async () => {
  const redis = await startRedisServer();
  after(() => redis.stop());
  const s = scenario(scriptedTurns(VISITORS, QUESTIONS, {chunkDelayMs: CHUNK_DELAY_MS}));
  const tap = await startUpstreamTap({target: fakeLlm.url, keyOf: (body) => markerOf(body)?.match(/visitor-\d+/)[0]});
  after(() => tap.close());
  const secret = randomBytes(32).toString('hex');
  const audience = 'https://load-test.example';
  const lines = [];
  const instances = await startProxyInstances({
    count: INSTANCES,
    env: {
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: `${tap.url}/s/${s.id}`,
      ANTHROPIC_MODELS: 'claude-test',
      PROXY_VISITOR_SECRET: secret,
      PROXY_VISITOR_AUDIENCE: audience,
      PROXY_REQUESTS_PER_MINUTE: String(LIMITS.requestsPerMinute),
      PROXY_CONCURRENT_STREAMS: String(LIMITS.concurrentStreams),
      PROXY_DAILY_TOKEN_BUDGET: String(BUDGET),
      REDIS_URL: redis.url,
    },
    onLine: (_, line) => lines.push(line),
  });
  after(() => instances.stop());
  const front = await startRoundRobinFront({targets: instances.urls});
  after(() => front.close());
  const visitorTokens = await Promise.all(range(VISITORS).map((v) => proxyModule.createVisitorToken({secret, subject: visitorName(v), audience})));

  const ask = async (visitor, question) => {
    const body = JSON.stringify(questionBody(visitor, question));
    const record = {visitor, question, reserve: Buffer.byteLength(body) + MAX_TOKENS, started: performance.now(), startedAt: Date.now()};
    const response = await fetch(`${front.url}/v1/messages`, {method: 'POST', headers: {'content-type': 'application/json', [proxyModule.VISITOR_TOKEN_HEADER]: visitorTokens[visitor]}, body});
    record.headersAt = performance.now();
    record.raw = await response.text();
    return Object.assign(record, {ended: performance.now(), endedAt: Date.now(), status: response.status, headers: response.headers});
  };
  const visit = async (visitor) => {
    const asked = [];
    for (let wave = 0; wave < WAVES; wave++) asked.push(...(await Promise.all(range(PER_WAVE).map((k) => ask(visitor, wave * PER_WAVE + k)))));
    return asked;
  };

  const left = MINUTE - (Date.now() % MINUTE);
  if (left < WINDOW_ROOM_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const startedAt = Date.now();
  const asked = (await Promise.all(range(VISITORS).map(visit))).flat();
  const endedAt = Date.now();

  // Each instance settles a request just after its answer ended: wait for the last ones to land.
  const client = await connectRedis(redis.url);
  let counted;
  for (let i = 0; i < 50; i++) {
    counted = await createRedisLimitStore({client}).usage(startedAt);
    if (counted.reserved === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  client.disconnect();
  burst = {asked, upstream: fakeLlm.requests(s.id), events: tap.events, lines, visitorTokens, counted, startedAt, endedAt, waited: left < WINDOW_ROOM_MS ? left : 0};
});

describe(`${VISITORS} visitors at once on ${INSTANCES} instances sharing Redis`, () => {
  const admitted = () => burst.asked.filter((r) => r.status === 200);
  const refused = () => burst.asked.filter((r) => r.status !== 200);
  const upstreamTokens = () => burst.upstream.map((u) => tokensOf(markerOf(u.body)));

  it('answers every request in full or refuses it with a 429 proxy_limit', (t) => {
    assert.equal(burst.asked.length, VISITORS * QUESTIONS);
    for (const r of refused()) {
      assert.equal(r.status, 429, r.raw);
      assert.equal(JSON.parse(r.raw).error.type, 'proxy_limit');
    }
    const byLimit = count(refused().map((r) => JSON.parse(r.raw).error.limit));
    const spent = upstreamTokens();
    t.diagnostic(`${burst.asked.length} requests from ${VISITORS} visitors (${QUESTIONS} each, ${PER_WAVE} at once) through a round-robin front to ${INSTANCES} instances and one Redis, in ${((burst.endedAt - burst.startedAt) / 1000).toFixed(1)} s`);
    t.diagnostic(`admitted ${admitted().length}; refused ${refused().length}: ${[...byLimit].map(([limit, n]) => `${limit} ${n}`).join(', ')}`);
    t.diagnostic(`tokens reported upstream ${sum(spent)} for a daily budget of ${BUDGET} (largest request ${Math.max(...spent)}); limits per visitor: ${LIMITS.requestsPerMinute}/min, ${LIMITS.concurrentStreams} streams`);
    if (burst.waited) t.diagnostic(`waited ${(burst.waited / 1000).toFixed(1)} s for a fresh minute window`);
  });

  it('admits no visitor more requests than its per-minute limit', () => {
    // The burst fell in one window of the limit (else a visitor could rightly get the limit twice).
    assert.equal(Math.floor(burst.endedAt / MINUTE), Math.floor(burst.startedAt / MINUTE), 'the burst outran its minute window');
    const perVisitor = count(admitted().map((r) => r.visitor));
    assert.ok(Math.max(...perVisitor.values()) <= LIMITS.requestsPerMinute, `most admitted for one visitor: ${Math.max(...perVisitor.values())}`);
    assert.ok([...perVisitor.values()].includes(LIMITS.requestsPerMinute), 'no visitor reached its per-minute limit: the load did not test it');
  });

  it('never streams more answers at once for a visitor than its limit, counted where the answers are made', () => {
    const most = mostAtOnce(burst.events);
    assert.equal(most.size, new Set(admitted().map((r) => r.visitor)).size);
    assert.ok(Math.max(...most.values()) <= LIMITS.concurrentStreams, `most at once for one visitor: ${Math.max(...most.values())}`);
    assert.ok([...most.values()].includes(LIMITS.concurrentStreams), 'no visitor ever had its limit of streams at once: the load did not test it');
  });

  it('spends at most the budget plus the largest single request, and counts exactly what the upstream reported', () => {
    const spent = upstreamTokens();
    assert.ok(sum(spent) <= BUDGET + Math.max(...spent), `${sum(spent)} tokens for a budget of ${BUDGET}`);
    assert.ok(refused().some((r) => JSON.parse(r.raw).error.limit === 'daily_token_budget'), 'the budget never ran out: the load did not test it');
    assert.deepEqual(burst.counted, {used: sum(spent), reserved: 0});
  });

  it('streams every admitted answer exactly as scripted for its visitor and question, and forwards nothing else', () => {
    for (const r of admitted()) assert.equal(readAnswer(r.raw), answerText(r.visitor, r.question), `${visitorName(r.visitor)} question ${r.question}`);
    const forwarded = burst.upstream.map((u) => markerOf(u.body)).sort();
    const answered = admitted().map((r) => markerOf(questionBody(r.visitor, r.question))).sort();
    assert.deepEqual(forwarded, answered);
  });

  it('refuses each request for the limit that was reached, with a retry-after', () => {
    const admittedOf = group(admitted(), (r) => r.visitor);
    const all = admitted();
    for (const r of refused()) {
      const error = JSON.parse(r.raw).error;
      const retryAfter = Number(r.headers.get('retry-after'));
      assert.equal(error.retry_after_seconds, retryAfter);
      const mine = admittedOf.get(r.visitor) ?? [];
      // Admitted requests that may have counted when r was checked, and those that surely had.
      const mayHaveCounted = mine.filter((a) => a.started < r.ended).length;
      const hadCounted = mine.filter((a) => a.headersAt < r.started).length;
      const where = `${visitorName(r.visitor)} question ${r.question}: ${error.limit}`;
      if (error.limit === 'requests_per_minute') {
        assert.ok(mayHaveCounted >= LIMITS.requestsPerMinute, where);
        assert.ok(retryAfter <= secondsLeft(r.startedAt, MINUTE) && retryAfter >= secondsLeft(r.endedAt, MINUTE), `${where}: retry after ${retryAfter}`);
      } else if (error.limit === 'concurrent_streams') {
        assert.ok(mayHaveCounted >= LIMITS.concurrentStreams && hadCounted < LIMITS.requestsPerMinute, where);
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `${where}: retry after ${retryAfter}`);
      } else if (error.limit === 'daily_token_budget') {
        // Spent and reserved tokens never exceed the reservations of the requests admitted before.
        const reservedBefore = sum(all.filter((a) => a.started < r.ended).map((a) => a.reserve));
        assert.ok(reservedBefore >= BUDGET && hadCounted < LIMITS.requestsPerMinute, where);
        assert.ok(retryAfter <= secondsLeft(r.startedAt, DAY) && retryAfter >= secondsLeft(r.endedAt, DAY), `${where}: retry after ${retryAfter}`);
      } else {
        assert.fail(`${where}: a limit this test never reaches`);
      }
    }
  });

  it('never shows the key or a visitor token in an answer, a log line or an upstream request', () => {
    const upstreamHeaders = burst.upstream.map((u) => JSON.stringify(u.headers).replaceAll(KEY, '')).join('\n');
    const shown = [burst.asked.map((r) => r.raw).join('\n'), burst.lines.join('\n')].join('\n');
    assert.ok(burst.lines.length >= burst.asked.length, 'the instances log a line per request');
    assert.ok(!shown.includes(KEY), 'the key appears');
    for (const token of burst.visitorTokens) assert.ok(!shown.includes(token) && !upstreamHeaders.includes(token), 'a visitor token appears');
  });
});

function tokensOf(found) {
  const [, visitor, question] = /visitor-(\d+) question (\d+)/.exec(found);
  return tokens(Number(visitor), Number(question));
}

/** Seconds until the window of `size` ms that holds `at` ends (at least 1), as the proxy says in retry-after. */
const secondsLeft = (at, size) => Math.max(1, Math.ceil((size - (at % size)) / 1000));

function range(n) {
  return Array.from({length: n}, (_, i) => i);
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

function count(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function group(values, keyOf) {
  const groups = new Map();
  for (const v of values) groups.set(keyOf(v), [...(groups.get(keyOf(v)) ?? []), v]);
  return groups;
}
