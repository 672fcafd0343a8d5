/**
 * The default limit store: counters in this process's memory. Right for one proxy process; with
 * several instances each would hold its own counters, so use the Redis store there.
 */
import {dayOf, minuteOf, secondsToNextDay, secondsToNextMinute, STREAM_RETRY_SECONDS, type Admission, type AdmissionPlan, type LimitStore} from './limits.js';

interface TokenBucket {
  used: number;
  /** Reservations of requests in flight: id → [tokens, expires at]. */
  reserved: Map<string, [number, number]>;
}

/**
 * A limit store in memory. Every step is synchronous inside the returned promises, so admissions
 * in one process are atomic without locks. Counters of past minutes and days are dropped as they
 * go out of use.
 */
export function createMemoryLimitStore(): LimitStore & {counters(): number} {
  const minutes = new Map<string, number>();
  const streams = new Map<string, Map<string, number>>();
  const buckets = new Map<string, TokenBucket>();

  // Reads never create: a refused admission must leave nothing behind, or a stream of refused
  // visitors (one per address of an IPv6 network) would fill the memory for two days.
  const bucket = (key: string) => {
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = {used: 0, reserved: new Map()}));
    return b;
  };
  const tokensOf = (key: string, now: number) => {
    const b = buckets.get(key);
    return b ? b.used + inFlight(b, now) : 0;
  };
  const inFlight = (b: TokenBucket, now: number) => {
    let sum = 0;
    for (const [id, [tokens, expires]] of b.reserved) {
      if (expires <= now) b.reserved.delete(id);
      else sum += tokens;
    }
    return sum;
  };
  const liveStreams = (visitor: string, now: number) => {
    const leases = streams.get(visitor);
    if (!leases) return 0;
    for (const [id, expires] of leases) if (expires <= now) leases.delete(id);
    if (leases.size === 0) streams.delete(visitor);
    return leases.size;
  };
  let forgotten = -1;
  // Past counters go out of use only when the minute turns: forgetting at most once a minute keeps
  // an admission's cost independent of how many visitors came before.
  const forget = (now: number) => {
    if (minuteOf(now) === forgotten) return;
    forgotten = minuteOf(now);
    const minute = `:${minuteOf(now)}`;
    for (const key of minutes.keys()) if (!key.endsWith(minute)) minutes.delete(key);
    // Yesterday's counters stay until tomorrow: an answer that began before midnight settles there.
    const days = [dayOf(now), dayOf(now - 86_400_000)];
    for (const key of buckets.keys()) if (!days.some((day) => key.startsWith(day))) buckets.delete(key);
    for (const [visitor, leases] of streams) if (leases.size === 0) streams.delete(visitor);
  };

  return {
    async admit(plan: AdmissionPlan): Promise<Admission> {
      const {now, visitor} = plan;
      forget(now);
      const day = dayOf(now);
      const minuteKey = `${visitor}:${minuteOf(now)}`;
      const visitorKey = `${day}:v:${visitor}`;
      const allKey = `${day}:all`;
      if (plan.requestsPerMinute !== undefined && (minutes.get(minuteKey) ?? 0) >= plan.requestsPerMinute) {
        return {admitted: false, limit: 'requests_per_minute', retryAfterSeconds: secondsToNextMinute(now)};
      }
      if (plan.concurrentStreams !== undefined && liveStreams(visitor, now) >= plan.concurrentStreams) {
        return {admitted: false, limit: 'concurrent_streams', retryAfterSeconds: STREAM_RETRY_SECONDS};
      }
      if (plan.tokensPerDay !== undefined && tokensOf(visitorKey, now) >= plan.tokensPerDay) {
        return {admitted: false, limit: 'tokens_per_day', retryAfterSeconds: secondsToNextDay(now)};
      }
      if (plan.dailyTokenBudget !== undefined && tokensOf(allKey, now) >= plan.dailyTokenBudget) {
        return {admitted: false, limit: 'daily_token_budget', retryAfterSeconds: secondsToNextDay(now)};
      }
      minutes.set(minuteKey, (minutes.get(minuteKey) ?? 0) + 1);
      const expires = now + plan.leaseMs;
      const visitorTokens = bucket(visitorKey);
      const allTokens = bucket(allKey);
      let leases = streams.get(visitor);
      if (!leases) streams.set(visitor, (leases = new Map()));
      leases.set(plan.id, expires);
      visitorTokens.reserved.set(plan.id, [plan.reserve, expires]);
      allTokens.reserved.set(plan.id, [plan.reserve, expires]);
      return {admitted: true};
    },

    async settle(plan: AdmissionPlan, tokens: number): Promise<void> {
      const leases = streams.get(plan.visitor);
      leases?.delete(plan.id);
      if (leases?.size === 0) streams.delete(plan.visitor);
      const day = dayOf(plan.now);
      for (const b of [buckets.get(`${day}:v:${plan.visitor}`), buckets.get(`${day}:all`)]) {
        if (!b) continue;
        b.reserved.delete(plan.id);
        b.used += tokens;
      }
    },

    /** How many counters the store holds (minute windows, stream sets, token buckets): for tests and monitoring. */
    counters: () => minutes.size + streams.size + buckets.size,

    async usage(now: number, visitor?: string) {
      const b = buckets.get(`${dayOf(now)}:${visitor === undefined ? 'all' : `v:${visitor}`}`);
      return b ? {used: b.used, reserved: inFlight(b, now)} : {used: 0, reserved: 0};
    },
  };
}
