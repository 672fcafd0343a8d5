/**
 * What `describe` tells of a table: its rows, and per column the type detected at load, the empty
 * cells, the distinct values, the smallest and largest (as SQL compares them), and the first five
 * rows. Computed with SQL when asked: one pass over the table for all its columns.
 */
import type {Database} from 'sql.js/dist/sql-wasm-inline.js';
import type {FileTable} from '../file-types.js';
import type {ColumnSummary, TableSummary} from '../local-files-api.js';
import {quoteName} from '../sql-names.js';

/** A table as loaded, with the file it came from. */
export interface LoadedTable extends FileTable {
  file: string;
}

/** Rows of the sample. */
const SAMPLE = 5;

/** The summary of `table`. */
export function describeTable(db: Database, table: LoadedTable): TableSummary {
  const name = quoteName(table.name);
  const aggregates = table.columns.flatMap((c) => {
    const q = quoteName(c.name);
    return [`count(*) - count(${q})`, `count(DISTINCT ${q})`, `min(${q})`, `max(${q})`];
  });
  const [values = []] = db.exec(`SELECT count(*), ${aggregates.join(', ')} FROM ${name}`).map((r) => r.values[0] ?? []);
  const columns: ColumnSummary[] = table.columns.map((c, i) => {
    const [nulls, distinct, min, max] = values.slice(1 + 4 * i, 5 + 4 * i);
    return {name: c.name, type: c.type, nulls: Number(nulls), distinct: Number(distinct), ...(min !== null && min !== undefined ? {min, max} : {})};
  });
  const sample = db.exec(`SELECT * FROM ${name} LIMIT ${SAMPLE}`)[0];
  return {
    table: table.name,
    file: table.file,
    ...(table.sheet !== undefined ? {sheet: table.sheet} : {}),
    rows: Number(values[0] ?? 0),
    columns,
    sample: (sample?.values ?? []).map((row) => Object.fromEntries(sample!.columns.map((column, i) => [column, row[i]]))),
  };
}
