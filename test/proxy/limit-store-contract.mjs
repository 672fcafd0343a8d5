/**
 * What every limit store must do, as one suite run against each store: the memory store and the
 * Redis store must be interchangeable behind the proxy. The clock is the plan's `now` (the
 * proxy's), so the windows, leases and days are crossed by moving `now`, not by waiting.
 *
 * `makeStores(n)` returns n stores over one set of counters, as n proxy instances would see it
 * (the memory store returns the same store n times: it is one process's memory).
 */
import assert from 'node:assert/strict';
import {randomUUID} from 'node:crypto';
import {it} from 'node:test';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** 12:00:15 UTC: 45 s left in the minute, 11 h 59 min 45 s left in the day. */
const NOON = Date.UTC(2031, 4, 20, 12, 0, 15);
const SECONDS_TO_NEXT_MINUTE = 45;
const SECONDS_TO_MIDNIGHT = 12 * 3600 - 15;
/** A lease long enough to never end during a suite unless `now` moves past it. */
const LEASE_MS = 10 * MINUTE;

/** A plan with no limit but those given. */
function plan(fields) {
  return {id: randomUUID(), now: NOON, reserve: 0, leaseMs: LEASE_MS, ...fields};
}

/** A fresh visitor id, so no two cases share counters. */
const visitorId = () => `sub:visitor-${randomUUID()}`;

/**
 * Declares the contract's cases in the current `describe`.
 * @param {(instances: number) => import('../../src/proxy/limits.js').LimitStore[]} makeStores
 */
