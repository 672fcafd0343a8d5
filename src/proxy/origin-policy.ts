/**
 * Which pages may use the key proxy. A page on another site must not be able to spend the key,
 * so the proxy refuses to forward (not only to answer CORS) for origins it was not told about.
 *
 * - With allowed origins configured, only they pass (`*`: any).
 * - Without, a page passes when it is on the proxy's own public origin (the `publicOrigin`
 *   option, `PROXY_PUBLIC_ORIGIN`) or served from localhost.
 *
 * "Same origin" is never judged from the request's `Host` header: under DNS rebinding a hostile
 * page's name resolves to the proxy's address, so its Origin and the Host it sends agree, and a
 * check that compares them lets any site spend a locally run proxy's key. Requests without an
 * `Origin` (server-side code, curl) pass this check; visitor tokens are what stops a script that
 * forges headers.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the origin check compares a page's `Origin` with. */
export interface OriginPolicy {
  /** Explicit origins; `*` allows any. When set (non-empty), nothing else passes. */
  allowed?: string[];
  /** The proxy's own public origin (`https://shop.example`): its pages are same-origin. */
  publicOrigin?: string;
}

/** Whether a request with `Origin: origin` may use the proxy. */
export function isAllowedOrigin(origin: string | null, policy: OriginPolicy): boolean {
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" origin of sandboxed frames and file: pages
  }
  if (policy.allowed?.length) return policy.allowed.includes('*') || policy.allowed.includes(url.origin);
  if (policy.publicOrigin && url.origin === policy.publicOrigin) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname);
}

/** Parses a comma-separated list of origins (`https://a.example, https://b.example`). */
export function parseAllowedOrigins(value: string | undefined): string[] | undefined {
  if (!value?.trim()) return undefined;
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (s === '*' ? s : parseOrigin(s, 'an allowed origin')));
}

/**
 * The origin of `value` (`https://shop.example/path` → `https://shop.example`). Throws when it is
 * not an http(s) URL, so a mistyped setting stops the proxy at start rather than refusing pages.
 */
export function parseOrigin(value: string, what = 'the public origin'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what} must be an http(s) URL such as https://shop.example, not "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what} must be an http(s) URL such as https://shop.example, not "${value}".`);
  return url.origin;
}
