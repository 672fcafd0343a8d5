/**
 * An `EventSource` class that loads the real one (the `eventsource` package, which the MCP SDK's
 * legacy SSE transport constructs) the first time one is made. In the script-tag build the SDK's
 * `import {EventSource} from 'eventsource'` gets this class instead (scripts/lazy-sdk-dependencies.mjs),
 * so the package (about 2 kB gzip) is a chunk of its own, fetched only when a server is an old
 * HTTP+SSE server, instead of part of every MCP connection's download.
 *
 * The constructor must stay synchronous (the SDK sets `onopen`, `onerror`, `onmessage` and adds
 * listeners right after `new`), so the instance stands in until the real one exists: it records
 * the listeners added meanwhile, forwards the three handler properties (read when an event
 * arrives, so a handler set later is the one called) and a `close()` made before the load means
 * the real stream is never opened. A failed load is reported like a failed connection: an `error`
 * event through `onerror` and the `error` listeners.
 */

/** What this module needs of the real class: the `eventsource` package's, or a browser's own. */
export interface EventSourceLike {
  readonly readyState: number;
  readonly url: string;
  readonly withCredentials: boolean;
  onopen: ((event: Event) => unknown) | null;
  onmessage: ((event: MessageEvent) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  close(): void;
}

/** A class with the `EventSource` constructor's shape. */
export type EventSourceClass = new (url: string | URL, init?: object) => EventSourceLike;

type Listener = [type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions];

/** `readyState` values, as `EventSource` numbers them. */
const CONNECTING = 0;
const CLOSED = 2;

/**
 * The stand-in class over `load`, which resolves the real class (called once, at the first
 * construction). See the module comment.
 */
export function lazyEventSource(load: () => Promise<EventSourceClass>): EventSourceClass & {CONNECTING: 0; OPEN: 1; CLOSED: 2} {
  let loading: Promise<EventSourceClass> | undefined;
  return class LazyEventSource implements EventSourceLike {
    static readonly CONNECTING = 0 as const;
    static readonly OPEN = 1 as const;
    static readonly CLOSED = 2 as const;

    onopen: ((event: Event) => unknown) | null = null;
    onmessage: ((event: MessageEvent) => unknown) | null = null;
    onerror: ((event: Event) => unknown) | null = null;
    readonly #url: string;
    #real?: EventSourceLike;
    #closed = false;
    #listeners: Listener[] = [];
    readonly #withCredentials: boolean;

    constructor(url: string | URL, init?: object) {
      this.#url = String(url);
      this.#withCredentials = !!(init as {withCredentials?: boolean} | undefined)?.withCredentials;
      (loading ??= load()).then(
        // Closed meanwhile: the stream is never opened.
        (Real) => this.#closed || this.#open(new Real(url, init)),
        (error: unknown) => this.#failed(error),
      );
    }

    get url(): string {
      return this.#real?.url ?? this.#url;
    }

    get readyState(): number {
      return this.#real?.readyState ?? (this.#closed ? CLOSED : CONNECTING);
    }

    get withCredentials(): boolean {
      return this.#real?.withCredentials ?? this.#withCredentials;
    }

    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
      if (this.#real) this.#real.addEventListener(type, listener, options);
      else this.#listeners.push([type, listener, options]);
    }

    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
      if (this.#real) this.#real.removeEventListener(type, listener, options);
      else this.#listeners = this.#listeners.filter(([t, l]) => t !== type || l !== listener);
    }

    close(): void {
      this.#closed = true;
      this.#real?.close();
    }

    /** Wires the real instance: handlers are read at each event, so later assignments count. */
    #open(real: EventSourceLike): void {
      this.#real = real;
      real.onopen = (event) => this.onopen?.(event);
      real.onmessage = (event) => this.onmessage?.(event);
      real.onerror = (event) => this.onerror?.(event);
      for (const [type, listener, options] of this.#listeners) real.addEventListener(type, listener, options);
      this.#listeners = [];
    }

    /** The real class could not be loaded (a chunk that failed to download): an `error` event, then closed. */
    #failed(error: unknown): void {
      if (this.#closed) return;
      this.#closed = true;
      const event = Object.assign(new Event('error'), {message: `Could not load the EventSource client: ${error instanceof Error ? error.message : String(error)}`});
      this.onerror?.(event);
      for (const [type, listener] of this.#listeners) {
        if (type !== 'error') continue;
        if (typeof listener === 'function') listener.call(this, event);
        else listener.handleEvent(event);
      }
    }
  };
}
