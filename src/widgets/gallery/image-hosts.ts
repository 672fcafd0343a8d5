/**
 * Which image URLs a widget may load without asking (design.md section 8): http(s) only, and
 * only from the hosts the page allows (`environment.imageHosts`). Entries may be a host
 * (`img.example.org`, `localhost:8000`), an origin (`https://img.example.org`) or a wildcard
 * (`*.example.org`); as in the `autoui` layer's URL policy, a host also allows its subdomains.
 */

/** The outcome for one image URL. */
export type ImageCheck = {kind: 'allowed'; url: string} | {kind: 'ask'; url: string; host: string} | {kind: 'refused'};

function normaliseHost(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  if (!trimmed.includes('://')) return trimmed.replace(/\/.*$/, '');
  try {
    return new URL(trimmed).host;
  } catch {
    return trimmed;
  }
}

/** True when `url`'s host matches one of `hosts`. */
export function hostAllowed(url: URL, hosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  // Same rule as the autoui layer's URL policy: a host also allows its subdomains.
  return hosts
    .map((entry) => normaliseHost(entry).replace(/^\*\./, ''))
    .some((entry) => entry !== '' && (entry === host || entry === hostname || hostname.endsWith(`.${entry}`)));
}

/** Checks one image URL against the allowed hosts. */
export function checkImage(src: string, hosts: readonly string[]): ImageCheck {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return {kind: 'refused'};
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return {kind: 'refused'};
  return hostAllowed(url, hosts) ? {kind: 'allowed', url: url.href} : {kind: 'ask', url: url.href, host: url.host};
}
