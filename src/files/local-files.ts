/**
 * `createLocalFiles()`: the local data engine with the files Worker (Papa Parse, SheetJS, sql.js).
 * The engine itself (refusals, one request at a time, restarts) is files-engine-core.ts, shared
 * with the DuckDB engine (src/files/duckdb/), which must not carry this Worker's source.
 */
import type {LocalFiles, LocalFilesOptions} from './local-files-api.js';
import {createFilesEngine, CRASH_WORKER} from './files-engine-core.js';
import {startWorker} from './start-worker.js';
import {WorkerChannel} from './worker-channel.js';

export {CRASH_WORKER};
export type {FilesChannel} from './files-engine-core.js';

/** Creates the local data engine of one element, reading files in the sql.js files Worker. */
export function createLocalFiles(options: LocalFilesOptions = {}): LocalFiles & {[CRASH_WORKER](): void} {
  return createFilesEngine(options, () => new WorkerChannel(startWorker));
}
