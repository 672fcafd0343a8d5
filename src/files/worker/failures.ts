/**
 * The failures the Worker reports back: a file it cannot read (`FILE_UNREADABLE`) or a query it
 * refuses or that failed (`TOOL_FAILED`). Anything else thrown is a bug, reported as `TOOL_FAILED`.
 */
import type {WorkerFailure} from '../worker-protocol.js';

/** A file that cannot be read; the message says why, in words for the visitor. */
export class FileUnreadable extends Error {}

/** A query that was refused or failed; the message is for the model to fix its SQL. */
export class QueryFailed extends Error {}

/** The failure to report for anything thrown while handling a request of `type`. */
export function failureOf(error: unknown, type: string): WorkerFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof FileUnreadable) return {code: 'FILE_UNREADABLE', message};
  if (error instanceof QueryFailed) return {code: 'TOOL_FAILED', message};
  // Out of memory inside the parsers (a RangeError), a sql.js error while loading: still the file.
  if (type === 'attach') return {code: 'FILE_UNREADABLE', message: `The file could not be read: ${message}`};
  return {code: 'TOOL_FAILED', message};
}
