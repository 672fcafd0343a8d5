/**
 * What an element's session starts from, once, when the element first connects: a share link in
 * the page URL (with `share`), else the browser's stored copy (with `persist="local"`), else the
 * `snapshot` attribute or the snapshot at `snapshot-src`. A link someone opened wins over what this
 * browser kept; the page's own snapshot is where a first visit starts. Questions asked meanwhile
 * wait. Each failure is told by the session (an error or a notice); the element still works.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import type {AgentSession} from '../session/agent-session.js';
import type {SessionPersistence} from '../session/persist-session.js';
import {SNAPSHOT_LIMITS} from '../session/snapshot-format.js';
import {findShareFragment, withoutShareParam} from '../session/share-param.js';

/** The attributes that say where a session starts from. */
export interface StartAttributes {
  share: boolean;
  persist?: string;
  snapshot?: string;
  snapshotSrc?: string;
  /** The stored copy's key: page origin, path and the element's id. */
  storageKey: string;
}

/** Starts one element's session and keeps it stored when asked. A lazy chunk: only elements with those attributes load it. */
export class SessionStart {
  #persistence?: SessionPersistence;

  constructor(private readonly session: AgentSession) {}

  /** Starts the session from what the attributes name; resolves once it is in (the element holds questions until then). */
  start(attributes: StartAttributes): Promise<void> {
    return this.#start(attributes);
  }

  /** Writes the stored copy now (the page is being hidden or the element removed). */
  flush(): void {
    void this.#persistence?.flush();
  }

  async #start(a: StartAttributes): Promise<void> {
    const fragment = a.share ? findShareFragment(location.href) : undefined;
    if (fragment !== undefined) await this.#fromShareLink(fragment, a.persist === 'local');
    if (a.persist === 'local') {
      const {persistSession} = await import('../session/persist-session.js');
      this.#persistence = persistSession(this.session, {key: a.storageKey, restore: fragment === undefined});
      if ((await this.#persistence.restored) || fragment !== undefined) return;
    } else if (fragment !== undefined) return;
    if (a.snapshot?.trim()) await this.session.restore(a.snapshot).catch(() => {});
    else if (a.snapshotSrc?.trim()) await this.#fromUrl(a.snapshotSrc.trim());
  }

  async #fromShareLink(fragment: string, persisted: boolean): Promise<void> {
    try {
      const {decodeShareFragment} = await import('../session/restore-engine.js');
      await this.session.restore(await decodeShareFragment(fragment), {source: 'share'});
    } catch (error) {
      // The session told a failed restore itself; a link that did not decode is told here.
      if (AutouiError.isInstance(error) && error.code !== ErrorCodes.RUN_IN_PROGRESS) this.#tell(error);
      return;
    }
    // With a stored copy, what the person does next is kept: a reload must show that, not the
    // link again. The rest of the address is left as it was.
    if (persisted) history.replaceState(history.state, '', withoutShareParam(location.href));
  }

  async #fromUrl(src: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(src, document.baseURI);
    } catch {
      return this.#tell(new AutouiError(ErrorCodes.INVALID_ARGUMENT, `snapshot-src="${src.slice(0, 200)}" is not a URL.`));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return this.#tell(new AutouiError(ErrorCodes.INVALID_ARGUMENT, `snapshot-src must be an http(s) URL, not ${url.protocol}.`));
    }
    let text: string;
    try {
      const response = await fetch(url, {credentials: 'same-origin', headers: {accept: 'application/json'}});
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > SNAPSHOT_LIMITS.maxChars * 4) throw new AutouiError(ErrorCodes.SNAPSHOT_TOO_LARGE, `The snapshot at ${url.href} is ${length} bytes; it is not read.`);
      text = await response.text();
    } catch (error) {
      return this.#tell(AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.LOAD_FAILED, `The snapshot at ${url.href} could not be loaded (${errorMessage(error)}).`, {cause: error}));
    }
    await this.session.restore(text).catch(() => {});
  }

  #tell(error: AutouiError): void {
    this.session.reportError(error.code, error.message);
  }
}
