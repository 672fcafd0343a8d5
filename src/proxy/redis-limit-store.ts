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
 * budget. (On one server the same steps run on the same keys.)
 *
 * Why two steps stay exact. Each limit is checked and reserved in one atomic script on its own
 * key, and a request is forwarded only when both steps admitted it, so no limit is exceeded by
 * more than one request's tokens, however many instances race: the single-script bound. Between
 * the steps the request is "pending" in its visitor's counters (when a budget is set; without one
 * the second step cannot refuse and the first counts the request at once). The visitor's limits
 * judge pending requests as neither admitted nor absent: a verdict they could change waits until
 * they are confirmed (the budget admitted them) or dropped (it refused them), a few round trips;
 * so a request is refused only for what admitted requests used, as with one script, and a request
 * the budget refused leaves nothing. Only that visitor's racing requests ever wait, and a pending
 * mark ends by itself after `PENDING_MS`, so an instance that stops between the steps cannot hold
 * one for long. Settling is two scripts as well (visitor, budget); an instance that stops between
 * them leaves the other's reservation to expire with its lease, as one that stops mid-answer does.
 */
import {dayOf, minuteOf, secondsToNextDay, secondsToNextMinute, STREAM_RETRY_SECONDS, type Admission, type AdmissionPlan, type LimitName, type LimitStore} from './limits.js';
import {ADMIT_BUDGET, ADMIT_VISITOR, CONFIRM_VISITOR, SETTLE_BUDGET, SETTLE_VISITOR, UNDO_VISITOR} from './redis-limit-scripts.js';

/** A script's verdict: [1] admitted, [0, limit, retry seconds] refused, [2] undecided while other requests are pending. */
type Verdict = [0 | 1 | 2, LimitName?, string?];

/**
 * How long a request may stay pending between its two steps. Its mark ends by itself after this,
 * so an instance that stops between the steps holds it no longer (meanwhile its visitor's requests
 * that the mark could decide wait, and get the proxy's 503 after `storeTimeoutMs`); a step slower
 * than this (a Redis far slower than any sane `storeTimeoutMs`) could let one more request through.
 */
const PENDING_MS = 10_000;
/** How long to wait before asking again when other requests of the visitor are pending. */
const UNDECIDED_RETRY_MS = 5;

/**
 * Runs `ask(waitedMs)` until its verdict is not "undecided". Other requests' steps end within a
 * few round trips; a mark left by a stopped instance expires by the plan's time plus the time
 * waited, so the wait ends within `PENDING_MS` whatever the plan's clock says.
 */
async function undecidedAgain(ask: (waitedMs: number) => Promise<Verdict>): Promise<Verdict> {
  const started = Date.now();
  for (;;) {
    const waited = Date.now() - started;
    // Marks keep coming only if the visitor keeps sending: past twice their life, give up (the proxy answers 503).
    if (waited > 2 * PENDING_MS) throw new Error('the visitor\'s pending admissions did not resolve');
    const result = await ask(waited);
    if (result[0] !== 2) return result;
    await new Promise((resolve) => setTimeout(resolve, UNDECIDED_RETRY_MS));
  }
}

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
      pending: `${visitor}:pending`,
      allTokens: `${prefix}{all}:tokens:${day}`,
    };
  };
  const limit = (value: number | undefined) => (value === undefined ? '' : String(value));
  const verdict = (result: unknown): Admission => {
    const [admitted, name, retry] = result as Verdict;
    return admitted === 1 ? {admitted: true} : {admitted: false, limit: name!, retryAfterSeconds: Number(retry)};
  };

  return {
    async admit(plan: AdmissionPlan): Promise<Admission> {
      const k = keys(plan);
      const reserve = Math.ceil(plan.reserve);
      const visitorKeys = [k.minute, k.streams, k.visitorTokens, k.pending];
      // Without a budget the second step cannot refuse, so the visitor's step counts at once.
      const direct = plan.dailyTokenBudget === undefined;
      const own = await undecidedAgain(async (waitedMs) => (await client.eval(
        ADMIT_VISITOR, 4, ...visitorKeys,
        plan.id, plan.now, reserve, limit(plan.requestsPerMinute), limit(plan.concurrentStreams), limit(plan.tokensPerDay), plan.leaseMs,
        minuteOf(plan.now), PENDING_MS, direct ? 1 : 0, secondsToNextMinute(plan.now), secondsToNextDay(plan.now), STREAM_RETRY_SECONDS, waitedMs,
      )) as Verdict);
      if (own[0] !== 1) return verdict(own);
      let budget: Admission;
      try {
        budget = verdict(await client.eval(ADMIT_BUDGET, 1, k.allTokens, plan.id, plan.now, reserve, limit(plan.dailyTokenBudget), plan.leaseMs, secondsToNextDay(plan.now)));
      } catch (error) {
        // The request will not be forwarded: give back what the visitor's step took, if Redis still
        // answers (else the mark expires, or the stream lease and reservation end with their lease).
        const giveBack = direct ? client.eval(SETTLE_VISITOR, 2, k.streams, k.visitorTokens, plan.id, 0) : client.eval(UNDO_VISITOR, 1, k.pending, plan.id);
        await giveBack.catch(() => {});
        throw error;
      }
      if (direct) return budget;
      if (!budget.admitted) {
        await client.eval(UNDO_VISITOR, 1, k.pending, plan.id);
        return budget;
      }
      try {
        await client.eval(CONFIRM_VISITOR, 4, ...visitorKeys, plan.id, plan.now, reserve, plan.leaseMs);
      } catch (error) {
        // Not forwarded after all: give the budget's reservation back if Redis still answers.
        await client.eval(SETTLE_BUDGET, 1, k.allTokens, plan.id, 0).catch(() => {});
        throw error;
      }
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
