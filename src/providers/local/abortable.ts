/**
 * Stop, at once, for a runtime that hears it late: llama.cpp reads a prompt's batch through before
 * it looks at a cancel, which for a small model on one CPU thread can be a minute. The turn stops
 * waiting as soon as the signal aborts; the runtime's own cancel (the same signal) takes effect
 * when it next looks, in its Worker, with nobody waiting for it.
 */

/** `promise`, or `undefined` as soon as `signal` aborts (its own end then has nobody waiting, and is dropped). */
export function orAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.resolve(undefined);
  return Promise.race([promise, new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), {once: true}))]);
}

/**
 * The items of `stream`, ending as soon as `signal` aborts. The stream is read by a pump of its
 * own from the start, always waiting on its next item: it is read to its end even once left, so a
 * failure it ends with (wllama's stream fails when cancelled) always has a reader. A failure is
 * thrown to the turn only while the turn still listens.
 */
export async function* abortable<T>(stream: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncIterable<T> {
  const queue: T[] = [];
  let ended = false;
  let failure: {error: unknown} | undefined;
  let wake: (() => void) | undefined;
  const pump = async () => {
    try {
      for await (const item of stream) {
        queue.push(item);
        wake?.();
      }
    } catch (error) {
      failure = {error};
    } finally {
      ended = true;
      wake?.();
    }
  };
  void pump();
  for (;;) {
    if (signal?.aborted) return;
    if (queue.length) {
      yield queue.shift()!;
      continue;
    }
    if (ended) {
      if (failure) throw failure.error;
      return;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
      signal?.addEventListener('abort', () => resolve(), {once: true});
    });
    wake = undefined;
  }
}
