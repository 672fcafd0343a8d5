/**
 * Which MCP revision each server speaks, kept across reloads in IndexedDB when the element has
 * `persist` (its stores, `element-stores.ts`, say when): the next page skips the `server/discover`
 * probe. Without `persist`, or when storage fails, the verdicts last for the page (the MCP
 * client's own memory).
 */
import type {ProtocolMemory, ProtocolVerdict} from '../mcp/index.js';

/** A memory that stores verdicts only while `persistent()` is true (idb-keyval loads then). */
export function storedVerdicts(persistent: () => boolean): ProtocolMemory {
  let opened: Promise<{idb: typeof import('idb-keyval'); store: ReturnType<typeof import('idb-keyval').createStore>}> | undefined;
  const db = () => (opened ??= import('idb-keyval').then((idb) => ({idb, store: idb.createStore('autoui-agent-protocols', 'verdicts')})));
  return {
    get: (url) => (persistent() ? db().then(({idb, store}) => idb.get<ProtocolVerdict>(url, store)).catch(() => undefined) : undefined),
    set: (url, verdict) => (persistent() ? db().then(({idb, store}) => idb.set(url, verdict, store)).catch(() => undefined) : undefined),
  };
}
