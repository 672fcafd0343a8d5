/**
 * What an element's session starts from, once, when the element first connects: a share link in
 * the page URL (with `share`), else the browser's stored copy (with `persist="local"`), else the
 * `snapshot` attribute or the snapshot at `snapshot-src`. A link someone opened wins over what this
 * browser kept; the page's own snapshot is where a first visit starts. Questions asked meanwhile
 * wait. Each failure is told by the session (an error or a notice); the element still works.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../../errors.js';
import type {AgentSession} from '../../session/agent-session.js';
import type {SessionPersistence} from '../../session/snapshot/persist-session.js';
import {publicAddress} from '../../policy/public-address.js';
import {readBounded} from '../../session/snapshot/read-bounded.js';
import {SNAPSHOT_LIMITS} from '../../session/snapshot/snapshot-format.js';
import {findShareFragment, withoutShareParam} from '../../session/snapshot/share-param.js';
import type {StoresElement} from '../element-stores.js';
import {storedCopyKey} from '../stored-copy-key.js';

/** The attributes that say where a session starts from. */
export interface StartAttributes {
  share: boolean;
  /** `persist="local"` (the element's stores say so): the session is kept in this browser. */
  persisted: boolean;
  snapshot?: string;
  snapshotSrc?: string;
  /** The stored copy's key: page origin, path and the element's id. */
  storageKey: string;
  /**
   * Whether the page already chose what the session holds, read before each step: `cleared`
   * (Start over: the stored copy is erased, nothing restored) or `restored` (its own `restore()`:
   * kept, nothing else restored).
   */
  superseded(): 'cleared' | 'restored' | undefined;
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
    // Kept from the start: a shared canvas that opens is saved as the person's next state.
    if (a.persisted) {
      const {persistSession} = await import('../../session/snapshot/persist-session.js');
      this.#persistence = persistSession(this.session, {key: a.storageKey, restore: false});
    }
    if (await this.#pageChose(a)) return;
    const link = fragment === undefined ? undefined : await this.#fromShareLink(fragment, a.persisted);
    if (link?.opened) return;
    if (await this.#pageChose(a)) return;
    // A link that did not open leaves the stored copy to restore, as if there were no link; the
    // person is still told why the link did not open (after it, or the restore would erase it).
    const restored = this.#persistence ? await this.#persistence.restoreStored() : undefined;
    if (link?.failure) {
      if (!link.told) this.#tell(link.failure);
      else if (restored) this.session.notices.report({reason: 'error', level: 'error', code: link.failure.code, message: link.failure.message});
    }
    if (restored || (await this.#pageChose(a))) return;
    if (a.snapshot?.trim()) await this.session.restore(a.snapshot).catch(() => {});
    else if (a.snapshotSrc?.trim()) await this.#fromUrl(a.snapshotSrc.trim(), a);
  }

  /** True when the page already chose (see `superseded`); its choice is then kept in storage. */
  async #pageChose(a: StartAttributes): Promise<boolean> {
    const choice = a.superseded();
    if (choice === 'cleared') await this.#persistence?.erase();
    else if (choice === 'restored') await this.#persistence?.save();
    return choice !== undefined;
  }

  /** Opens a share link: whether its canvas is shown, else why not, and whether the session already told it. */
  async #fromShareLink(fragment: string, persisted: boolean): Promise<{opened: boolean; failure?: AutouiError; told?: boolean}> {
    let json: string;
    try {
      const {decodeShareFragment} = await import('../../session/snapshot/restore-engine.js');
      json = await decodeShareFragment(fragment);
    } catch (error) {
      const failure = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.SNAPSHOT_INVALID, errorMessage(error));
      return this.#leaveLink(persisted, {opened: false, failure});
    }
    try {
      await this.session.restore(json, {source: 'share'});
    } catch (error) {
      // The session told this one itself (an error event and a notice).
      return this.#leaveLink(persisted, {opened: false, failure: AutouiError.isInstance(error) ? error : undefined, told: true});
    }
    return this.#leaveLink(persisted, {opened: true});
  }

  /**
   * With a stored copy, what the person does next is kept: a reload must show that, not the link
   * again (nor its failure). The rest of the address is left as it was.
   */
  #leaveLink<T>(persisted: boolean, outcome: T): T {
    if (persisted) history.replaceState(history.state, '', withoutShareParam(location.href));
    return outcome;
  }

  async #fromUrl(src: string, a: StartAttributes): Promise<void> {
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
    const shown = publicAddress(url.href);
    // Questions wait for it: a server that never answers must not hold them for ever.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${FETCH_TIMEOUT_MS / 1000} s`)), FETCH_TIMEOUT_MS);
    try {
      const response = await fetch(url, {credentials: 'same-origin', headers: {accept: 'application/json'}, signal: controller.signal});
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await readCapped(response, SNAPSHOT_LIMITS.maxChars, shown);
    } catch (error) {
      const reason = controller.signal.aborted ? errorMessage(controller.signal.reason) : errorMessage(error);
      return this.#tell(AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.LOAD_FAILED, `The snapshot at ${shown} could not be loaded (${reason}).`, {cause: error}));
    } finally {
      clearTimeout(timer);
    }
    // The fetch may take seconds: the page may have chosen meanwhile.
    if (!(await this.#pageChose(a))) await this.session.restore(text).catch(() => {});
  }

  #tell(error: AutouiError): void {
    this.session.notices.reportError(error.code, error.message);
  }
}

/** How long `snapshot-src` may take. */
const FETCH_TIMEOUT_MS = 15_000;

/** A response's text, refused past `max` bytes (whether or not it says its length). */
async function readCapped(response: Response, max: number, shown: string): Promise<string> {
  const tooLarge = () => new AutouiError(ErrorCodes.SNAPSHOT_TOO_LARGE, `The snapshot at ${shown} is over ${max} bytes; it is not read.`);
  if (Number(response.headers.get('content-length') ?? 0) > max) throw tooLarge();
  if (!response.body) return response.text();
  return new TextDecoder().decode(await readBounded(response.body, max, tooLarge));
}

/** The element a session starts for: its stores name where the stored copy is kept. */
export interface StartHost extends StoresElement {
  readonly session: AgentSession;
}

/** Starts `host`'s session from what its attributes (read on connect) name; resolves once it is in. */
export async function startSession(host: StartHost, attributes: Omit<StartAttributes, 'storageKey'>): Promise<SessionStart> {
  const start = new SessionStart(host.session);
  // The key as the page is once this chunk is in (the element's id, the other persisted elements).
  await start.start({...attributes, storageKey: storedCopyKey(host)});
  return start;
}
