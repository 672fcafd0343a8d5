/**
 * Which pages may use the key proxy. A page on another site must not be able to spend the key,
 * so the proxy refuses to forward (not only to answer CORS) for origins it was not told about.
 * Default: same-origin pages and pages served from localhost (127.0.0.1, [::1]); requests
 * without an Origin header (curl, server-side code) are allowed, which is why the proxy listens
 * on 127.0.0.1 unless told otherwise.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * @param {string|undefined} origin the request's Origin header
 * @param {string|undefined} host the request's Host header (for same-origin pages)
 * @param {string[]|undefined} allowed explicit origins (`PROXY_ALLOWED_ORIGINS`); `*` allows any
 * @returns {boolean}
 */
export function isAllowedOrigin(origin, host, allowed) {
  if (!origin) return true;
  let url;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" origin of sandboxed frames and file: pages
  }
  if (host && url.host === host) return true;
  if (allowed?.length) return allowed.includes('*') || allowed.includes(url.origin);
  return LOCAL_HOSTS.has(url.hostname);
}

/** Parses `PROXY_ALLOWED_ORIGINS` ("https://a.example, https://b.example") into origins. */
export function parseAllowedOrigins(value) {
  if (!value?.trim()) return undefined;
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (s === '*' ? s : new URL(s).origin));
}