export function limitStoreContract(makeStores) {
  it('requests per minute: exactly the limit in one window, the same after settling, and again in the next window', async () => {
    const [a, b, c] = makeStores(3);
    const visitor = visitorId();
    const asked = (store, now = NOON) => store.admit(plan({visitor, now, requestsPerMinute: 3}));
    const admitted = [];
    for (const store of [a, b, c]) {
      const p = plan({visitor, requestsPerMinute: 3});
      assert.deepEqual(await store.admit(p), {admitted: true});
      admitted.push(p);
    }
    assert.deepEqual(await asked(a), {admitted: false, limit: 'requests_per_minute', retryAfterSeconds: SECONDS_TO_NEXT_MINUTE});
    // A finished request still counted: the limit is on requests started, not on streams open.
    for (const p of admitted) await b.settle(p, 10);
    assert.equal((await asked(c, NOON + SECONDS_TO_NEXT_MINUTE * SECOND - 1)).admitted, false);
    assert.deepEqual(await asked(a, NOON + SECONDS_TO_NEXT_MINUTE * SECOND), {admitted: true});
    // Another visitor has a window of its own.
    assert.deepEqual(await b.admit(plan({visitor: visitorId(), requestsPerMinute: 3})), {admitted: true});
  });

  it('requests per minute: admissions racing through several instances are counted exactly', async () => {
    const stores = makeStores(3);
    const visitor = visitorId();
    const verdicts = await Promise.all(Array.from({length: 40}, (_, i) => stores[i % 3].admit(plan({visitor, requestsPerMinute: 7}))));
    assert.equal(verdicts.filter((v) => v.admitted).length, 7);
    assert.ok(verdicts.filter((v) => !v.admitted).every((v) => v.limit === 'requests_per_minute'));
  });

  it('concurrent streams: the limit holds, and a settled stream frees its slot', async () => {
    const [a, b] = makeStores(2);
    const visitor = visitorId();
    const open = () => plan({visitor, concurrentStreams: 2});
    const first = open();
    assert.deepEqual(await a.admit(first), {admitted: true});
    assert.deepEqual(await b.admit(open()), {admitted: true});
    const refused = await a.admit(open());
    assert.equal(refused.limit, 'concurrent_streams');
    assert.ok(refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= 60, `retry after ${refused.retryAfterSeconds} s`);
    await b.settle(first, 0); // settled by another instance than the one that admitted it
    assert.deepEqual(await a.admit(open()), {admitted: true});
    assert.equal((await b.admit(open())).limit, 'concurrent_streams');
  });

  it('concurrent streams: racing admissions through several instances open exactly the limit', async () => {
    const stores = makeStores(3);
    const visitor = visitorId();
    const verdicts = await Promise.all(Array.from({length: 30}, (_, i) => stores[i % 3].admit(plan({visitor, concurrentStreams: 3}))));
    assert.equal(verdicts.filter((v) => v.admitted).length, 3);
  });

  it('concurrent streams: a lease its instance never settled (it stopped) ends after leaseMs', async () => {
    const [stopped, alive] = makeStores(2);
    const visitor = visitorId();
    const leaseMs = 90 * SECOND;
    assert.deepEqual(await stopped.admit(plan({visitor, concurrentStreams: 1, leaseMs})), {admitted: true});
    assert.equal((await alive.admit(plan({visitor, concurrentStreams: 1, leaseMs, now: NOON + leaseMs - 1}))).limit, 'concurrent_streams');
    assert.deepEqual(await alive.admit(plan({visitor, concurrentStreams: 1, leaseMs, now: NOON + leaseMs})), {admitted: true});
  });

  it('tokens per day: admitted while used + reserved stay under the limit; settling replaces the reservation by the usage', async () => {
    const [a, b] = makeStores(2);
    const visitor = visitorId();
    const ask = (reserve, store = a) => {
      const p = plan({visitor, reserve, tokensPerDay: 1000});
      return store.admit(p).then((verdict) => ({verdict, p}));
    };
    const first = await ask(600);
    const second = await ask(600, b); // 600 reserved < 1000: admitted, though it may spend past the limit
    assert.deepEqual([first.verdict, second.verdict], [{admitted: true}, {admitted: true}]);
    assert.deepEqual(await a.usage(NOON, visitor), {used: 0, reserved: 1200});
    assert.deepEqual((await ask(1, b)).verdict, {admitted: false, limit: 'tokens_per_day', retryAfterSeconds: SECONDS_TO_MIDNIGHT});

    await b.settle(first.p, 100);
    assert.deepEqual(await b.usage(NOON, visitor), {used: 100, reserved: 600});
    const third = await ask(200); // 100 + 600 < 1000
    assert.deepEqual(third.verdict, {admitted: true});
    await a.settle(second.p, 250);
    await a.settle(third.p, 300);
    assert.deepEqual(await a.usage(NOON, visitor), {used: 650, reserved: 0});
    const fourth = await ask(5000); // 650 < 1000: a large reservation is still admitted once
    assert.deepEqual(fourth.verdict, {admitted: true});
    await b.settle(fourth.p, 350);
    assert.deepEqual(await b.usage(NOON, visitor), {used: 1000, reserved: 0});
    assert.equal((await ask(1)).verdict.limit, 'tokens_per_day');
  });

  it('the daily token budget is one budget for every visitor together', async () => {
    const [a, b, c] = makeStores(3);
    const [ann, bob, cid] = [visitorId(), visitorId(), visitorId()];
    const ask = async (store, visitor, reserve, spent) => {
      const p = plan({visitor, reserve, dailyTokenBudget: 1000});
      const verdict = await store.admit(p);
      if (verdict.admitted && spent !== undefined) await store.settle(p, spent);
      return verdict;
    };
    assert.deepEqual(await ask(a, ann, 800, 700), {admitted: true});
    assert.deepEqual(await ask(b, bob, 800, 250), {admitted: true}); // 700 < 1000
    assert.deepEqual(await ask(c, cid, 800, 100), {admitted: true}); // 950 < 1000
    for (const [store, visitor] of [[a, ann], [b, bob], [c, cid], [a, visitorId()]]) {
      assert.deepEqual(await ask(store, visitor, 1), {admitted: false, limit: 'daily_token_budget', retryAfterSeconds: SECONDS_TO_MIDNIGHT});
    }
    assert.deepEqual(await b.usage(NOON), {used: 1050, reserved: 0});
    assert.deepEqual(await c.usage(NOON, bob), {used: 250, reserved: 0});
  });

  it('the daily token budget: admissions of many visitors racing through several instances reserve exactly up to it', async () => {
    const stores = makeStores(3);
    const verdicts = await Promise.all(Array.from({length: 30}, (_, i) => stores[i % 3].admit(plan({visitor: visitorId(), reserve: 100, dailyTokenBudget: 1000}))));
    assert.equal(verdicts.filter((v) => v.admitted).length, 10);
    assert.ok(verdicts.filter((v) => !v.admitted).every((v) => v.limit === 'daily_token_budget'));
    assert.deepEqual(await stores[1].usage(NOON), {used: 0, reserved: 1000});
  });

  it('a request the daily budget refuses takes nothing from its visitor: no request of the minute, no stream slot, no tokens', async () => {
    const [a, b] = makeStores(2);
    const spender = plan({visitor: visitorId(), reserve: 100, dailyTokenBudget: 100});
    assert.deepEqual(await a.admit(spender), {admitted: true});
    await a.settle(spender, 100);
    const visitor = visitorId();
    const own = {visitor, reserve: 50, requestsPerMinute: 1, concurrentStreams: 1, tokensPerDay: 60};
    for (const store of [a, b]) {
      assert.deepEqual(await store.admit(plan({...own, dailyTokenBudget: 100})), {admitted: false, limit: 'daily_token_budget', retryAfterSeconds: SECONDS_TO_MIDNIGHT});
    }
    assert.deepEqual(await b.usage(NOON, visitor), {used: 0, reserved: 0});
    // Once the site raises its budget, the visitor still has its one request, stream and 60 tokens.
    assert.deepEqual(await b.admit(plan({...own, dailyTokenBudget: 1000})), {admitted: true});
  });

  it("one visitor's requests racing into a spent budget are all refused for the budget, never for a limit of its own they did not reach", async () => {
    const stores = makeStores(3);
    const visitor = visitorId();
    const limits = {visitor, reserve: 100, requestsPerMinute: 2, concurrentStreams: 2, tokensPerDay: 150, dailyTokenBudget: 100};
    // One admitted request (0 < 100) reserves the whole budget; its visitor stays under its own limits.
    const verdicts = await Promise.all(Array.from({length: 12}, (_, i) => stores[i % 3].admit(plan(limits))));
    assert.equal(verdicts.filter((v) => v.admitted).length, 1);
    assert.deepEqual([...new Set(verdicts.filter((v) => !v.admitted).map((v) => v.limit))], ['daily_token_budget']);
    assert.deepEqual(await stores[0].usage(NOON, visitor), {used: 0, reserved: 100});
  });

  it('a new UTC day starts with fresh token counters and budget, and day refusals say how long until midnight', async () => {
    const [a, b] = makeStores(2);
    const visitor = visitorId();
    const lastMinute = Date.UTC(2031, 4, 20, 23, 59, 30);
    const limits = {tokensPerDay: 500, dailyTokenBudget: 100_000};
    const spent = plan({visitor, reserve: 500, now: lastMinute, ...limits});
    assert.deepEqual(await a.admit(spent), {admitted: true});
    await a.settle(spent, 500);
    assert.deepEqual(await b.admit(plan({visitor, now: lastMinute, ...limits})), {admitted: false, limit: 'tokens_per_day', retryAfterSeconds: 30});

    const nextDay = Date.UTC(2031, 4, 21, 0, 0, 1);
    const fresh = plan({visitor, reserve: 40, now: nextDay, ...limits});
    assert.deepEqual(await b.admit(fresh), {admitted: true});
    assert.deepEqual(await a.usage(nextDay, visitor), {used: 0, reserved: 40});
    assert.deepEqual(await a.usage(nextDay), {used: 0, reserved: 40});
  });
}
