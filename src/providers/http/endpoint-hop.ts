/**
 * Which hop a model request goes to, so that an error names the one that failed. An endpoint on
 * the page's own origin (a relative URL such as `/llm`, or the page's scheme, host and port) is
 * the site's own server, where the key proxy is mounted: its errors say "The endpoint /llm", and a
 * 404 there asks whether the proxy is mounted. Any other endpoint is the provider's API, or a server
 * that speaks its wire format (a proxy elsewhere, Ollama, OpenRouter): its errors keep the
 * provider's name. DOM-free: the page's address is `location`, which a Worker has too.
 */

/**
 * The path of `url` (`/llm`, `/llm/v1`) when it is on the page's own origin, else undefined.
 * @param page the page's address (default: `globalThis.location`); `null`, as in Node, where nothing is the page's own
 */
export function pageEndpointPath(url: string, page: string | null = globalThis.location?.href ?? null): string | undefined {
  if (!page) return undefined;
  let here: URL;
  let resolved: URL;
  try {
    here = new URL(page);
    resolved = new URL(url, page);
  } catch {
    return undefined;
  }
  // Only a page served over HTTP has a server of its own (a file: page, a blob: or data: one, has none).
  if (!/^https?:$/.test(here.protocol) || resolved.origin !== here.origin) return undefined;
  return resolved.pathname.replace(/\/+$/, '') || '/';
}

/**
 * Who answers requests to `endpoint`, as the subject of an error message: "The endpoint /llm" for
 * the page's own, else `providerLabel` ("The Anthropic API").
 */
export function hopLabel(endpoint: string, providerLabel: string, page: string | null = globalThis.location?.href ?? null): string {
  const path = pageEndpointPath(endpoint, page);
  return path === undefined ? providerLabel : `The endpoint ${path}`;
}
