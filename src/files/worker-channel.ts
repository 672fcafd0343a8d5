/**
 * One files Worker and its requests: ids matched to answers, failures turned into
 * `AutouiError`s, a time limit per request (past it the Worker is ended, since a query in
 * WebAssembly cannot be interrupted otherwise), and a crash (the Worker's `error` event: an
 * uncaught error, out of memory, a page that does not let it start) failing every pending request.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {CSP_NEEDS} from './worker-script-url.js';
import type {WorkerReply, WorkerRequest} from './worker-protocol.js';

/** How long a request may take and what to raise past it. */
export interface RequestLimit {
  ms: number;
  error: () => AutouiError;
}

interface Pending {
  type: WorkerRequest['type'];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A Worker with its pending requests. After `dead` turns true, a new channel is needed. */
export class WorkerChannel {
  dead = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** True once the Worker answered anything: a failure before that is likely the page's CSP. */
  private answered = false;

  /** `start` starts the Worker: the files Worker (start-worker.ts) or the convert Worker (start-convert-worker.ts). */
  constructor(start: () => Worker) {
    this.worker = start();
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      this.answered = true;
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new AutouiError(ErrorCodes[reply.error.code], reply.error.message));
    };
    this.worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      const why = event.message || 'it stopped without a message';
      this.fail((type) =>
        new AutouiError(
          type === 'attach' ? ErrorCodes.FILE_UNREADABLE : ErrorCodes.TOOL_FAILED,
          this.answered ? `The local files engine stopped (${why}); it restarts with the attached files.` : `The local files engine could not run (${why}); ${CSP_NEEDS}.`,
        ),
      );
    };
  }

  /** Sends `request`; its answer, or an `AutouiError`. */
  send<T>(request: WorkerRequest, limit?: RequestLimit, signal?: AbortSignal): Promise<T> {
    if (this.dead) return Promise.reject(new AutouiError(ErrorCodes.TOOL_FAILED, 'The local files engine stopped.'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = limit && setTimeout(() => this.fail(limit.error), limit.ms);
      // The Worker goes on with the request; its answer, when it comes, is dropped.
      const onAbort = () => {
        const pending = this.pending.get(id);
        this.pending.delete(id);
        pending?.reject(new AutouiError(ErrorCodes.ABORTED, 'The request was aborted.'));
      };
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(id, {
        type: request.type,
        resolve: (value) => (done(), resolve(value as T)),
        reject: (error) => (done(), reject(error)),
      });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, {once: true});
      try {
        this.worker.postMessage({...request, id});
      } catch (error) {
        this.pending.get(id)?.reject(new AutouiError(ErrorCodes.TOOL_FAILED, `The local files engine could not be asked (${errorMessage(error)}).`));
      }
    });
  }

  /** Ends the Worker; pending requests fail with `error` (by their type). */
  fail(error: (type: WorkerRequest['type']) => AutouiError): void {
    if (this.dead) return;
    this.dead = true;
    this.worker.terminate();
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(error(pending.type));
    }
  }
}
