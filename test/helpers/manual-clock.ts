/**
 * A clock a test moves by hand, for the timers of chosen lengths only: `setTimeout` calls whose
 * delay is one of `delays` wait on this clock (never on the wall clock), every other timer runs as
 * usual, so real network I/O, Lit and the test framework keep their own. A test that checks a
 * stall window or a retry wait then decides when the time has passed, however slow the machine:
 * pick lengths nothing else on the page uses (4321 ms, not 1000). With `{date: true}`, `Date.now`
 * reads this clock too (from the wall clock's time when it was made), so durations the code measures
 * (a call's elapsed time) are what the test advanced, not what the machine took.
 */

/** The clock of {@link manualClock}. */
export interface ManualClock {
  /** Moves the clock on by `ms` and runs, in their order, the held timers that fall due. */
  advance(ms: number): void;
  /** Held timers still waiting. */
  readonly pending: number;
  /** Gives the page its own `setTimeout` and `clearTimeout` back; held timers are dropped. */
  restore(): void;
}

interface Held {
  id: number;
  due: number;
  run: () => void;
}

/** Holds every `setTimeout` of one of `delays` ms until {@link ManualClock.advance} reaches it. Call `restore()` in a `finally`. */
export function manualClock(delays: readonly number[], options: {date?: boolean} = {}): ManualClock {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const realNow = Date.now;
  const epoch = Date.now();
  const held = new Map<number, Held>();
  let now = 0;
  // Ids far above the browser's, so clearTimeout knows a held timer from a real one.
  let nextId = 1e9;

  globalThis.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function' || !delays.includes(Number(delay))) return realSet(handler, delay, ...args);
    const id = nextId++;
    held.set(id, {id, due: now + Number(delay), run: () => handler(...args)});
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    if (id !== undefined && held.delete(id)) return;
    realClear(id);
  }) as typeof clearTimeout;
  if (options.date) Date.now = () => epoch + now;

  return {
    advance(ms) {
      const until = now + ms;
      for (;;) {
        // A timer run here may set or clear others: pick the next due one afresh each time.
        const next = [...held.values()].filter((t) => t.due <= until).sort((a, b) => a.due - b.due || a.id - b.id)[0];
        if (!next) break;
        held.delete(next.id);
        now = next.due;
        next.run();
      }
      now = until;
    },
    get pending() {
      return held.size;
    },
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      Date.now = realNow;
      held.clear();
    },
  };
}
