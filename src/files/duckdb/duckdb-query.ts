/**
 * Runs a model's SQL in DuckDB, read-only: one statement, starting with SELECT, WITH or VALUES,
 * that DuckDB's own parser takes as a subquery (nothing else parses there: no ATTACH, COPY,
 * INSTALL, LOAD, SET, PRAGMA, no writing under a WITH), inside `LIMIT maxRows + 1`, so a query over
 * a big file never sends more than one row past the answer; each cell and the whole answer bounded
 * as the sql.js engine's are. The database's locks (duckdb-database.ts) stand behind this.
 */
import type {QueryAnswer} from '../local-files-api.js';
import {boundedAnswer, cutText} from '../worker/bounded-values.js';
import {QueryFailed} from '../worker/failures.js';
import type {DuckdbSession} from './duckdb-database.js';
import {plainRows, type ArrowField} from './duckdb-values.js';

/** Leading whitespace and comments, then the first word. */
const FIRST_WORD = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*([a-z]+)/i;
/** Longest column name returned (a name is an expression's text when the SQL gives no alias). */
const MAX_COLUMN_NAME = 200;

/** What may end the statement: blanks, `;`, comments (a `--` inside a last-line string makes a syntax error: refused, never run). */
const TRAILING = /(?:\s+|;|--[^\n]*$|\/\*[\s\S]*?\*\/)+$/;

/**
 * `sql` inside a subquery with `LIMIT maxRows + 1`, prepared: DuckDB's grammar takes only a SELECT
 * (WITH … SELECT, VALUES) there, and `prepare` refuses more than one statement, so a text that
 * closes the parenthesis to add another is refused too.
 */
async function prepareSelect({conn}: DuckdbSession, sql: string, maxRows: number) {
  const word = FIRST_WORD.exec(sql)?.[1]?.toUpperCase();
  if (word !== 'SELECT' && word !== 'WITH' && word !== 'VALUES') {
    throw new QueryFailed(`Only reading is allowed: one SELECT (or WITH … SELECT, VALUES) statement${word ? `, not ${word}` : ''}.`);
  }
  try {
    return await conn.prepare(`SELECT * FROM (\n${sql.replace(TRAILING, '')}\n) AS autoui_answer LIMIT ${maxRows + 1}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/multiple statements/i.test(message)) throw new QueryFailed('Send one statement at a time (the SQL holds more than one).');
    throw new QueryFailed(`${message} (only one SELECT, WITH … SELECT or VALUES statement is run)`);
  }
}

/** Runs `sql` and returns its first `maxRows` rows, as many as fit in {@link MAX_ANSWER_CHARS}. */
export async function runDuckdbQuery(session: DuckdbSession, sql: string, maxRows: number): Promise<Omit<QueryAnswer, 'files'>> {
  try {
    const statement = await prepareSelect(session, sql, maxRows);
    const table = await statement.query().finally(() => statement.close());
    const fields = table.schema.fields as ArrowField[];
    const columns = fields.map((f) => cutText(f.name, MAX_COLUMN_NAME));
    return boundedAnswer(columns, plainRows(table), maxRows);
  } catch (error) {
    if (error instanceof QueryFailed) throw error;
    throw new QueryFailed(error instanceof Error ? error.message : String(error));
  }
}
