/**
 * How a server's address is shown or written down (error messages, snapshots, stored approvals):
 * without what may be secret in it. Requests use the address as given. Its own module, apart from
 * the URL rules of data, so the element's first load carries only this. DOM-free.
 */

/**
 * An address as it may be shown or written down: `https://user:pass@host/mcp?token=…#x` becomes
 * `https://host/mcp`, since hosted servers put tokens in credentials and queries. Error messages,
 * snapshots and stored approvals use it; requests use the address as given. A string that is no
 * URL loses what follows `?` or `#` and any `user@`, and is cut at 200 characters.
 */
export function publicAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//').slice(0, 200);
  }
}
