/**
 * What the element reads from, and waits on, the page it is on: where the page is served from (a
 * browser key is only tolerated on the developer's own machine), the endpoint resolved against the
 * page's URL, and the moment the page has loaded and is idle.
 */
import {AutouiError, ErrorCodes} from '../errors.js';

/** True on a page served from this machine: there a browser key is seen by its own developer only (`api-key`). */
export function isLocalPage(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

/** The `endpoint` attribute resolved against the page, without a trailing slash. */
export function resolveEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint, document.baseURI).href.replace(/\/$/, '');
  } catch {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `endpoint="${endpoint}" is not a URL: give the base URL of the provider API or of the key proxy.`);
  }
}

/**
 * A server URL resolved against the document, as `fetch` will (iframes, `<base>`); left as given
 * when empty or not a URL, for the session to report.
 */
export function resolveServerUrl(url: string): string {
  if (!url.trim()) return url;
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}

/**
 * Calls `task` once the page has loaded and is idle, so that work the first render does not need
 * never competes with the page's own start-up.
 */
export function whenPageIdle(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(task, {timeout: 2000}) : setTimeout(task, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, {once: true});
}
