/**
 * What `describe` tells of a table: its rows, and per column the type detected at load, the empty
 * cells, the distinct values, the smallest and largest (as SQL compares them), and the first five
 * rows. Computed with SQL when asked: one pass over the table for all its columns. Text values
 * are cut (bounded-values.ts), shorter in a wider table, and tables past the answer's size are
 * named without their columns: one describe stays small whatever the files hold.
 */
import type {Database} from 'sql.js/dist/sql-wasm-inline.js';
import type {FileTable} from '../file-types.js';
import type {ColumnSummary, TableSummary} from '../local-files-api.js';
import {quoteName} from '../sql-names.js';
import {boundedValue, cellLimit, jsonChars, MAX_ANSWER_CHARS, MAX_SUMMARY_CELL_CHARS} from './bounded-values.js';

/** A table as loaded, with the file it came from. */
export interface LoadedTable extends FileTable {
  file: string;
}

/** Rows of the sample. */
const SAMPLE = 5;
/** Aggregates per SELECT: four per column, under SQLite's 2,000 result columns. */
const AGGREGATES_PER_PASS = 4 * 400;

/** The summary of `table`. */
export function describeTable(db: Database, table: LoadedTable): TableSummary {
  const name = quoteName(table.name);
  // Per column: its min, its max and the sample's cells share the answer.
  const limit = cellLimit(MAX_SUMMARY_CELL_CHARS, table.columns.length, 2 + SAMPLE);
  const bounded = (value: unknown) => boundedValue(value, limit);
  const aggregates = table.columns.flatMap((c) => {
    const q = quoteName(c.name);
    return [`count(*) - count(${q})`, `count(DISTINCT ${q})`, `min(${q})`, `max(${q})`];
  });
  // One pass per group of columns: a result row has at most 2,000 columns in SQLite, and four
  // aggregates per column would pass it from 500 columns on (tables have up to 1,000).
  const values: unknown[] = [];
  for (let at = 0; at === 0 || at < aggregates.length; at += AGGREGATES_PER_PASS) {
    const [row = []] = db.exec(`SELECT count(*)${aggregates.slice(at, at + AGGREGATES_PER_PASS).map((a) => `, ${a}`).join('')} FROM ${name}`).map((r) => r.values[0] ?? []);
    if (at === 0) values.push(row[0]);
    values.push(...row.slice(1));
  }
  const columns: ColumnSummary[] = table.columns.map((c, i) => {
    const [nulls, distinct, min, max] = values.slice(1 + 4 * i, 5 + 4 * i);
    return {name: c.name, type: c.type, nulls: Number(nulls), distinct: Number(distinct), ...(min !== null && min !== undefined ? {min: bounded(min), max: bounded(max)} : {})};
  });
  const sample = db.exec(`SELECT * FROM ${name} LIMIT ${SAMPLE}`)[0];
  return {
    table: table.name,
    file: table.file,
    ...(table.sheet !== undefined ? {sheet: table.sheet} : {}),
    rows: Number(values[0] ?? 0),
    columns,
    sample: (sample?.values ?? []).map((row) => Object.fromEntries(sample!.columns.map((column, i) => [column, bounded(row[i])]))),
  };
}

/**
 * The summaries of `tables`, in order, until they reach {@link MAX_ANSWER_CHARS}: the tables after
 * that are named with their rows and a note, without columns or sample (a spreadsheet of many wide
 * sheets), so the model can ask for them by name.
 */
export function describeTables(db: Database, tables: readonly LoadedTable[]): TableSummary[] {
  let chars = 0;
  let full = true;
  return tables.map((table, index) => {
    if (full) {
      const summary = describeTable(db, table);
      chars += jsonChars(summary);
      // The first table is always described: its values are cut short enough.
      if (index === 0 || chars <= MAX_ANSWER_CHARS) return summary;
      full = false;
    }
    return {
      table: table.name,
      file: table.file,
      ...(table.sheet !== undefined ? {sheet: table.sheet} : {}),
      rows: table.rows,
      columns: [],
      sample: [],
      cut: `Not described here: the answer reached its size limit. Describe this table on its own (tables: ["${table.name}"]).`,
    };
  });
}
