/**
 * Starts the DuckDB engine's convert Worker (JSON, JSON Lines and Parquet to CSV; no database)
 * from a Blob URL of its source, as the files Worker starts (worker-script-url.ts). Only the
 * DuckDB engine imports it, lazily, when such a file comes: the default engine never carries it.
 */
import convertSource from '../generated/convert-worker-source.js';
import {startSourceWorker} from './worker-script-url.js';

/** A new convert Worker; throws `FILE_UNREADABLE` when the page does not let it start. */
export function startConvertWorker(): Worker {
  return startSourceWorker(convertSource, 'autoui-agent files (convert)');
}
