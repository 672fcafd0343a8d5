/**
 * What `describe` tells of a DuckDB table, as the sql.js engine tells it (describe-tables.ts): rows,
 * per column its type, empty cells, distinct values, smallest and largest, and the first five
 * rows; values cut shorter in a wider table, and tables past the answer's size named without columns.
 */
import type {TableSummary} from '../local-files-api.js';
import {quoteName} from '../sql-names.js';
import {boundedValue, cellLimit, jsonChars, MAX_ANSWER_CHARS, MAX_SUMMARY_CELL_CHARS} from '../worker/bounded-values.js';
import type {LoadedTable} from '../worker/describe-tables.js';
import type {DuckdbSession} from './duckdb-database.js';
import {plainRows} from './duckdb-values.js';

/** Rows of the sample. */
const SAMPLE = 5;

/** The summary of `table`: one pass for every column's aggregates, one for the sample. */
async function describeTable({conn}: DuckdbSession, table: LoadedTable): Promise<TableSummary> {
  const name = quoteName(table.name);
  const limit = cellLimit(MAX_SUMMARY_CELL_CHARS, table.columns.length, 2 + SAMPLE);
  const bounded = (value: unknown) => boundedValue(value, limit);
  const aggregates = table.columns.flatMap((c) => {
    const q = quoteName(c.name);
    return [`count(*) - count(${q})`, `count(DISTINCT ${q})`, `min(${q})`, `max(${q})`];
  });
  const [values = []] = plainRows(await conn.query(`SELECT count(*)${aggregates.map((a) => `, ${a}`).join('')} FROM ${name}`));
  const sample = await conn.query(`SELECT * FROM ${name} LIMIT ${SAMPLE}`);
  const names = table.columns.map((c) => c.name);
  return {
    table: table.name,
    file: table.file,
    rows: Number(values[0] ?? 0),
    columns: table.columns.map((c, i) => {
      const [nulls, distinct, min, max] = values.slice(1 + 4 * i, 5 + 4 * i);
      return {name: c.name, type: c.type, nulls: Number(nulls), distinct: Number(distinct), ...(min !== null && min !== undefined ? {min: bounded(min), max: bounded(max)} : {})};
    }),
    sample: plainRows(sample).map((row) => Object.fromEntries(names.map((column, i) => [column, bounded(row[i])]))),
  };
}

/** The summaries of `tables`, in order, until they reach {@link MAX_ANSWER_CHARS} (later ones named, with a note). */
export async function describeDuckdbTables(session: DuckdbSession, tables: readonly LoadedTable[]): Promise<TableSummary[]> {
  let chars = 0;
  let full = true;
  const summaries: TableSummary[] = [];
  for (const [index, table] of tables.entries()) {
    if (full) {
      const summary = await describeTable(session, table);
      chars += jsonChars(summary);
      if (index === 0 || chars <= MAX_ANSWER_CHARS) {
        summaries.push(summary);
        continue;
      }
      full = false;
    }
    summaries.push({
      table: table.name,
      file: table.file,
      rows: table.rows,
      columns: [],
      sample: [],
      cut: `Not described here: the answer reached its size limit. Describe this table on its own (tables: ["${table.name}"]).`,
    });
  }
  return summaries;
}
