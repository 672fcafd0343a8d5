/**
 * The Data server's embedded SQLite (sql.js, WebAssembly): every dataset loaded once per process
 * (about 0.2 s), then opened read-only in two ways: a statement must be a single SELECT/WITH,
 * and SQLite's `query_only` pragma refuses any write that would slip past that check.
 */
import initSqlJs from 'sql.js';
import {DATASETS} from './datasets.mjs';

/** Rows returned at most per query; the result says when more existed. */
export const ROW_CAP = 500;

/** A refused or failed query: the message is meant for the model, which can fix its SQL. */
export class QueryError extends Error {}

let shared;

/** The database, created on first use and shared by every session of the process. */
export function openDatabase() {
  shared ??= createDatabase();
  return shared;
}

async function createDatabase() {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('BEGIN');
  for (const ds of DATASETS) {
    db.run(`CREATE TABLE ${ds.name} (${ds.columns.map((c) => `"${c.name}" ${c.type}`).join(', ')})`);
    const insert = db.prepare(`INSERT INTO ${ds.name} VALUES (${ds.columns.map(() => '?').join(', ')})`);
    for (const row of ds.rows()) insert.run(ds.columns.map((c) => row[c.name] ?? null));
    insert.free();
  }
  db.run('COMMIT');
  db.run('PRAGMA query_only = ON');
  return new SqlDatabase(db);
}

/** Read-only access to the loaded datasets. */
export class SqlDatabase {
  constructor(db) {
    this.db = db;
  }

  /** Name, description and row count of every table. */
  tables() {
    return DATASETS.map((ds) => ({name: ds.name, description: ds.description, rows: this.db.exec(`SELECT count(*) FROM ${ds.name}`)[0].values[0][0]}));
  }

  /** Columns, source and three sample rows of one table; undefined for an unknown table. */
  describe(name) {
    const ds = DATASETS.find((d) => d.name === name);
    if (!ds) return undefined;
    return {name: ds.name, description: ds.description, source: ds.source, columns: ds.columns, sample: this.query(`SELECT * FROM ${ds.name} LIMIT 3`).rows};
  }

  /**
   * Runs one read-only statement.
   * @returns {{columns: string[], rows: Array<Record<string, unknown>>, rowCount: number, truncated: boolean}}
   */
  query(sql) {
    const statement = checkReadOnly(sql);
    let stmt;
    try {
      stmt = this.db.prepare(statement);
    } catch (error) {
      throw new QueryError(`SQL error: ${error.message}`);
    }
    try {
      const columns = stmt.getColumnNames();
      const rows = [];
      let truncated = false;
      while (stmt.step()) {
        if (rows.length === ROW_CAP) {
          truncated = true;
          break;
        }
        rows.push(stmt.getAsObject());
      }
      return {columns, rows, rowCount: rows.length, truncated};
    } catch (error) {
      // query_only turns a disguised write (WITH ... DELETE) into "attempt to write a readonly database".
      if (/readonly/i.test(error.message)) throw new QueryError('This database is read-only: only queries that read (SELECT) are allowed.');
      throw new QueryError(`SQL error: ${error.message}`);
    } finally {
      stmt.free();
    }
  }
}

/** Strips comments and one trailing `;`, then accepts exactly one SELECT or WITH statement. */
export function checkReadOnly(sql) {
  if (typeof sql !== 'string' || !sql.trim()) throw new QueryError('The query is empty: send one SELECT statement.');
  const stripped = sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trim()
    .replace(/;\s*$/, '');
  const outsideStrings = stripped.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  if (outsideStrings.includes(';')) throw new QueryError('Only one statement per query: remove the ";" and send statements one at a time.');
  if (!/^(select|with)\b/i.test(stripped)) {
    const verb = stripped.split(/\s+/)[0]?.toUpperCase();
    throw new QueryError(`This database is read-only: ${verb} is refused. Only SELECT (or WITH ... SELECT) queries are allowed.`);
  }
  return stripped;
}
