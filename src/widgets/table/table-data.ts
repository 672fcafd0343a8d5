/**
 * The table's data model, free of Lit: normalised columns, cell access for rows given as objects
 * or arrays, and a stable sort order by one column that understands the column's type.
 */

/** How a column's cells are shown, sorted and aligned. */
export type ColumnType = 'string' | 'number' | 'date' | 'url' | 'boolean';

/** A column as given by the model. */
export interface TableColumn {
  key: string;
  label?: string;
  type?: ColumnType;
}

/** One row: an object keyed by column key, or an array in column order. */
export type TableRow = Record<string, unknown> | unknown[];

/** The params of the `table` widget. */
export interface TableProps {
  title?: string;
  columns?: TableColumn[];
  rows: TableRow[];
}

/** A column with every field resolved. */
export interface ResolvedColumn {
  key: string;
  label: string;
  type: ColumnType;
  /** Position of the column, used for rows given as arrays. */
  index: number;
}

/** Sort direction of the active column. */
export type SortDirection = 'ascending' | 'descending';

/** Resolves the columns: the given ones, or the keys of the first rows when none are given. */
export function resolveColumns(props: TableProps): ResolvedColumn[] {
  const given = props.columns?.length ? props.columns : inferColumns(props.rows);
  return given.map((c, index) => {
    const type = c.type ?? inferType(props.rows, (row) => cellValue(row, {key: c.key, index}));
    return {key: c.key, label: c.label ?? c.key, type, index};
  });
}

function inferColumns(rows: TableRow[]): TableColumn[] {
  const keys = new Set<string>();
  let width = 0;
  for (const row of rows.slice(0, 50)) {
    if (Array.isArray(row)) width = Math.max(width, row.length);
    else Object.keys(row).forEach((k) => keys.add(k));
  }
  const fromArrays = Array.from({length: width}, (_, i) => ({key: String(i + 1)}));
  return [...keys].map((key) => ({key})).concat(keys.size ? [] : fromArrays);
}

/** A column whose sampled non-empty cells are all numbers (or all booleans) gets that type. */
function inferType(rows: TableRow[], get: (row: TableRow) => unknown): ColumnType {
  const sample = rows.slice(0, 50).map(get).filter((v) => v !== null && v !== undefined && v !== '');
  if (sample.length && sample.every((v) => typeof v === 'number')) return 'number';
  if (sample.length && sample.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'string';
}

/** The raw value of one cell. */
export function cellValue(row: TableRow, column: Pick<ResolvedColumn, 'key' | 'index'>): unknown {
  return Array.isArray(row) ? row[column.index] : row?.[column.key];
}

/** A number for a cell of a number column (numeric strings included), else `undefined`. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Epoch milliseconds for a cell of a date column, else `undefined`. */
export function toTime(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Row indices in display order for `column` and `direction` (the original order when no column
 * is given). Empty cells always go last; equal cells keep their original order.
 */
export function sortOrder(rows: TableRow[], column: ResolvedColumn | undefined, direction: SortDirection, lang: string): number[] {
  const order = rows.map((_, i) => i);
  if (!column) return order;
  const collator = new Intl.Collator(lang, {numeric: true, sensitivity: 'base'});
  const key = (v: unknown): number | string | undefined => {
    if (v === null || v === undefined || v === '') return undefined;
    if (column.type === 'number') return toNumber(v) ?? String(v);
    if (column.type === 'date') return toTime(v) ?? String(v);
    if (column.type === 'boolean') return v === true || v === 'true' ? 1 : 0;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const keys = rows.map((row) => key(cellValue(row, column)));
  const sign = direction === 'ascending' ? 1 : -1;
  return order.sort((a, b) => {
    const ka = keys[a];
    const kb = keys[b];
    if (ka === undefined || kb === undefined) return ka === kb ? a - b : ka === undefined ? 1 : -1;
    let cmp: number;
    if (typeof ka === 'number' && typeof kb === 'number') cmp = ka - kb;
    else if (typeof ka === 'number') cmp = -1; // numbers before stray text in a typed column
    else if (typeof kb === 'number') cmp = 1;
    else cmp = collator.compare(ka, kb);
    return cmp === 0 ? a - b : sign * cmp;
  });
}
