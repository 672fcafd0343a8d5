/**
 * Where a session's stored copy lives. The browser's is IndexedDB, through idb-keyval (a few
 * hundred bytes over the raw API; one database `autoui-agent`, one object store `sessions`), which
 * a Worker has too. An app can hand `persistSession` its own (a server, an extension's storage).
 */
import {createStore, del, get, set} from 'idb-keyval';

/** A key-value store for stored sessions. Every method may reject (quota, private mode, blocked database). */
export interface SessionStorage {
  /** The value stored under `key`, or undefined. */
  load(key: string): Promise<unknown>;
  save(key: string, value: string): Promise<void>;
  erase(key: string): Promise<void>;
}

/** The database and object store of {@link indexedDbStorage}. */
export const STORAGE_DATABASE = 'autoui-agent';
export const STORAGE_STORE = 'sessions';

/** The browser's IndexedDB as a {@link SessionStorage}; opened at the first use. */
export function indexedDbStorage(database = STORAGE_DATABASE, store = STORAGE_STORE): SessionStorage {
  let opened: ReturnType<typeof createStore> | undefined;
  // createStore opens nothing yet; where IndexedDB is missing, the first use rejects instead of the call.
  const db = () => {
    if (typeof indexedDB === 'undefined') throw new Error('this browser context has no IndexedDB');
    return (opened ??= createStore(database, store));
  };
  return {
    load: async (key) => get(key, db()),
    save: async (key, value) => set(key, value, db()),
    erase: async (key) => del(key, db()),
  };
}
