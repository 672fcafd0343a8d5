/**
 * Where the element's session starts from, once, when the element first connects: a share link
 * (`share`), the stored copy (`persist="local"`), or a snapshot (`snapshot`, `snapshot-src`). The
 * code that does it is a lazy chunk (`session-start.ts`), loaded only when one of those attributes
 * asks. While it runs, questions wait; the stored copy is written when the page is hidden or the
 * element removed.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ErrorCodes, loadFailed} from '../../errors.js';
import type {AgentSession} from '../../session/agent-session.js';
import type {SessionEvent} from '../../session/session-events.js';
import {elementStores, type StoresElement} from '../element-stores.js';
import type {SessionStart} from './session-start.js';

/** What the start needs from its element: the attributes it reads on first connect (`persist` through its stores). */
export interface SessionStartHost extends ReactiveControllerHost, StoresElement {
  readonly share: boolean;
  /** The `snapshot` attribute. */
  readonly initialSnapshot: string;
  readonly snapshotSrc: string;
  readonly session: AgentSession;
  /** True once the element has rendered (Lit's `hasUpdated`). */
  readonly hasUpdated: boolean;
}

/** Starts one element's session from what its attributes name. See the module comment. */
export class SessionStartController implements ReactiveController {
  readonly #host: SessionStartHost;
  /** The start, from the first connect on. */
  #start?: Promise<SessionStart | undefined>;
  /** The page chose what the session holds before the start could (its clear() or restore()): the start restores nothing. */
  #superseded?: 'cleared' | 'restored';
  /** Connected before its first update, with no attribute asking for a start yet: the update decides. */
  #waitingForUpdate = false;
  readonly #onPageHide = () => void this.#start?.then((start) => start?.flush());

  constructor(host: SessionStartHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pagehide', this.#onPageHide);
    if (this.#start) return;
    // Before the first update, a property a framework set before the element was defined is not
    // back yet (Lit sets it again at that update): with no attribute asking now, decide then.
    if (this.#asked() || this.#host.hasUpdated) this.#start = this.#startSession();
    else this.#waitingForUpdate = true;
  }

  hostUpdate(): void {
    if (!this.#waitingForUpdate) return;
    this.#waitingForUpdate = false;
    this.#start ??= this.#startSession();
  }

  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.#onPageHide);
    this.#onPageHide();
  }

  /** Hears the session: a `clear()` before the start is in means nothing is restored. */
  sessionEvent(event: SessionEvent): void {
    if (event.type === 'cleared') this.#superseded = 'cleared';
  }

  /**
   * Called before the page's own `restore()`: after the start (the stored copy, a link), which
   * must not replace it, it waits for the start; before the start, it takes its place.
   */
  async beforeRestore(): Promise<void> {
    if (this.#start) await this.#start;
    else this.#superseded = 'restored';
  }

  /** True when an attribute asks for a start. */
  #asked(): boolean {
    const {share, initialSnapshot, snapshotSrc} = this.#host;
    return share || elementStores(this.#host).persisted || initialSnapshot.trim() !== '' || snapshotSrc.trim() !== '';
  }

  /** Starts the session from a share link, the stored copy or a snapshot, when an attribute asks. */
  #startSession(): Promise<SessionStart | undefined> {
    const host = this.#host;
    if (!this.#asked()) return Promise.resolve(undefined);
    // The attributes as they are on connect, not once the chunk has come.
    const attributes = {share: host.share, persisted: elementStores(host).persisted, snapshot: host.initialSnapshot, snapshotSrc: host.snapshotSrc, superseded: () => this.#superseded};
    const started = import('./session-start.js')
      .then(({startSession}) => startSession(host, attributes))
      .catch((error: unknown) => {
        // A part that did not load (the persistence chunk, say): the element works without it.
        host.session.notices.reportError(ErrorCodes.LOAD_FAILED, loadFailed('Part of autoui-agent', error).message);
        return undefined;
      });
    // A question asked meanwhile continues what is restored.
    host.session.restores.holdQuestions(started);
    return started;
  }
}
