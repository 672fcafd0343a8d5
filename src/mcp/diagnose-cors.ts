/**
 * Names what a browser's CORS check refused. A refused cross-origin request and a server that is
 * down look the same to a page (`TypeError: Failed to fetch`), so two cheap probes tell them apart:
 * an opaque `no-cors` request succeeds whenever the server answers at all, and a plain GET (no
 * custom header, so no preflight) succeeds only when the server sends `Access-Control-Allow-Origin`.
 * Outside a browser (Node) there is no CORS and the probes only confirm the server is down.
 */

/**
 * Headers a browser page needs from an MCP server (each was found necessary by removing it): without
 * `Mcp-Protocol-Version` in Allow-Headers the preflight fails with `TypeError: Failed to fetch`;
 * without exposing `Mcp-Session-Id` the client cannot read the session id and the server refuses
 * the next request.
 */
export const REQUIRED_CORS = {
  allowOrigin: 'Access-Control-Allow-Origin: * (or this page\'s origin)',
  allowHeaders: 'Access-Control-Allow-Headers: Content-Type, Mcp-Session-Id, Mcp-Protocol-Version (and Authorization when a token is used)',
  exposeSession: 'Access-Control-Expose-Headers: Mcp-Session-Id',
} as const;

/** What the probes found. */
export type CorsDiagnosis =
  | {kind: 'unreachable'}
  | {kind: 'cors'; missing: string};

/** Probes `url` after a failed fetch. Never throws. */
export async function diagnoseFetchFailure(url: string, timeoutMs = 3000): Promise<CorsDiagnosis> {
  const probe = async (init: RequestInit) => {
    try {
      await fetch(url, {...init, cache: 'no-store', signal: AbortSignal.timeout(timeoutMs)});
      return true;
    } catch {
      return false;
    }
  };
  if (!(await probe({mode: 'no-cors'}))) return {kind: 'unreachable'};
  // The server answers. A simple CORS GET passing means the origin is allowed, so the preflight
  // of the real request (custom headers) is what failed.
  if (await probe({mode: 'cors', method: 'GET'})) return {kind: 'cors', missing: REQUIRED_CORS.allowHeaders};
  return {kind: 'cors', missing: REQUIRED_CORS.allowOrigin};
}
