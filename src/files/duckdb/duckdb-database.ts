/**
 * One DuckDB database in DuckDB's own Worker, locked before anything reads it: no network and no
 * file but the attached ones (`enable_external_access` off, `allowed_directories` our folder of
 * registered files), no extension loaded, and `lock_configuration` so no SQL can undo either.
 */
import type {AsyncDuckDB, AsyncDuckDBConnection} from '@duckdb/duckdb-wasm';
import {startDuckdbWorker, type DuckdbBundleUrls} from './duckdb-bundles.js';
import {loadDuckdbClient, type DuckdbClient} from './duckdb-client.js';

/** The folder of DuckDB's file system where attached files are registered: the only one it may read. */
export const FILES_FOLDER = '/autoui-files/';

/** Set once, in this order, before any other statement: the last one makes them final. */
const LOCKS = [
  `SET allowed_directories = ['${FILES_FOLDER}']`,
  'SET enable_external_access = false',
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  'SET lock_configuration = true',
];

/** An open, locked database, its one connection and its Worker. */
export interface DuckdbSession {
  db: AsyncDuckDB;
  conn: AsyncDuckDBConnection;
  worker: Worker;
  /** DuckDB-WASM's client module, for its constants. */
  client: DuckdbClient;
}

/** Starts DuckDB from `urls` (its Worker, then its WebAssembly), opens a database in memory and locks it. */
export async function openDuckdb(urls: DuckdbBundleUrls, onWorker: (worker: Worker) => void): Promise<DuckdbSession> {
  const client = await loadDuckdbClient();
  const bundle = await client.selectBundle(urls);
  const worker = startDuckdbWorker(bundle.mainWorker!);
  onWorker(worker);
  const db = new client.AsyncDuckDB(new client.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  // Numbers come back as JavaScript numbers, as the sql.js engine's do (a 64-bit count is a BigInt otherwise).
  await db.open({query: {castBigIntToDouble: true, castDecimalToDouble: true, castTimestampToDate: true}, filesystem: {allowFullHTTPReads: false}});
  const conn = await db.connect();
  for (const statement of LOCKS) await conn.query(statement);
  return {db, conn, worker, client};
}
