/**
 * Whether an authorization server offers DPoP (RFC 9449) in the one algorithm our proofs use.
 * Apart from `dpop-keys.ts` (WebCrypto keys, IndexedDB, the SDK's signer), which is loaded only
 * once a server does: the OAuth provider asks this on every connection that may sign in.
 */

/** The algorithm of our proofs: every DPoP server is asked to accept ES256 (P-256). */
export const DPOP_ALG = 'ES256' as const;

/** True when the authorization server's metadata offers DPoP with ES256. */
export function offersDpop(metadata: object | undefined): boolean {
  const algs = (metadata as {dpop_signing_alg_values_supported?: unknown} | undefined)?.dpop_signing_alg_values_supported;
  return Array.isArray(algs) && algs.includes(DPOP_ALG);
}
