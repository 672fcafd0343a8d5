/**
 * The one rule for URLs that come from data (models, MCP servers, snapshots): a link or an image
 * is only ever an absolute `http:`/`https:` URL, and an image (or a map tile) loads only from a
 * host the page allows. Every place that turns such a URL into a request or a link uses these
 * functions: the `autoui` layer before a widget is shown, every widget as it renders, the markdown
 * sanitiser, the MCP client for server URLs. DOM-free.
 *
 * Host entries (`image-hosts`) may be a host (`img.example.org`, `localhost:8000`), an origin
 * (`https://img.example.org`) or a wildcard (`*.example.org`); a host also allows its subdomains.
 */

/** `value` parsed as an absolute http(s) URL, else undefined (relative URLs too: data has no business pointing into the page). */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The normalised href of `value` when it is an absolute http(s) URL, else undefined (the text then renders without a link). */
export function safeHref(value: unknown): string | undefined {
  return httpUrl(value)?.href;
}

function normaliseHost(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  if (!trimmed.includes('://')) return trimmed.replace(/\/.*$/, '').replace(/^\*\./, '');
  try {
    return new URL(trimmed).host;
  } catch {
    return '';
  }
}

/** True when `url`'s host matches one of `hosts` (see the module comment). */
export function hostAllowed(url: URL, hosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return hosts.map(normaliseHost).some((entry) => entry !== '' && (entry === host || entry === hostname || hostname.endsWith(`.${entry}`)));
}

/** What may be done with one image URL. */
export type ImageVerdict =
  /** Load it: http(s) from an allowed host. */
  | {kind: 'allowed'; url: string}
  /** http(s) from a host the page did not allow: show it only after a person asks. */
  | {kind: 'ask'; url: string; host: string}
  /** Not an absolute http(s) URL: never load it. */
  | {kind: 'refused'};

/** The verdict on one image URL against the hosts the page allows. */
export function checkImage(src: unknown, hosts: readonly string[]): ImageVerdict {
  const url = httpUrl(src);
  if (!url) return {kind: 'refused'};
  return hostAllowed(url, hosts) ? {kind: 'allowed', url: url.href} : {kind: 'ask', url: url.href, host: url.host};
}

/**
 * Why a map's tile template must not be used, or undefined when it may. The template makes the
 * browser fetch dozens of URLs the model chose, so it follows the image rule: a path on the page's
 * own site (a private or offline tile server), or an http(s) host the page allows; never
 * protocol-relative (`//host/...` is another site) and never another scheme.
 */
export function tileUrlRefusal(value: string, hosts: readonly string[]): string | undefined {
  const trimmed = value.trim();
  if (trimmed.startsWith('//')) return 'tile URLs must not be protocol-relative';
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  const url = httpUrl(trimmed);
  if (!url) return 'tile URLs must be http(s) or a path on this site';
  return hostAllowed(url, hosts) ? undefined : `tiles from ${url.host} are not allowed by the page (image-hosts)`;
}
