/**
 * When and how long to retry, as the official Anthropic and OpenAI SDKs do: 408, 409, 429 and
 * every 5xx (Anthropic's 529 "overloaded" included) are retried; `x-should-retry` overrides the
 * status either way; `retry-after-ms` and `retry-after` are honoured when under a minute;
 * otherwise exponential back-off with up to 25 % jitter, capped at 8 s.
 */

/** Longest server-requested wait we honour; beyond it the back-off applies (SDK behaviour). */
const MAX_HONOURED_WAIT_MS = 60_000;
/** Cap of the computed back-off. */
const MAX_BACKOFF_MS = 8_000;

/** True when a response with this status and headers may be retried. */
export function isRetryable(status: number, headers: Headers): boolean {
  const hint = headers.get('x-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `attempt` (1-based).
 * @param headers the failed response's headers, absent after a network failure
 * @param baseDelayMs the first back-off delay (500 ms in the SDKs; smaller in tests)
 */
export function retryDelayMs(attempt: number, headers: Headers | undefined, baseDelayMs: number, now = Date.now()): number {
  const asked = headers ? serverRequestedWaitMs(headers, now) : undefined;
  if (asked !== undefined && asked >= 0 && asked < MAX_HONOURED_WAIT_MS) return asked;
  const backoff = Math.min(baseDelayMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return backoff * (1 - Math.random() * 0.25);
}

function serverRequestedWaitMs(headers: Headers, now: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Number(ms);
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (Number.isFinite(Number(after))) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - now;
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller then checks `signal.aborted`). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, {once: true});
  });
}
