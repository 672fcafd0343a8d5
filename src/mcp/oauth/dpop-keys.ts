/**
 * DPoP (RFC 9449) keys: one ES256 key pair per MCP server, made by WebCrypto with a private key
 * that cannot be exported, kept in IndexedDB (a `CryptoKey` is stored as it is, still
 * non-extractable), so a token copied out of the page is useless without a proof only this
 * origin's key can sign. Where IndexedDB is missing or refused (Node, a sandboxed frame), the key
 * lives as long as the page. The SDK's `DpopSession` signs the proofs and keeps the nonces.
 */
import {DpopSession, generateDpopKeyPair, type DpopKeyPair} from '@modelcontextprotocol/client';
import {createStore, get, set} from 'idb-keyval';

/** Where key pairs are kept, by MCP server URL. Contract: must not throw (a failure is a miss). */
export interface DpopKeyStore {
  get(resource: string): Promise<DpopKeyPair | undefined>;
  set(resource: string, keys: DpopKeyPair): Promise<void>;
}

/** The algorithm of our proofs: every DPoP server is asked to accept ES256 (P-256). */
export const DPOP_ALG = 'ES256';

/** True when the authorization server's metadata offers DPoP with ES256. */
export function offersDpop(metadata: object | undefined): boolean {
  const algs = (metadata as {dpop_signing_alg_values_supported?: unknown} | undefined)?.dpop_signing_alg_values_supported;
  return Array.isArray(algs) && algs.includes(DPOP_ALG);
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

/** The DPoP session of the server at `resource`: its stored key pair, or a new one stored now. */
export async function dpopSessionFor(store: DpopKeyStore, resource: string): Promise<DpopSession> {
  let keyPair = await store.get(resource);
  if (!keyPair || keyPair.privateKey.extractable) {
    keyPair = await generateDpopKeyPair({alg: DPOP_ALG, extractable: false});
    await store.set(resource, keyPair);
  }
  return DpopSession.create({alg: DPOP_ALG, keyPair});
}
