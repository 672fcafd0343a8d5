/**
 * The shapes of local files: what a file attached to the element becomes (one table per CSV, JSON,
 * JSON Lines or Parquet file, one per sheet of a spreadsheet) and what its schema says. Plain data: the
 * element, the session's snapshots and the `files` layer's tools all speak these, and none of them
 * ever holds a file's rows (those stay in the Worker that parsed them).
 */

/** The kinds of file the element reads; the `files` attribute names a subset of them. */
export type FileKind = 'csv' | 'tsv' | 'json' | 'jsonl' | 'parquet' | 'xlsx' | 'ods';

/** Every kind, in the order a file picker lists them. */
export const FILE_KINDS: readonly FileKind[] = ['csv', 'tsv', 'json', 'jsonl', 'parquet', 'xlsx', 'ods'];

/** The default size limit of one file (`files-max-bytes`): 100 MB. */
export const DEFAULT_FILE_MAX_BYTES = 100 * 1024 * 1024;

/**
 * What a column holds, as detected from its values: `integer` and `real` numbers (either decimal
 * separator in the file), `boolean` (true/false, yes/no: stored as 1/0), `date` (stored as ISO
 * 8601 text, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`), `text` (anything else). Empty cells are NULL
 * whatever the type.
 */
export type ColumnType = 'integer' | 'real' | 'boolean' | 'date' | 'text';

/** One column of a table. `name` is the SQL name (unique in its table, safe to quote with "…"). */
export interface FileColumn {
  name: string;
  type: ColumnType;
}

/** One table of the local SQL engine: a whole file, or one sheet of a spreadsheet. */
export interface FileTable {
  /** The SQL table name (letters, digits and `_`, unique among attached files). */
  name: string;
  /** The sheet's name, for a table from a spreadsheet. */
  sheet?: string;
  rows: number;
  columns: FileColumn[];
}

/**
 * A file attached to the element, as the page, the transcript's chip and a snapshot see it: never
 * its rows. `rows` and `columns` are summed over its tables (the event detail of
 * `autoui-file-attached` is `{name, size, rows, columns}`).
 */
export interface AttachedFile {
  /** The file's name as the visitor's system gave it (untrusted text: shown, never parsed as markup). */
  name: string;
  /** Bytes. */
  size: number;
  kind: FileKind;
  rows: number;
  columns: number;
  tables: FileTable[];
}
