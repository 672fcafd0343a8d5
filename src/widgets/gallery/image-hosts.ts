/**
 * Which image URLs a widget may load without asking (design.md section 8): http(s) only, and
 * only from the hosts the page allows (`environment.imageHosts`). Entries may be a host
 * (`img.example.org`, `localhost:8000`), an origin (`https://img.example.org`) or a wildcard
 * (`*.example.org`); as in the `autoui` layer's URL policy, a host also allows its subdomains.
 */
import {hostAllowed} from '../../schema/allowed-hosts.js';

/** The outcome for one image URL. */
export type ImageCheck = {kind: 'allowed'; url: string} | {kind: 'ask'; url: string; host: string} | {kind: 'refused'};

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
