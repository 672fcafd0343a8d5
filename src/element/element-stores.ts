/**
 * The element's reading of its persistence attributes: `persist="local"` and `persist-files`
 * become what each feature stores where: the session's stored copy (the start), the sign-in tokens
 * (the prompts), the servers' protocol verdicts (the session's MCP client) and the attached files
 * (the files). This is the one module that reads those attributes, so what they mean is decided
 * once. It reads them at each call, never ahead: each feature asks at its own moment (the start on
 * connect, the tokens at each sign-in, the verdicts at each server, the files when their chunk
 * comes), and a page may change `persist` in between. The key the stored copies share is
 * `stored-copy-key.ts`, loaded only by the features that store a copy (it is no part of the first
 * load), on this module's reading of `persist`.
 */
import type {ProtocolMemory} from '../mcp/index.js';
import {storedVerdicts} from './stored-verdicts.js';

/** What the stores read of an element: `<autoui-agent>`'s persistence properties, and its `id`. */
export interface StoresElement extends HTMLElement {
  readonly persist: string;
  readonly persistFiles: boolean;
}

/** Where sign-in tokens live: `session` (`sessionStorage`, gone with the tab) or `persistent` (IndexedDB). */
export type TokenStorage = 'session' | 'persistent';

/** One element's stores, as its attributes are at each call. */
export interface ElementStores {
  /** True while `persist="local"`: the session, tokens and verdicts are kept in this browser. */
  readonly persisted: boolean;
  /** True while the attached files are kept too (`persist-files` with `persist="local"`); else no file content is stored. */
  readonly keepsFiles: boolean;
  /** Where sign-in tokens live: IndexedDB while persisted, else `sessionStorage`. */
  readonly tokenStorage: TokenStorage;
  /** The MCP client's memory of each server's protocol revision: kept in IndexedDB while persisted, else for the page. */
  readonly verdicts: ProtocolMemory;
}

/**
 * `element`'s stores. Nothing is read or opened here: each call gives a view that reads the
 * element when asked (the element takes its `verdicts` once, so their database opens once).
 */
export function elementStores(element: StoresElement): ElementStores {
  return {
    get persisted() {
      return persisted(element);
    },
    get keepsFiles() {
      return element.persistFiles && persisted(element);
    },
    get tokenStorage(): TokenStorage {
      return persisted(element) ? 'persistent' : 'session';
    },
    verdicts: storedVerdicts(() => persisted(element)),
  };
}

/**
 * True while `element` is persisted. By property, not attribute: a page may set `persist` as a
 * property, which is not reflected (and an element not yet upgraded has none).
 */
export function persisted(element: Element): boolean {
  return (element as Partial<StoresElement>).persist === 'local';
}
