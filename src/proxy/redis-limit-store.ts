/**
 * A limit store in Redis, so several proxy instances enforce one set of limits, on one Redis
 * server or on a Redis Cluster. The client is the site's own (ioredis's `Redis` or `Cluster`, or
 * anything with the same `eval` and `hgetall`); this module imports no Redis library, so the proxy
 * entry stays usable in runtimes without TCP sockets.
 *
 * Keys and slots. A Redis Cluster runs a script only when all its keys share one hash slot, and
 * a visitor's counters and the budget for everyone cannot share one without putting every
 * visitor on one node. So a visitor's keys share a hash tag (`{v:<visitor>}`), everyone's tokens
 * have theirs (`{all}`), and an admission is two atomic scripts: the visitor's limits, then the
 * budget. (On one server the same two steps run; the keys are the same.)
 *
 * Why two steps cannot overspend. Each limit is still checked and reserved in one atomic script
 * on its own key: the visitor's limits in the first, the budget in the second. A request is
 * forwarded only when both admitted it, and each reserves its upper bound before the next
 * admission on that key is judged, so every limit keeps the single-script bound: exceeded by at
 * most the tokens of one request, however many instances race. What two steps give up is only
 * all-or-nothing: between the steps the visitor's request of the minute, stream slot and
 * reservation are held for a request the budget may then refuse. Then a third script takes them
 * back, so the cost is a moment in which that same visitor's other requests may be refused too
 * early (never admitted too late), and no other visitor is affected. An instance that stops
 * between the steps leaves that hold until its lease ends, as one that stops mid-answer does.
 * Settling is two scripts as well (visitor, budget); an instance that stops between them leaves
 * the other's reservation to expire with its lease, as before.
 */
import {dayOf, minuteOf, secondsToNextDay, secondsToNextMinute, STREAM_RETRY_SECONDS, type Admission, type AdmissionPlan, type LimitName, type LimitStore} from './limits.js';
import {ADMIT_BUDGET, ADMIT_VISITOR, SETTLE_BUDGET, SETTLE_VISITOR, UNDO_VISITOR} from './redis-limit-scripts.js';

/** The part of a Redis client the store uses: ioredis's `eval(script, numKeys, ...keysAndArgs)` and `hgetall` (a `Redis` or a `Cluster`). */
export interface RedisEvalClient {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
}

/** Options of {@link createRedisLimitStore}. */
export interface RedisLimitStoreOptions {
  /** A connected client. Tip for ioredis: `enableOfflineQueue: false` makes a lost server fail at once instead of queueing. */
  client: RedisEvalClient;
  /**
   * Prefix of every key, so several proxies (or environments) can share one Redis. Default
   * `autoui-proxy:`. Leave braces out of it: a hash tag here would put every counter in one slot,
   * so on one node of a cluster.
   */
  prefix?: string;
}

/**
 * A limit store in a Redis server (or a Redis Cluster) shared by every proxy instance.
 * @example
 * ```js
 * import {Redis, Cluster} from 'ioredis';
 * const store = createRedisLimitStore({client: new Redis(process.env.REDIS_URL, {enableOfflineQueue: false})});
 * // or, on a Redis Cluster (any of its nodes; the client finds the others):
 * const clustered = createRedisLimitStore({client: new Cluster([{host: 'redis-1', port: 6379}], {enableOfflineQueue: false})});
 * ```
 */
export function createRedisLimitStore({client, prefix = 'autoui-proxy:'}: RedisLimitStoreOptions): LimitStore {
  const keys = (plan: {visitor: string; now: number}) => {
    const day = dayOf(plan.now);
    // The visitor's hash tag: its id with '%', '{' and '}' escaped, so the tag ends where the id
    // does and no two ids share keys (an IPv6 ':' or a token subject's brace cannot collide).
    const visitor = `${prefix}{v:${plan.visitor.replace(/[%{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}}`;
    return {
      minute: `${visitor}:rpm:${minuteOf(plan.now)}`,
      streams: `${visitor}:streams`,
      visitorTokens: `${visitor}:tokens:${day}`,
      allTokens: `${prefix}{all}:tokens:${day}`,
    };
  };
  const limit = (value: number | undefined) => (value === undefined ? '' : String(value));
  const verdict = (result: unknown): Admission => {
    const [admitted, name, retry] = result as [number, LimitName?, string?];
    return admitted === 1 ? {admitted: true} : {admitted: false, limit: name!, retryAfterSeconds: Number(retry)};
  };

  return {
    async admit(plan: AdmissionPlan): Promise<Admission> {
      const k = keys(plan);
      const reserve = Math.ceil(plan.reserve);
      const visitorKeys = [k.minute, k.streams, k.visitorTokens];
      const own = verdict(await client.eval(
        ADMIT_VISITOR, 3, ...visitorKeys,
        plan.id, plan.now, reserve, limit(plan.requestsPerMinute), limit(plan.concurrentStreams), limit(plan.tokensPerDay), plan.leaseMs,
        secondsToNextMinute(plan.now), secondsToNextDay(plan.now), STREAM_RETRY_SECONDS,
      ));
      if (!own.admitted) return own;
      let budget: Admission;
      try {
        budget = verdict(await client.eval(ADMIT_BUDGET, 1, k.allTokens, plan.id, plan.now, reserve, limit(plan.dailyTokenBudget), plan.leaseMs, secondsToNextDay(plan.now)));
      } catch (error) {
        // The request will not be forwarded: give the visitor's counts back if Redis still answers.
        await client.eval(UNDO_VISITOR, 3, ...visitorKeys, plan.id).catch(() => {});
        throw error;
      }
      if (!budget.admitted) await client.eval(UNDO_VISITOR, 3, ...visitorKeys, plan.id);
      return budget;
    },

    async settle(plan: AdmissionPlan, tokens: number): Promise<void> {
      const k = keys(plan);
      const spent = Math.max(0, Math.ceil(tokens));
      // Different slots, independent steps: both at once.
      await Promise.all([
        client.eval(SETTLE_VISITOR, 2, k.streams, k.visitorTokens, plan.id, spent),
        client.eval(SETTLE_BUDGET, 1, k.allTokens, plan.id, spent),
      ]);
    },
    async usage(now: number, visitor?: string) {
      const k = keys({visitor: visitor ?? '', now});
      const fields = await client.hgetall(visitor === undefined ? k.allTokens : k.visitorTokens);
      let reserved = 0;
      for (const [field, value] of Object.entries(fields)) {
        if (field === 'used') continue;
        const [tokens, expires] = value.split(':').map(Number);
        if (expires > now) reserved += tokens;
      }
      return {used: Number(fields.used ?? 0), reserved};
    },
  };
}
