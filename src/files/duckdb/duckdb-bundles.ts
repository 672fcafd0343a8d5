/**
 * Where DuckDB-WASM's files come from: its WebAssembly and its Worker, two of each (`mvp` for any
 * browser, `eh` where WebAssembly exceptions exist; DuckDB picks). The page names the folder that
 * serves them (`files-engine-bundles`), else they are looked for in `duckdb/` beside the engine's
 * chunk. Nothing of DuckDB is in our own files: 35 MB of WebAssembly are only fetched by a page
 * that opts in, from where it chose.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';

/** The package's files a page serves (from `node_modules/@duckdb/duckdb-wasm/dist/`). */
export const DUCKDB_FILES = ['duckdb-mvp.wasm', 'duckdb-browser-mvp.worker.js', 'duckdb-eh.wasm', 'duckdb-browser-eh.worker.js'] as const;

/** The bundles as DuckDB's `selectBundle` takes them. */
export interface DuckdbBundleUrls {
  mvp: {mainModule: string; mainWorker: string};
  eh: {mainModule: string; mainWorker: string};
}

/**
 * The bundle URLs under `folder` (the page's `files-engine-bundles`, resolved against the page),
 * or under `duckdb/` beside the script that holds this module. Only http(s) (blob:, data: or
 * file: is no place to load a database from): anything else is `INVALID_ARGUMENT`.
 */
export function duckdbBundleUrls(folder: string | undefined, scriptUrl: string): DuckdbBundleUrls {
  const page = (globalThis as {location?: {href: string}}).location?.href;
  let base: URL;
  try {
    // A folder without its final slash would drop its last part from every file's URL.
    base = folder ? new URL(folder.endsWith('/') ? folder : `${folder}/`, page) : new URL('duckdb/', scriptUrl);
  } catch {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `files-engine-bundles is not a URL: "${folder}".`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `files-engine-bundles must be an http(s) folder, not ${base.protocol}.`);
  }
  const at = (name: (typeof DUCKDB_FILES)[number]) => new URL(name, base).href;
  return {
    mvp: {mainModule: at('duckdb-mvp.wasm'), mainWorker: at('duckdb-browser-mvp.worker.js')},
    eh: {mainModule: at('duckdb-eh.wasm'), mainWorker: at('duckdb-browser-eh.worker.js')},
  };
}

/**
 * DuckDB's own Worker from `url`. A Worker must come from the page's origin: from another (a CDN),
 * it starts from a blob: script that imports DuckDB's (so the page's CSP needs `worker-src blob:`,
 * as for the sql.js engine).
 */
export function startDuckdbWorker(url: string): Worker {
  const page = (globalThis as {location?: {origin: string}}).location?.origin;
  if (new URL(url).origin === page) return new Worker(url, {name: 'autoui-agent files (DuckDB)'});
  const source = new Blob([`importScripts(${JSON.stringify(url)});`], {type: 'text/javascript'});
  return new Worker(URL.createObjectURL(source), {name: 'autoui-agent files (DuckDB)'});
}
