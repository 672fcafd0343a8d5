/**
 * The live session behind a connection: the current SDK client, a single-flight `reconnect()`
 * for when the server has forgotten the session (HTTP 404), and a `close()` that tells the server
 * (DELETE) and never throws.
 */
import type {Client, Tool} from '@modelcontextprotocol/client';
import {AutouiError, ErrorCodes} from '../errors.js';
import {connectTimeoutError} from './connect-errors.js';
import {openClient, type OpenClientOptions, type OpenedClient} from './open-client.js';
import {withSignIn, type SignInContext} from './sign-in.js';

/** Options to open (and re-open) the session; `signal` comes per attempt. */
export type SessionOptions = Omit<OpenClientOptions, 'signal'> & {timeoutMs: number; signIn: SignInContext};

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
  /** The tools' definitions, by name: each call gives its own to the SDK (output validation, 2026-07-28 header mirroring). */
  definitions: ReadonlyMap<string, Tool> = new Map();

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

  /** The 2025-era session id, when the server gave one. */
  get sessionId(): string | undefined {
    return this.#opened.sessionId();
  }

  /** The revision the session speaks. */
  get protocol(): string {
    return this.#opened.protocol;
  }

  /** Runs `call`, signing in first when the server asks for it (401, or a step-up's 403). */
  signedIn<T>(call: () => Promise<T>): Promise<T> {
    return withSignIn(this.#options.signIn, call);
  }

  /** Opens a new session in place of the forgotten one; concurrent callers share one attempt. */
  reconnect(): Promise<void> {
    this.#reconnecting ??= (async () => {
      const old = this.#opened;
      try {
        const deadline = {label: this.#options.label, url: this.#options.url.href, timeoutMs: this.#options.timeoutMs};
        const opened = await withSignIn(this.#options.signIn, () => withDeadline(deadline, (signal) => openClient({...this.#options, signal})));
        // Closed while reconnecting (the server was removed from the page): end the new session too.
        if (this.#closed) {
          await opened.client.close().catch(() => undefined);
          throw new AutouiError(ErrorCodes.ABORTED, `The connection to ${this.#options.label} was closed.`);
        }
        this.#opened = opened;
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
