/**
 * The limits a key proxy holds per visitor and for everyone together, and the store that keeps
 * their counters. A store admits or refuses a request in one atomic step (so several proxy
 * instances sharing one store enforce one budget), then settles it when its answer ends.
 *
 * Token limits use reservations: a request reserves an upper bound of what it can spend (its body
 * size, which bounds its input tokens, plus its `max_tokens`) and is admitted while the tokens
 * already used plus those reserved by requests in flight stay under the limit. When the answer
 * ends, the reservation is replaced by the usage the upstream reported. So a limit is exceeded by
 * at most the tokens of one request, however many instances and visitors run at once.
 */

/** Which limit refused a request: the `limit` field of a `proxy_limit` error. */
export type LimitName = 'requests_per_minute' | 'concurrent_streams' | 'tokens_per_day' | 'daily_token_budget';

/** The limits of one request, as the proxy computed them from its options. `undefined` = no limit. */
export interface AdmissionPlan {
  /** A unique id of this request (its reservation and stream lease). */
  id: string;
  /** Who the visitor is: a visitor token's subject, or the client's address. */
  visitor: string;
  /** Milliseconds since the epoch, from the proxy's clock. */
  now: number;
  /** Tokens this request reserves until it settles. */
  reserve: number;
  requestsPerMinute?: number;
  concurrentStreams?: number;
  tokensPerDay?: number;
  dailyTokenBudget?: number;
  /** A stream lease ends by itself after this long (the proxy's longest answer), so a crashed instance frees its slots. */
  leaseMs: number;
}

/** The store's verdict. */
export type Admission = {admitted: true} | {admitted: false; limit: LimitName; retryAfterSeconds: number};

/** Where the counters live: {@link createMemoryLimitStore} (one process) or {@link createRedisLimitStore} (shared). */
export interface LimitStore {
  /** Checks every limit of `plan` and, only when all pass, counts the request, its stream and its reservation. */
  admit(plan: AdmissionPlan): Promise<Admission>;
  /**
   * Ends an admitted request: frees its stream slot and replaces its reservation with `tokens`
   * (the usage the upstream reported, or the reservation itself when none was reported).
   */
  settle(plan: AdmissionPlan, tokens: number): Promise<void>;
  /** Tokens counted today (UTC) for `visitor`, or for everyone when `visitor` is undefined: used, and reserved by requests in flight. */
  usage(now: number, visitor?: string): Promise<{used: number; reserved: number}>;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The UTC day of `now`, as a key part (`2026-12-04`). */
export function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The minute window of `now` (minutes since the epoch). */
export function minuteOf(now: number): number {
  return Math.floor(now / MINUTE);
}

/** Seconds until the current minute window ends (at least 1). */
export function secondsToNextMinute(now: number): number {
  return Math.max(1, Math.ceil((MINUTE - (now % MINUTE)) / 1000));
}

/** Seconds until the next UTC midnight (at least 1). */
export function secondsToNextDay(now: number): number {
  return Math.max(1, Math.ceil((DAY - (now % DAY)) / 1000));
}

/** How long a refused concurrent stream should wait before trying again. */
export const STREAM_RETRY_SECONDS = 5;

const LIMIT_MESSAGES: Record<LimitName, (seconds: number) => string> = {
  requests_per_minute: (s) => `Too many requests this minute. Try again in ${s} s.`,
  concurrent_streams: (s) => `Too many answers at once for this visitor. Try again in ${s} s.`,
  tokens_per_day: (s) => `The daily token limit for this visitor is reached. It resets in ${hours(s)}.`,
  daily_token_budget: (s) => `The site's daily token budget is spent. It resets in ${hours(s)}.`,
};

/** The message of a `proxy_limit` refusal by `limit`, naming the wait. */
export function limitMessage(limit: LimitName, retryAfterSeconds: number): string {
  return LIMIT_MESSAGES[limit](retryAfterSeconds);
}

function hours(seconds: number): string {
  return seconds >= 3600 ? `${Math.round(seconds / 3600)} h` : `${Math.ceil(seconds / 60)} min`;
}

/** `promise`, or a rejection after `ms` (a limit store that does not answer counts as failed). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A limit's value from the options: `false` is off (undefined), absent is `fallback`. */
export function limitValue(value: number | false | undefined, fallback: number | undefined): number | undefined {
  if (value === false) return undefined;
  return value ?? fallback;
}
