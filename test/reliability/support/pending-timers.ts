/**
 * Counts the page's pending timers: `setTimeout` not yet fired or cleared, `setInterval` not
 * cleared, animation frames and idle callbacks not yet run or cancelled. A page cannot list its
 * timers, so the global functions are wrapped (they still do what they did); code that calls them
 * through the global object at call time, as ours does, is counted.
 */
const pending = {timeout: new Set<number>(), interval: new Set<number>(), frame: new Set<number>(), idle: new Set<number>()};
let installed = false;

/** Starts counting (once per page). */
export function countTimers(): void {
  if (installed) return;
  installed = true;
  const w = window as unknown as Record<string, (...args: any[]) => number>;
  const wrap = (set: Set<number>, start: string, stop: string, once: boolean) => {
    const original = w[start].bind(window);
    const cancel = w[stop].bind(window);
    w[start] = (callback: unknown, ...rest: unknown[]) => {
      const run =
        typeof callback === 'function'
          ? (...args: unknown[]) => {
              if (once) set.delete(id);
              return (callback as (...a: unknown[]) => unknown)(...args);
            }
          : callback;
      const id = original(run, ...rest);
      set.add(id);
      return id;
    };
    w[stop] = (id: number) => {
      set.delete(id);
      return cancel(id);
    };
  };
  wrap(pending.timeout, 'setTimeout', 'clearTimeout', true);
  wrap(pending.interval, 'setInterval', 'clearInterval', false);
  wrap(pending.frame, 'requestAnimationFrame', 'cancelAnimationFrame', true);
  if (typeof requestIdleCallback === 'function') wrap(pending.idle, 'requestIdleCallback', 'cancelIdleCallback', true);
}

/** Pending timers of each kind now. */
export function pendingTimers(): {timeouts: number; intervals: number; frames: number; idle: number} {
  return {timeouts: pending.timeout.size, intervals: pending.interval.size, frames: pending.frame.size, idle: pending.idle.size};
}
