/**
 * The Worker's one in-memory SQLite database (sql.js), started on first use. It is read-only
 * (`PRAGMA query_only`) except while a file loads, so a query can never change the data, whatever
 * its SQL; journaling and syncing are off since nothing is kept on disk.
 */
// The inline build carries its WebAssembly as base64: the Worker needs no second file to fetch.
import initSqlJs, {type Database} from 'sql.js/dist/sql-wasm-inline.js';
import {FileUnreadable} from './failures.js';

let database: Promise<Database> | undefined;

/** The database, started on first call. */
export function getDatabase(): Promise<Database> {
  database ??= initSqlJs().then(
    (sql) => {
      const db = new sql.Database();
      db.exec('PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA query_only=ON;');
      return db;
    },
    (error: unknown) => {
      database = undefined;
      const message = error instanceof Error ? error.message : String(error);
      throw new FileUnreadable(
        `The local SQL engine could not start (${message}). If the page has a Content-Security-Policy, it must allow 'wasm-unsafe-eval' in script-src (and blob: in worker-src).`,
      );
    },
  );
  return database;
}

/**
 * Runs `load` with writes allowed, in one transaction: all of it lands, or none. The client sends
 * one request at a time, so no query runs while a load awaits the file's bytes.
 */
export async function writing<T>(db: Database, load: () => Promise<T>): Promise<T> {
  db.exec('PRAGMA query_only=OFF; BEGIN;');
  try {
    const result = await load();
    db.exec('COMMIT;');
    return result;
  } catch (error) {
    db.exec('ROLLBACK;');
    throw error;
  } finally {
    db.exec('PRAGMA query_only=ON;');
  }
}
