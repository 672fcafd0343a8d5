/**
 * The request the proxy sends upstream: the route's URL (from the options only, never from the
 * page's path), a short allow-list of the page's headers (never its `authorization`, `x-api-key`,
 * cookies or beta flags), and the key added here.
 */
import {DEFAULT_UPSTREAMS, type UpstreamOptions, type Wire} from './proxy-options.js';

/**
 * Request headers a page may pass upstream: none that changes what a request costs.
 * `anthropic-beta` is refused before this (llm-proxy.ts) and `anthropic-version` is the proxy's own.
 */
const PASSED_HEADERS = ['accept', 'http-referer', 'x-title'];

/** A route works with a key, or with an explicit base URL (keyless local servers). */
export function isConfigured(upstream: UpstreamOptions | undefined): upstream is UpstreamOptions {
  return !!(upstream?.apiKey || upstream?.baseUrl);
}

/** The URL and headers of the upstream request for route `wire`. */
export function upstreamRequest(wire: Wire, upstream: UpstreamOptions, pageHeaders: Headers): {url: string; headers: Headers} {
  const base = (upstream.baseUrl || DEFAULT_UPSTREAMS[wire]).replace(/\/+$/, '');
  const headers = new Headers({'content-type': 'application/json'});
  for (const name of PASSED_HEADERS) {
    const value = pageHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (wire === 'anthropic') {
    headers.set('anthropic-version', '2023-06-01');
    if (upstream.apiKey) headers.set('x-api-key', upstream.apiKey);
    return {url: `${base}/v1/messages`, headers};
  }
  if (upstream.apiKey) headers.set('authorization', `Bearer ${upstream.apiKey}`);
  return {url: `${base}/chat/completions`, headers};
}
