/**
 * The columns of a table DuckDB has just read, made what the sql.js engine would have made: named
 * by sql-names.ts and typed as ours. The file is read once, into a table with DuckDB's own names
 * and types (its reader detects them during that read: no second pass over the file to learn them
 * first), then changed in place: a rename touches no row, and only a column of an unusual type
 * (a TIME, a FLOAT) is converted.
 */
import type {ColumnType, FileColumn} from '../file-types.js';
import {quoteName, sqlName, uniqueName} from '../sql-names.js';

/** Our type of a DuckDB column type, and the DuckDB type it must be converted to (none: stored as it is). */
export function columnTypeOf(duckType: string): {type: ColumnType; convertTo?: 'DOUBLE' | 'VARCHAR'} {
  const type = duckType.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/.test(type)) return {type: 'integer'};
  if (type === 'DOUBLE') return {type: 'real'};
  if (/^(FLOAT|REAL)$|^DECIMAL/.test(type)) return {type: 'real', convertTo: 'DOUBLE'};
  if (type === 'BOOLEAN') return {type: 'boolean'};
  if (type === 'DATE' || type.startsWith('TIMESTAMP')) return {type: 'date'};
  if (type === 'VARCHAR' || type === 'BLOB') return {type: 'text'};
  return {type: 'text', convertTo: 'VARCHAR'};
}

/** A column as DuckDB read it, and as we name and type it. */
interface ShapedColumn extends FileColumn {
  source: string;
  convertTo?: 'DOUBLE' | 'VARCHAR';
}

/** Our columns for DuckDB's `[name, type]` pairs: SQL names, unique without case, in order. */
export function shapeColumns(described: readonly (readonly [string, string])[]): ShapedColumn[] {
  const names = new Set<string>();
  return described.map(([source, duckType], i) => ({source, name: uniqueName(sqlName(source, `column_${i + 1}`), names), ...columnTypeOf(duckType)}));
}

/**
 * The statements that give `table`'s columns our names and types. Renames go through temporary
 * names first: a column's new name may be another's old one (`a b` → `a_b` beside a column `a_b`
 * that becomes `a_b_2`), and DuckDB compares names without case.
 */
export function shapeStatements(table: string, columns: readonly ShapedColumn[]): string[] {
  const inUse = new Set(columns.flatMap((c) => [c.source.toLowerCase(), c.name.toLowerCase()]));
  const renamed = columns.filter((c) => c.source !== c.name);
  const temporary = renamed.map((_c, i) => uniqueName(`autoui_renaming_${i + 1}`, inUse));
  const alter = `ALTER TABLE ${quoteName(table)}`;
  return [
    ...renamed.map((c, i) => `${alter} RENAME COLUMN ${quoteName(c.source)} TO ${quoteName(temporary[i]!)}`),
    ...renamed.map((c, i) => `${alter} RENAME COLUMN ${quoteName(temporary[i]!)} TO ${quoteName(c.name)}`),
    ...columns.filter((c) => c.convertTo).map((c) => `${alter} ALTER COLUMN ${quoteName(c.name)} SET DATA TYPE ${c.convertTo}`),
  ];
}
