/**
 * DPoP (RFC 9449) keys: one ES256 key pair per MCP server, made by WebCrypto with a private key
 * that cannot be exported, kept in IndexedDB (a `CryptoKey` is stored as it is, still
 * non-extractable), so a token copied out of the page is useless without a proof only this
 * origin's key can sign. Where IndexedDB is missing or refused (Node, a sandboxed frame), the key
 * lives as long as the page. The SDK's `DpopSession` signs the proofs and keeps the nonces.
 * Loaded by the OAuth provider only once a server offers DPoP or holds a DPoP-bound token.
 */
import type {DpopKeyPair, DpopSession} from '@modelcontextprotocol/client';
import {createStore, get, set} from 'idb-keyval';
import {DPOP_ALG} from './dpop-offer.js';

/** Where key pairs are kept, by MCP server URL. Contract: must not throw (a failure is a miss). */
export interface DpopKeyStore {
  get(resource: string): Promise<DpopKeyPair | undefined>;
  set(resource: string, keys: DpopKeyPair): Promise<void>;
}

/** Key pairs in IndexedDB (`autoui-agent-dpop`), or in memory where it cannot be used. */
export function defaultDpopKeyStore(): DpopKeyStore {
  const memory = new Map<string, DpopKeyPair>();
  let opened: ReturnType<typeof createStore> | undefined;
  const store = () => (typeof indexedDB === 'undefined' ? undefined : (opened ??= createStore('autoui-agent-dpop', 'keys')));
  return {
    get: async (resource) => {
      const db = store();
      return memory.get(resource) ?? (db ? await get<DpopKeyPair>(resource, db).catch(() => undefined) : undefined);
    },
    set: async (resource, keys) => {
      memory.set(resource, keys);
      const db = store();
      if (db) await set(resource, keys, db).catch(() => undefined);
    },
  };
}

/**
 * The SDK's DPoP functions, passed in by the caller: this module is a lazy chunk, and one that
 * imported the SDK itself would make the bundler split the SDK out of the MCP chunk.
 */
export interface DpopSdk {
  generateDpopKeyPair(options: {alg: typeof DPOP_ALG; extractable: boolean}): Promise<DpopKeyPair>;
  createSession(options: {alg: typeof DPOP_ALG; keyPair: DpopKeyPair}): Promise<DpopSession>;
}

/** The DPoP session of the server at `resource`: its stored key pair, or a new one stored now. */
export async function dpopSessionFor(store: DpopKeyStore, resource: string, sdk: DpopSdk): Promise<DpopSession> {
  let keyPair = await store.get(resource);
  if (!keyPair || keyPair.privateKey.extractable) {
    keyPair = await sdk.generateDpopKeyPair({alg: DPOP_ALG, extractable: false});
    await store.set(resource, keyPair);
  }
  return sdk.createSession({alg: DPOP_ALG, keyPair});
}
