/**
 * What the standalone script has instead of duckdb-engine.ts (vite.config.ts swaps it in): DuckDB's
 * client would be inside that one classic script, which every page loads whole. There,
 * `files-engine="duckdb"` fails with a message that says to use the ES build.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';

export {createFilesLayer, FILES_SERVER_NAME} from '../files-layer.js';

/** Always throws: the standalone script holds no DuckDB. */
export function createDuckdbFiles(): never {
  throw new AutouiError(ErrorCodes.FILE_UNREADABLE, 'files-engine="duckdb" needs the ES build (autoui-agent.js): the standalone script leaves DuckDB out.');
}
