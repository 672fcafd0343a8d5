/**
 * The sign-ins of one session. When a server answers 401, its connection waits here (in the
 * server's `sign-in` state) for the person: the next question shows a sign-in card (the session's
 * `sign-in` event, a transcript entry) and waits until each is answered before it runs, so the
 * server's tools are there when the model starts. The view opens the authorization page on the
 * person's click and answers with the redirect's query; **Not now** lets the question run without
 * that server and asks again with the next one. Nothing a model or a server writes answers a card.
 */
import type {AuthorizationRequest} from '../mcp/index.js';

/** A sign-in as the person is asked it. The URL is the authorization page to open. */
export interface SignInRequest {
  id: string;
  /** The server's name (its prefix). */
  server: string;
  /** The MCP server's address (without credentials). */
  serverUrl: string;
  /** The authorization server (its issuer URL), when known. */
  issuer?: string;
  /** The authorization page. Never stored or shown in full: it carries the request's `state`. */
  url: string;
}

/** Where a sign-in card stands. */
export type SignInState = 'pending' | 'signed-in' | 'later' | 'failed' | 'stopped';

/** The person's answer: the redirect's query (`code`, `state`, `iss`, or `error`), or not now. */
export type SignInAnswer = URLSearchParams | 'later';

/** Answers a sign-in card; only the first answer counts. */
export type SignInResponder = (answer: SignInAnswer) => void;

/** What the session does when a card is shown and settled. Contract: must not throw. */
export interface SignInHooks {
  shown(request: SignInRequest, respond: SignInResponder): void;
  settled(request: SignInRequest, state: Exclude<SignInState, 'pending'>): void;
}

interface Waiting {
  request: SignInRequest;
  resolve(params: URLSearchParams): void;
  /** Set while its card is shown: resolves when it is answered or retracted. */
  answered?: Promise<void>;
}

/** One session's sign-ins. See the module comment. */
export class SessionSignIns {
  readonly #hooks: SignInHooks;
  readonly #waiting = new Set<Waiting>();

  constructor(hooks: SignInHooks) {
    this.#hooks = hooks;
  }

  /** True when a server waits for the person to sign in. */
  get pending(): boolean {
    return this.#waiting.size > 0;
  }

  /** The `authorize` a connection is given: waits for the person (no timeout), until `signal` aborts. */
  authorize(request: AuthorizationRequest, signal: AbortSignal): Promise<URLSearchParams> {
    return new Promise<URLSearchParams>((resolve, reject) => {
      const waiting: Waiting = {
        request: {id: crypto.randomUUID(), server: request.server, serverUrl: request.serverUrl, ...(request.issuer ? {issuer: request.issuer} : {}), url: request.url.href},
        resolve,
      };
      this.#waiting.add(waiting);
      signal.addEventListener(
        'abort',
        () => {
          this.#waiting.delete(waiting);
          reject(signal.reason);
        },
        {once: true},
      );
    });
  }

  /**
   * Shows a card for every server that waits, and resolves once each is answered (signed in,
   * refused, or not now), or when `signal` aborts (Stop: the cards are retracted and come back
   * with the next question).
   */
  async ask(signal: AbortSignal): Promise<void> {
    const shown = [...this.#waiting].map((w) => (w.answered ??= this.#show(w, signal)));
    if (shown.length === 0) return;
    await Promise.race([Promise.all(shown), new Promise((r) => signal.addEventListener('abort', r, {once: true}))]);
  }

  #show(waiting: Waiting, signal: AbortSignal): Promise<void> {
    return new Promise<void>((done) => {
      let over = false;
      const end = (state: Exclude<SignInState, 'pending'>) => {
        over = true;
        waiting.answered = undefined;
        signal.removeEventListener('abort', onAbort);
        this.#hooks.settled(waiting.request, state);
        done();
      };
      const onAbort = () => !over && end('stopped');
      signal.addEventListener('abort', onAbort, {once: true});
      this.#hooks.shown(waiting.request, (answer) => {
        if (over || !this.#waiting.has(waiting)) return;
        if (answer === 'later') return end('later');
        if (!(answer instanceof URLSearchParams)) return;
        this.#waiting.delete(waiting);
        end(answer.has('code') && !answer.has('error') ? 'signed-in' : 'failed');
        waiting.resolve(answer);
      });
    });
  }
}
