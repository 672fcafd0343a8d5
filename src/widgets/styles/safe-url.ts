/**
 * URL guards for widgets (design.md 8), the last line of defence after the `autoui` layer's own
 * checks: params may also come from a page's code or an update.
 */
import {hostAllowed, httpUrl} from '../../schema/allowed-hosts.js';

/** `value` if it is an absolute http(s) URL, else undefined (so the text renders without a link). */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** True when the image at `src` (already an http(s) URL) comes from one of `hosts` (see allowed-hosts.ts). */
export function imageHostAllowed(src: string, hosts: readonly string[]): boolean {
  const url = httpUrl(src);
  return url !== undefined && hostAllowed(url, hosts);
}
