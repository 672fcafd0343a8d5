/**
 * Runs a model's SQL, read-only: exactly one statement, starting with SELECT, WITH or VALUES, run
 * while the database is `query_only` (so `WITH … DELETE` fails in SQLite itself), at most
 * `maxRows` rows returned, each cell's text and the whole answer bounded (bounded-values.ts).
 */
import type {Database, SqlJsValue} from 'sql.js/dist/sql-wasm-inline.js';
import type {QueryAnswer} from '../local-files-api.js';
import {boundedAnswer, cutText} from './bounded-values.js';
import {QueryFailed} from './failures.js';

/** Whitespace and comments. */
const SKIPPED = String.raw`\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/`;
/** Leading whitespace and comments, then the first word. */
const FIRST_WORD = new RegExp(`^(?:${SKIPPED})*([a-z]+)`, 'i');

/** Longest column name returned (a name is an expression's text when the SQL gives no alias). */
const MAX_COLUMN_NAME = 200;

/** Runs `sql` and returns its first `maxRows` rows, as many as fit in {@link MAX_ANSWER_CHARS}. */
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
    const columns = first.getColumnNames().map((name: string) => cutText(name, MAX_COLUMN_NAME));
    return boundedAnswer(columns, steppedRows(first), maxRows);
  } catch (error) {
    if (error instanceof QueryFailed) throw error;
    throw new QueryFailed(error instanceof Error ? error.message : String(error));
  } finally {
    first?.free();
  }
}

/** The rows of a prepared statement, one step at a time, as plain values. */
function* steppedRows(statement: {step(): boolean; get(): SqlJsValue[]}): Generator<unknown[]> {
  while (statement.step()) yield statement.get().map(plain);
}

/** A value as JSON carries it: blobs (no file makes them, SQL can) as a short note. */
const plain = (value: SqlJsValue): unknown => (value instanceof Uint8Array ? `[${value.length} bytes]` : value);
