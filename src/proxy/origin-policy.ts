/**
 * Which pages may use the key proxy. A page on another site must not be able to spend the key,
 * so the proxy refuses to forward (not only to answer CORS) for origins it was not told about.
 * Default: same-origin pages and pages served from localhost. Requests without an `Origin`
 * (server-side code, curl) pass this check; visitor tokens are what stops a script that forges
 * headers.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * @param origin the request's `Origin` header
 * @param host the request's `Host` (a same-origin page is always allowed)
 * @param allowed explicit origins; `*` allows any
 */
export function isAllowedOrigin(origin: string | null, host: string | null, allowed: string[] | undefined): boolean {
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" origin of sandboxed frames and file: pages
  }
  if (host && url.host === host) return true;
  if (allowed?.length) return allowed.includes('*') || allowed.includes(url.origin);
  return LOCAL_HOSTS.has(url.hostname);
}

/** Parses a comma-separated list of origins (`https://a.example, https://b.example`). */
export function parseAllowedOrigins(value: string | undefined): string[] | undefined {
  if (!value?.trim()) return undefined;
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (s === '*' ? s : new URL(s).origin));
}
