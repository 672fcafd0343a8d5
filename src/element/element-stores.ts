/**
 * The element's reading of its persistence attributes: `persist="local"`, `persist-files` and the
 * key its stored copies share become what each feature stores where: the session's stored copy
 * (the start), the sign-in tokens (the prompts), the servers' protocol verdicts (the session's MCP
 * client) and the attached files (the files). This is the one module that reads those attributes,
 * so what they mean is decided once. It reads them at each call, never ahead: each feature asks at
 * its own moment (the start on connect, the tokens at each sign-in, the verdicts at each server,
 * the files when their chunk comes), and a page may change `persist` in between.
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
  /**
   * The stored session's key: the page's origin and path, and the element's id (else its place
   * among the page's persisted elements, with a warning when it is persisted).
   */
  key(): string;
  /** The key the attached files are kept under (`persist-files` with `persist="local"`), else undefined: no file content is stored. */
  filesKey(): string | undefined;
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
    key: () => storageKey(element),
    // The key only when kept: an element without persist-files is never warned about its id here.
    filesKey: () => (element.persistFiles && persisted(element) ? `${storageKey(element)}#files` : undefined),
    get tokenStorage(): TokenStorage {
      return persisted(element) ? 'persistent' : 'session';
    },
    verdicts: storedVerdicts(() => persisted(element)),
  };
}

/** By property, not attribute: a page may set `persist` as a property, which is not reflected (and an element not yet upgraded has none). */
function persisted(element: Element): boolean {
  return (element as Partial<StoresElement>).persist === 'local';
}

/** Where `persist` keeps an element's session: the page's origin and path, and the element's id (else its place among the page's persisted elements). */
function storageKey(element: StoresElement): string {
  if (!element.id && persisted(element)) console.warn('autoui-agent: persist="local" without an id: the stored copy is keyed by the element\'s place among the page\'s persisted elements. Give it an id.');
  const kept = [...document.querySelectorAll<Element>('autoui-agent')].filter(persisted);
  const id = element.id || `autoui-agent-${kept.indexOf(element)}`;
  return `${location.origin}${location.pathname}#${id}`;
}
