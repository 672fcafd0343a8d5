/**
 * The one host rule for URLs from data (design.md section 8), shared by the `autoui` layer's URL
 * policy and the widgets: an `image-hosts` entry may be a host (`img.example.org`,
 * `localhost:8000`), an origin (`https://img.example.org`) or a wildcard (`*.example.org`), and a
 * host also allows its subdomains. DOM-free.
 */

/** `value` parsed as an absolute http(s) URL, else undefined. */
export function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
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
