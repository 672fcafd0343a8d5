/**
 * The live session behind a connection: the current SDK client, a single-flight `reconnect()`
 * for when the server has forgotten the session (HTTP 404), and a `close()` that tells the server
 * (DELETE) and never throws.
 */
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import type {Tool} from '@modelcontextprotocol/sdk/types.js';
import {connectTimeoutError} from './connect-errors.js';
import {cacheOutputSchemas} from './list-server-tools.js';
import {openClient, type OpenClientOptions, type OpenedClient} from './open-client.js';

/** Options to open (and re-open) the session; `signal` comes per attempt. */
export type SessionOptions = Omit<OpenClientOptions, 'signal'> & {timeoutMs: number};

/** Runs `task` with a signal that aborts after `timeoutMs` (MCP_TIMEOUT) or when `outer` aborts. */
export async function withDeadline<T>(options: {label: string; url: string; timeoutMs: number; outer?: AbortSignal}, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(connectTimeoutError(options.label, options.url, options.timeoutMs)), options.timeoutMs);
  const onOuter = () => {
    const reason: unknown = options.outer?.reason;
    controller.abort(AutouiError.isInstance(reason) ? reason : new AutouiError(ErrorCodes.ABORTED, `Connecting to ${options.label} was aborted.`, {cause: reason}));
  };
  if (options.outer?.aborted) onOuter();
  options.outer?.addEventListener('abort', onOuter, {once: true});
  try {
    // Settle as soon as the deadline passes, even if the task is slow to notice its signal.
    return await new Promise<T>((resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {once: true});
      task(controller.signal).then(resolve, reject);
    });
  } finally {
    clearTimeout(timer);
    options.outer?.removeEventListener('abort', onOuter);
  }
}

/** One server's session, replaceable after the server forgets it. */
export class McpSession {
  #opened: OpenedClient;
  #reconnecting?: Promise<void>;
  #closed = false;
  readonly #options: SessionOptions;
  /** The tools' definitions, re-given to a new client after a reconnect (output validation). */
  definitions: readonly Tool[] = [];

  constructor(opened: OpenedClient, options: SessionOptions) {
    this.#opened = opened;
    this.#options = options;
  }

  /** The current SDK client (read at each use: it changes after a reconnect). */
  get client(): Client {
    return this.#opened.client;
  }

  /** Which transport the session uses. */
  get transport(): OpenedClient['transport'] {
    return this.#opened.transport;
  }

  /** Opens a new session in place of the forgotten one; concurrent callers share one attempt. */
  reconnect(): Promise<void> {
    this.#reconnecting ??= (async () => {
      const old = this.#opened;
      try {
        const opened = await withDeadline({label: this.#options.label, url: this.#options.url.href, timeoutMs: this.#options.timeoutMs}, (signal) =>
          openClient({...this.#options, signal}),
        );
        // Closed while reconnecting (the server was removed from the page): end the new session too.
        if (this.#closed) {
          await opened.client.close().catch(() => undefined);
          throw new AutouiError(ErrorCodes.ABORTED, `The connection to ${this.#options.label} was closed.`);
        }
        this.#opened = opened;
        cacheOutputSchemas(this.#opened.client, this.definitions);
      } finally {
        this.#reconnecting = undefined;
      }
      // The old session is already gone on the server; closing just releases ours.
      await old.client.close().catch(() => undefined);
    })();
    return this.#reconnecting;
  }

  /** Ends the session: DELETE to the server (when it has a session id), then close. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const {client} = this.#opened;
    try {
      const transport = client.transport as {terminateSession?: () => Promise<void>; sessionId?: string} | undefined;
      if (transport?.sessionId && transport.terminateSession) await transport.terminateSession();
    } catch {
      // The server may be gone already: nothing to tell it.
    }
    await client.close().catch(() => undefined);
  }
}
