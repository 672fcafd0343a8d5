/**
 * The DuckDB local files engine (`files-engine="duckdb"`), loaded on demand by the element instead
 * of files-engine.ts: the same engine, limits and `files` layer, with DuckDB-WASM reading the files
 * in its own Worker (CSV and TSV itself; JSON, JSON Lines and Parquet converted to CSV first by our
 * own readers, in a Worker of their own). DuckDB's JavaScript client comes with this chunk; its
 * Worker and WebAssembly from the folder the page names.
 */
import type {FileKind} from '../file-types.js';
import {createFilesEngine, CRASH_WORKER} from '../files-engine-core.js';
import type {LocalFiles, LocalFilesOptions} from '../local-files-api.js';
import {duckdbBundleUrls} from './duckdb-bundles.js';
import {DuckdbChannel} from './duckdb-channel.js';

export {createFilesLayer, FILES_SERVER_NAME} from '../files-layer.js';
export {DUCKDB_FILES} from './duckdb-bundles.js';

/**
 * The kinds the DuckDB engine reads: CSV and TSV with DuckDB's own reader; JSON, JSON Lines and
 * Parquet through our readers (DuckDB's json and parquet extensions are not in its npm package, and
 * the database allows no network to fetch them). Spreadsheets would need its excel extension: they
 * are refused as kinds the page does not take.
 */
export const DUCKDB_KINDS: readonly FileKind[] = ['csv', 'tsv', 'json', 'jsonl', 'parquet'];

/** Options of the DuckDB engine: the engine's, and where DuckDB's files are. */
export interface DuckdbFilesOptions extends LocalFilesOptions {
  /** The folder that serves DuckDB's Worker and WebAssembly (`files-engine-bundles`); default `duckdb/` beside this script. */
  bundles?: string;
}

/** Creates the local data engine of one element, reading files with DuckDB-WASM. */
export function createDuckdbFiles(options: DuckdbFilesOptions = {}): LocalFiles & {[CRASH_WORKER](): void} {
  // On top of `options` (its getters still follow the page's attributes): only the kinds DuckDB reads.
  const read = Object.create(options, {
    kinds: {get: () => (options.kinds ?? DUCKDB_KINDS).filter((kind) => DUCKDB_KINDS.includes(kind))},
  }) as LocalFilesOptions;
  // The URLs are worked out at each start: a page may set files-engine-bundles after the element.
  return createFilesEngine(read, () => new DuckdbChannel(duckdbBundleUrls(options.bundles, import.meta.url)), 'DuckDB');
}
