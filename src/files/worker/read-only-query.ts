/**
 * Runs a model's SQL, read-only: exactly one statement, starting with SELECT, WITH or VALUES, run
 * while the database is `query_only` (so `WITH … DELETE` fails in SQLite itself), at most
 * `maxRows` rows returned.
 */
import type {Database, SqlJsValue} from 'sql.js/dist/sql-wasm-inline.js';
import type {QueryAnswer} from '../local-files-api.js';
import {QueryFailed} from './failures.js';

/** Whitespace and comments. */
const SKIPPED = String.raw`\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/`;
/** Leading whitespace and comments, then the first word. */
const FIRST_WORD = new RegExp(`^(?:${SKIPPED})*([a-z]+)`, 'i');

/** Runs `sql` and returns its first `maxRows` rows. */
export function runReadOnly(db: Database, sql: string, maxRows: number): Omit<QueryAnswer, 'files'> {
  const word = FIRST_WORD.exec(sql)?.[1]?.toUpperCase();
  if (word !== 'SELECT' && word !== 'WITH' && word !== 'VALUES') {
    throw new QueryFailed(`Only reading is allowed: one SELECT (or WITH … SELECT, VALUES) statement${word ? `, not ${word}` : ''}.`);
  }
  const statements = db.iterateStatements(sql);
  let first;
  try {
    first = statements.next().value;
    if (!first) throw new QueryFailed('The SQL holds no statement.');
    // What follows the first statement may be `;`, blanks and comments, nothing else. (Asking the
    // iterator for the next statement would free the first.)
    if (statements.getRemainingSQL().replace(new RegExp(`^(?:${SKIPPED}|;)*`), '') !== '') {
      throw new QueryFailed('Send one statement at a time (the SQL holds more than one).');
    }
    const columns = first.getColumnNames();
    const rows: unknown[][] = [];
    let truncated = false;
    while (first.step()) {
      if (rows.length === maxRows) {
        truncated = true;
        break;
      }
      rows.push(first.get().map(plain));
    }
    return {columns, rows, truncated};
  } catch (error) {
    if (error instanceof QueryFailed) throw error;
    throw new QueryFailed(error instanceof Error ? error.message : String(error));
  } finally {
    first?.free();
  }
}

/** A value as JSON carries it: blobs (no file makes them, SQL can) as a short note. */
const plain = (value: SqlJsValue): unknown => (value instanceof Uint8Array ? `[${value.length} bytes]` : value);
