/**
 * The Lua scripts of the Redis limit store (redis-limit-store.ts). Redis runs each one atomically.
 * (Limits absent from a plan arrive as '' and `tonumber('')` is nil: no limit.)
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

// A visitor's requests between its two steps are "pending" (hash field id = "<minute>:<reserve>:
// <expires ms>"). The visitor's limits count them neither as admitted nor as absent: a limit that
// they alone would make the difference for gives no verdict yet ({2}: ask again), so a request is
// refused only for what admitted requests used, and admitted only if every pending one could be.
const PENDING = `
local function pending(key, now, minute)
  local inMinute, all, sameDay = 0, 0, 0
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    local m, r, e = string.match(fields[i + 1], '^(%d+):(%d+):(%d+)$')
    m, r, e = tonumber(m), tonumber(r), tonumber(e)
    if e <= now then redis.call('HDEL', key, fields[i]) else
      all = all + 1
      if m == minute then inMinute = inMinute + 1 end
      if math.floor(m / 1440) == math.floor(minute / 1440) then sameDay = sameDay + r end
    end
  end
  return inMinute, all, sameDay
end
`;

/**
 * Judges a visitor's own limits, in order: {0, limit, retry seconds} when admitted requests alone
 * reach one; {2} when pending requests could make the difference (the caller asks again shortly);
 * else {1}, and the request is counted: at once when no budget step follows (`direct`), otherwise
 * as pending until {@link CONFIRM_VISITOR} or {@link UNDO_VISITOR}. A refusal writes nothing.
 * KEYS: minute counter, stream leases (sorted set), visitor tokens (hash), pending (hash).
 * ARGV: id, now, reserve, rpm, streams, tokens/day, lease ms, minute, pending ms, direct (1/0),
 * retry seconds (minute, day, stream), ms waited so far (pending marks expire by now + this).
 */
export const ADMIT_VISITOR = `${IN_FLIGHT}${PENDING}
local id, now, reserve = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local rpm, streams, tpd, lease, minute = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local inMinute, all, sameDay = pending(KEYS[4], now + tonumber(ARGV[14]), minute)
local undecided = false
-- One limit: refused for admitted requests alone (unless an earlier limit is undecided), or undecided.
local function judge(admitted, held, max, name, retry)
  if not max then return nil end
  if admitted >= max then return undecided and {2} or {0, name, retry} end
  if admitted + held >= max then undecided = true end
  return nil
end
local verdict = judge(rpm and tonumber(redis.call('GET', KEYS[1]) or '0') or 0, inMinute, rpm, 'requests_per_minute', ARGV[11])
if verdict then return verdict end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
verdict = judge(streams and redis.call('ZCARD', KEYS[2]) or 0, all, streams, 'concurrent_streams', ARGV[13])
if verdict then return verdict end
verdict = judge(tpd and used(KEYS[3]) + inflight(KEYS[3], now) or 0, sameDay, tpd, 'tokens_per_day', ARGV[12])
if verdict then return verdict end
if undecided then return {2} end
if ARGV[10] == '1' then
  redis.call('INCR', KEYS[1])
  redis.call('EXPIRE', KEYS[1], 120)
  redis.call('ZADD', KEYS[2], now + lease, id)
  redis.call('PEXPIRE', KEYS[2], lease)
  redis.call('HSET', KEYS[3], 'r:' .. id, reserve .. ':' .. (now + lease))
  redis.call('EXPIRE', KEYS[3], ${TOKEN_KEY_TTL_SECONDS})
else
  redis.call('HSET', KEYS[4], id, minute .. ':' .. reserve .. ':' .. (now + tonumber(ARGV[9])))
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[9]))
end
return {1}
`;

/**
 * Counts a pending request the budget admitted: the request of the minute, its stream lease and
 * its reservation. KEYS: as ADMIT_VISITOR. ARGV: id, now, reserve, lease ms.
 */
export const CONFIRM_VISITOR = `
local id, now, lease = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[4])
redis.call('HDEL', KEYS[4], id)
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], 120)
redis.call('ZADD', KEYS[2], now + lease, id)
redis.call('PEXPIRE', KEYS[2], lease)
redis.call('HSET', KEYS[3], 'r:' .. id, ARGV[3] .. ':' .. (now + lease))
redis.call('EXPIRE', KEYS[3], ${TOKEN_KEY_TTL_SECONDS})
return 1
`;

/** Drops a pending request the budget refused; an emptied hash goes with it. KEYS: pending. ARGV: id. */
export const UNDO_VISITOR = `
redis.call('HDEL', KEYS[1], ARGV[1])
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
