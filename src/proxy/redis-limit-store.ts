/**
 * A limit store in Redis, so several proxy instances enforce one set of limits. Each admission and
 * each settlement is one Lua script, which Redis runs atomically: no other instance can slip a
 * request between the check and the count. The client is the site's own (ioredis, or anything
 * with the same `eval` and `hgetall`); this module imports no Redis library, so the proxy entry
 * stays usable in runtimes without TCP sockets.
 */
import {dayOf, minuteOf, secondsToNextDay, secondsToNextMinute, STREAM_RETRY_SECONDS, type Admission, type AdmissionPlan, type LimitName, type LimitStore} from './limits.js';

/** The part of a Redis client the store uses: ioredis's `eval(script, numKeys, ...keysAndArgs)` and `hgetall`. */
export interface RedisEvalClient {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
}

/** Options of {@link createRedisLimitStore}. */
export interface RedisLimitStoreOptions {
  /** A connected client. Tip for ioredis: `enableOfflineQueue: false` makes a lost server fail at once instead of queueing. */
  client: RedisEvalClient;
  /** Prefix of every key, so several proxies (or environments) can share one Redis. Default `autoui-proxy:`. */
  prefix?: string;
}

/** Token counters live two days, so a request that spans midnight still finds its day's key. */
const TOKEN_KEY_TTL_SECONDS = 2 * 86_400;

// Sums the live reservations of a token hash (fields r:<id> = "<tokens>:<expires ms>") and drops
// the expired ones, left by an instance that stopped before settling.
const IN_FLIGHT = `
local function inflight(key, now)
  local sum = 0
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    if fields[i] ~= 'used' then
      local tokens, expires = string.match(fields[i + 1], '^(%d+):(%d+)$')
      if tonumber(expires) <= now then redis.call('HDEL', key, fields[i]) else sum = sum + tonumber(tokens) end
    end
  end
  return sum
end
local function used(key) return tonumber(redis.call('HGET', key, 'used') or '0') end
`;

// KEYS: minute counter, stream leases (sorted set), visitor tokens, all tokens.
// ARGV: id, now, reserve, rpm, streams, tokens/day, budget, lease ms, retry seconds (minute, day, stream).
const ADMIT = `${IN_FLIGHT}
local id, now, reserve = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local rpm, streams, tpd, budget, lease = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
if rpm and tonumber(redis.call('GET', KEYS[1]) or '0') >= rpm then return {0, 'requests_per_minute', ARGV[9]} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if streams and redis.call('ZCARD', KEYS[2]) >= streams then return {0, 'concurrent_streams', ARGV[11]} end
if tpd and used(KEYS[3]) + inflight(KEYS[3], now) >= tpd then return {0, 'tokens_per_day', ARGV[10]} end
if budget and used(KEYS[4]) + inflight(KEYS[4], now) >= budget then return {0, 'daily_token_budget', ARGV[10]} end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], 120)
redis.call('ZADD', KEYS[2], now + lease, id)
redis.call('PEXPIRE', KEYS[2], lease)
local reservation = reserve .. ':' .. (now + lease)
for i = 3, 4 do
  redis.call('HSET', KEYS[i], 'r:' .. id, reservation)
  redis.call('EXPIRE', KEYS[i], ${TOKEN_KEY_TTL_SECONDS})
end
return {1}
`;

// KEYS: stream leases, visitor tokens, all tokens. ARGV: id, tokens.
const SETTLE = `
redis.call('ZREM', KEYS[1], ARGV[1])
for i = 2, 3 do
  redis.call('HDEL', KEYS[i], 'r:' .. ARGV[1])
  redis.call('HINCRBY', KEYS[i], 'used', ARGV[2])
  redis.call('EXPIRE', KEYS[i], ${TOKEN_KEY_TTL_SECONDS})
end
return 1
`;

/**
 * A limit store in a Redis server shared by every proxy instance.
 * @example
 * ```js
 * import {Redis} from 'ioredis';
 * const store = createRedisLimitStore({client: new Redis(process.env.REDIS_URL, {enableOfflineQueue: false})});
 * ```
 */
export function createRedisLimitStore({client, prefix = 'autoui-proxy:'}: RedisLimitStoreOptions): LimitStore {
  const keys = (plan: {visitor: string; now: number}) => {
    const day = dayOf(plan.now);
    // The visitor id always ends its key, so any character in it (an IPv6 ':') cannot collide.
    return {
      minute: `${prefix}rpm:${minuteOf(plan.now)}:${plan.visitor}`,
      streams: `${prefix}streams:${plan.visitor}`,
      visitorTokens: `${prefix}tokens:${day}:v:${plan.visitor}`,
      allTokens: `${prefix}tokens:${day}:all`,
    };
  };
  const limit = (value: number | undefined) => (value === undefined ? '' : String(value));

  return {
    async admit(plan: AdmissionPlan): Promise<Admission> {
      const k = keys(plan);
      const result = (await client.eval(
        ADMIT, 4, k.minute, k.streams, k.visitorTokens, k.allTokens,
        plan.id, plan.now, Math.ceil(plan.reserve), limit(plan.requestsPerMinute), limit(plan.concurrentStreams),
        limit(plan.tokensPerDay), limit(plan.dailyTokenBudget), plan.leaseMs,
        secondsToNextMinute(plan.now), secondsToNextDay(plan.now), STREAM_RETRY_SECONDS,
      )) as [number, LimitName?, string?];
      if (result[0] === 1) return {admitted: true};
      return {admitted: false, limit: result[1]!, retryAfterSeconds: Number(result[2])};
    },

    async settle(plan: AdmissionPlan, tokens: number): Promise<void> {
      const k = keys(plan);
      await client.eval(SETTLE, 3, k.streams, k.visitorTokens, k.allTokens, plan.id, Math.max(0, Math.ceil(tokens)));
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
