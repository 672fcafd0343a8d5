/**
 * The clock drafts refresh by (see `call-drafts.ts`): animation frames where there are (a page,
 * a Worker), timers elsewhere (Node). Tests give their own, to check the waits.
 */

/** The time, and the moments drafts refresh at. */
export interface DraftClock {
  now(): number;
  /** Runs `callback` before the next repaint. */
  frame(callback: () => void): void;
  /** Runs `callback` once the repaint asked for now is done: what a refresh cost includes it. */
  rendered(callback: () => void): void;
  /** Runs `callback` in `ms`; returns what cancels it. */
  wait(ms: number, callback: () => void): () => void;
}

/** The clock of a page, a Worker or Node. */
export const browserClock: DraftClock = {
  now: () => performance.now(),
  frame(callback) {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
    else setTimeout(callback, 16);
  },
  rendered(callback) {
    // A task posted now runs after the frame's rendering: its style, layout and paint included.
    if (typeof MessageChannel !== 'function') return void setTimeout(callback, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(undefined);
  },
  wait(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
