/**
 * Starts a Worker from a Blob URL of its source (a classic worker), so no build has a second file
 * to serve: the files Worker and the DuckDB engine's convert Worker both start so. A page that
 * enforces Trusted Types gets the URL through the policy `autoui-agent-files`, which lets only the
 * Blob URLs made here through; a page whose CSP forbids blob: workers gets `FILE_UNREADABLE`
 * saying what the CSP must allow. One module for both Workers: a policy name is created once.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';

/** The Trusted Types policy's name, for a page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'autoui-agent-files';

/** What a page's CSP must allow for local files. */
export const CSP_NEEDS = "the page's Content-Security-Policy must allow `worker-src blob:` and `'wasm-unsafe-eval'` in script-src";

interface TrustedTypesLike {
  createPolicy(name: string, rules: {createScriptURL(url: string): string}): {createScriptURL(url: string): unknown};
}

let policy: {createScriptURL(url: string): unknown} | null | undefined;
/** The Blob URL made for each source, made once: the only URLs the policy passes. */
const urls = new Map<string, string>();

/** The script URL of `source`, as a TrustedScriptURL where the page has Trusted Types. */
function scriptUrl(source: string): string {
  let url = urls.get(source);
  if (url === undefined) urls.set(source, (url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}))));
  const trustedTypes = (globalThis as {trustedTypes?: TrustedTypesLike}).trustedTypes;
  if (policy === undefined && trustedTypes) {
    try {
      policy = trustedTypes.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (value) => {
          if (![...urls.values()].includes(value)) throw new TypeError(`${TRUSTED_TYPES_POLICY} only passes its own Workers' URLs`);
          return value;
        },
      });
    } catch {
      // A page that lists its policies without ours: the plain URL, which its CSP may still take.
      policy = null;
    }
  }
  return (policy ? policy.createScriptURL(url) : url) as string;
}

/** A new Worker running `source`, named `name`; throws `FILE_UNREADABLE` when the page does not let it start. */
export function startSourceWorker(source: string, name: string): Worker {
  try {
    return new Worker(scriptUrl(source), {name});
  } catch (error) {
    throw new AutouiError(ErrorCodes.FILE_UNREADABLE, `Local files cannot be read on this page (${errorMessage(error)}): ${CSP_NEEDS}.`, {cause: error});
  }
}
