/**
 * Passes an upstream answer to the client as it comes, byte for byte, while the usage meter reads
 * it, and makes sure every admitted request ends exactly once: when the answer is done, when the
 * client goes away, when the upstream breaks, when the client leaves it unread too long (its slot
 * is held by a reader that never reads), or when it runs past the longest answer allowed.
 */
import {UsageMeter, type AnswerReport} from './usage-meter.js';

/** How an answer ended. `cut` ends are the proxy's doing (timeouts) or the upstream's (a broken stream). */
export type AnswerEnd = 'done' | 'client_gone' | 'upstream_broke' | 'client_idle' | 'too_long';

/** Options of {@link passAnswer}. */
export interface PassAnswerOptions {
  /** Milliseconds the client may leave a chunk unread. */
  clientIdleTimeoutMs: number;
  /** Milliseconds the whole answer may take. */
  maxStreamMs: number;
  /** Aborts the upstream request. */
  abortUpstream: () => void;
  /**
   * Called once, with the tokens the upstream reported (undefined: none reported), whether its
   * final usage had passed (before it, the counts are partial: a cut answer spent more), and what
   * the answer reported about itself (for telemetry).
   */
  onEnd: (end: AnswerEnd, tokens: number | undefined, final: boolean, report: AnswerReport) => void;
  /** Called when the first chunk of the answer reaches the client's stream (time to first chunk). */
  onFirstChunk?: () => void;
}

/** The body to answer the client with. */
export function passAnswer(upstream: Response, options: PassAnswerOptions): ReadableStream<Uint8Array> {
  const meter = new UsageMeter(upstream.headers.get('content-type'));
  const reader = upstream.body!.getReader();
  let ended = false;
  let first = true;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;

  const end = (how: AnswerEnd) => {
    if (ended) return;
    ended = true;
    clearTimeout(idleTimer);
    clearTimeout(lifeTimer);
    if (how !== 'done') {
      options.abortUpstream();
      reader.cancel().catch(() => {});
    }
    options.onEnd(how, meter.total(), meter.final, meter.report());
  };
  const cut = (how: AnswerEnd) => {
    if (ended) return;
    end(how);
    controllerRef?.error(new Error(`answer cut: ${how}`));
  };
  const lifeTimer = setTimeout(() => cut('too_long'), options.maxStreamMs);

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerRef = controller;
      },
      async pull(controller) {
        // The client asked for more: it is reading. Wait for the upstream.
        clearTimeout(idleTimer);
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch {
          return cut('upstream_broke');
        }
        if (ended) return;
        if (next.done) {
          end('done');
          return controller.close();
        }
        if (first) {
          first = false;
          options.onFirstChunk?.();
        }
        meter.add(next.value);
        controller.enqueue(next.value);
        // Until the client pulls again, the chunk sits unread: start its clock.
        idleTimer = setTimeout(() => cut('client_idle'), options.clientIdleTimeoutMs);
      },
      cancel() {
        end('client_gone');
      },
    },
    // Nothing is read ahead of the client: an unread answer stops the upstream, and the idle clock sees it.
    {highWaterMark: 0},
  );
}
