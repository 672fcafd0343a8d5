/**
 * Starts the files Worker (Papa Parse, SheetJS, hyparquet, sql.js) from a Blob URL of its source
 * (worker-script-url.ts says how, and what a page's CSP and Trusted Types must allow).
 */
import workerSource from '../generated/files-worker-source.js';
import {startSourceWorker} from './worker-script-url.js';

export {CSP_NEEDS, TRUSTED_TYPES_POLICY} from './worker-script-url.js';

/** A new files Worker; throws `FILE_UNREADABLE` when the page does not let it start. */
export function startWorker(): Worker {
  return startSourceWorker(workerSource, 'autoui-agent files');
}
