/**
 * Reads a response body as server-sent events with `eventsource-parser`. Ends at once when
 * `signal` aborts, even if the underlying `fetch` ignores its signal, so late chunks are never
 * seen by the caller.
 */
import {createParser, type EventSourceMessage} from 'eventsource-parser';

/**
 * Yields each event of `body`. Rejects with `signal.reason` on abort and with the read error when
 * the connection breaks; calls `onChunk` for every chunk received (to reset an idle timer).
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal, onChunk: () => void): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({onEvent: (event) => queue.push(event)});
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, {once: true});
  });
  aborted.catch(() => {}); // handled by the race below; avoids an unhandled rejection when unused
  try {
    for (;;) {
      const {done, value} = await Promise.race([reader.read(), aborted]);
      if (done) break;
      onChunk();
      parser.feed(decoder.decode(value, {stream: true}));
      while (queue.length && !signal.aborted) yield queue.shift()!;
    }
    parser.feed(decoder.decode());
    while (queue.length) yield queue.shift()!;
  } finally {
    signal.removeEventListener('abort', onAbort);
    reader.cancel().catch(() => {});
  }
}
