/**
 * The Lua scripts of the Redis limit store (redis-limit-store.ts). Redis runs each one atomically.
 * Each touches the keys of one hash slot only, as a Redis Cluster requires: the visitor's scripts
 * touch the visitor's keys (one hash tag), the budget's scripts the one key of everyone's tokens.
 */

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

/**
 * Checks a visitor's own limits and, only when all pass, counts the request, its stream lease and
 * its reservation. A refusal writes nothing.
 * KEYS: minute counter, stream leases (sorted set), visitor tokens (hash).
 * ARGV: id, now, reserve, rpm, streams, tokens/day, lease ms, retry seconds (minute, day, stream).
 */
export const ADMIT_VISITOR = `${IN_FLIGHT}
local id, now, reserve = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local rpm, streams, tpd, lease = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
if rpm and tonumber(redis.call('GET', KEYS[1]) or '0') >= rpm then return {0, 'requests_per_minute', ARGV[8]} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if streams and redis.call('ZCARD', KEYS[2]) >= streams then return {0, 'concurrent_streams', ARGV[10]} end
if tpd and used(KEYS[3]) + inflight(KEYS[3], now) >= tpd then return {0, 'tokens_per_day', ARGV[9]} end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], 120)
redis.call('ZADD', KEYS[2], now + lease, id)
redis.call('PEXPIRE', KEYS[2], lease)
redis.call('HSET', KEYS[3], 'r:' .. id, reserve .. ':' .. (now + lease))
redis.call('EXPIRE', KEYS[3], ${TOKEN_KEY_TTL_SECONDS})
return {1}
`;

/**
 * Takes back what {@link ADMIT_VISITOR} counted, when the budget then refused the request: the
 * request of the minute, the stream lease and the reservation. Keys left empty are deleted, so a
 * refused visitor leaves nothing behind.
 * KEYS: as ADMIT_VISITOR. ARGV: id.
 */
export const UNDO_VISITOR = `
if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], 'r:' .. ARGV[1])
return 1
`;

/**
 * Checks the daily budget for everyone (when there is one) and, only when it passes, reserves the
 * request's tokens in everyone's count (kept even without a budget, for `usage`).
 * KEYS: all tokens (hash). ARGV: id, now, reserve, budget, lease ms, retry seconds (day).
 */
export const ADMIT_BUDGET = `${IN_FLIGHT}
local id, now, reserve, budget, lease = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
if budget and used(KEYS[1]) + inflight(KEYS[1], now) >= budget then return {0, 'daily_token_budget', ARGV[6]} end
redis.call('HSET', KEYS[1], 'r:' .. id, reserve .. ':' .. (now + lease))
redis.call('EXPIRE', KEYS[1], ${TOKEN_KEY_TTL_SECONDS})
return {1}
`;

/**
 * Ends a request in the visitor's counters: frees its stream slot and replaces its reservation by
 * the tokens it spent. KEYS: stream leases, visitor tokens. ARGV: id, tokens.
 */
export const SETTLE_VISITOR = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], 'r:' .. ARGV[1])
redis.call('HINCRBY', KEYS[2], 'used', ARGV[2])
redis.call('EXPIRE', KEYS[2], ${TOKEN_KEY_TTL_SECONDS})
return 1
`;

/** Ends a request in everyone's count: its reservation replaced by the tokens it spent. KEYS: all tokens. ARGV: id, tokens. */
export const SETTLE_BUDGET = `
redis.call('HDEL', KEYS[1], 'r:' .. ARGV[1])
redis.call('HINCRBY', KEYS[1], 'used', ARGV[2])
redis.call('EXPIRE', KEYS[1], ${TOKEN_KEY_TTL_SECONDS})
return 1
`;
