/**
 * The browser-key rule: a key in the page is readable by anyone who opens it, so it is refused (no
 * request is made) unless the page opts in or is served from localhost. Keys belong on a server,
 * in the key proxy (`src/proxy/`, `autoui-agent/proxy`).
 */
import {AutouiError, ErrorCodes} from '../errors.js';
import type {ProviderOptions} from './provider-options.js';

/** The refusal for `options`, or `undefined` when the request may go out. No key → no refusal. */
export function browserKeyRefusal(options: Pick<ProviderOptions, 'apiKey' | 'allowBrowserKey' | 'isLocalPage'>): AutouiError | undefined {
  if (!options.apiKey || options.allowBrowserKey || options.isLocalPage) return undefined;
  return new AutouiError(
    ErrorCodes.BROWSER_KEY_REFUSED,
    'An API key was given to the page, and anyone who opens the page can read it, so no request was made. ' +
      'Point `endpoint` at the key proxy (which holds the key on the server) and remove `api-key`, ' +
      'or add `allow-browser-key` if exposing this key is acceptable.',
  );
}
