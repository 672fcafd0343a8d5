/**
 * The proxy's own answers: JSON errors `{error: {type, message, ...}}` in the shape both provider
 * wire formats use, so the element (and the official SDKs) read the reason, and the CORS headers
 * a page needs to read them.
 */

/** Response headers of the upstream a client needs (content-encoding and length are not passed: fetch decoded the body). */
export const UPSTREAM_RESPONSE_HEADERS = ['content-type', 'cache-control', 'retry-after', 'retry-after-ms', 'x-should-retry', 'request-id', 'x-request-id'];

/** The header that says `max_tokens` was lowered, with the value used. */
export const CLAMPED_HEADER = 'x-autoui-max-tokens-clamped';

/** The header that names the top-level fields of the request the route does not forward (dropped, not refused). */
export const DROPPED_HEADER = 'x-autoui-dropped-fields';

/** Headers a page may read from a cross-origin answer. */
const EXPOSED = ['retry-after', 'retry-after-ms', 'x-should-retry', 'request-id', 'x-request-id', CLAMPED_HEADER, DROPPED_HEADER].join(', ');

/** A JSON error answer. `extra` adds fields beside `type` and `message` (e.g. `limit`). */
export function errorResponse(status: number, type: string, message: string, options: {headers?: Record<string, string>; extra?: Record<string, unknown>} = {}): Response {
  return new Response(JSON.stringify({type: 'error', error: {type, message, ...options.extra}}), {
    status,
    headers: {'content-type': 'application/json', ...options.headers},
  });
}

/** Adds the CORS headers for a page from `origin` (already allowed) to `response`. */
export function withCors(response: Response, origin: string | null): Response {
  if (!origin) return response;
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', origin);
  headers.append('vary', 'origin');
  headers.set('access-control-expose-headers', EXPOSED);
  return new Response(response.body, {status: response.status, statusText: response.statusText, headers});
}

/** The answer to a CORS preflight. */
export function preflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
      'access-control-max-age': '600',
    },
  });
}

/** Replaces every occurrence of the secrets in `text` (an upstream error body) with a mark. */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  return out;
}
