/**
 * What the element reads from the page it is on, for the session's settings: where the page is
 * served from (a browser key is only tolerated on the developer's own machine) and the endpoint
 * resolved against the page's URL.
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
