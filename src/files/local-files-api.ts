/**
 * What the element and the `files` layer ask of the local data engine: attach a file (parsed and
 * loaded into an in-browser SQL engine in a Worker), remove it, describe its tables and run
 * read-only SQL over them. The rows never leave the Worker except as the answers of `describe`
 * (a few sample rows) and `query` (at most `maxRows`), each bounded in size by the Worker.
 */
import type {AttachedFile, ColumnType, FileKind} from './file-types.js';

/**
 * Options of the engine; the element sets them from its `files` and `files-max-bytes` attributes.
 * Each option is read where it is used (`kinds` and `maxBytes` at each `attach()`, the time limits at
 * each read and query), so they may be getters that follow the attributes.
 */
export interface LocalFilesOptions {
  /** The kinds a file may be (default: every kind). Another kind is refused with `FILE_REFUSED`. */
  kinds?: readonly FileKind[];
  /** The largest file read, in bytes (default 100 MB). A larger one is refused with `FILE_REFUSED`. */
  maxBytes?: number;
  /** How long one query may run before the Worker is stopped (default 15 s). */
  queryTimeoutMs?: number;
  /** How long reading one file may take before it is given up (default 120 s). */
  loadTimeoutMs?: number;
}

/** A column as `describe` tells it: its type and what its values span. */
export interface ColumnSummary {
  name: string;
  type: ColumnType;
  /** Empty cells. */
  nulls: number;
  /** Distinct non-empty values. */
  distinct: number;
  /** Smallest and largest value (numbers, dates and text compare as SQL does; long text cut); absent when every cell is empty. */
  min?: unknown;
  max?: unknown;
}

/** One table as `describe` tells it. */
export interface TableSummary {
  /** The SQL table name. */
  table: string;
  /** The attached file it comes from (and its sheet, for a spreadsheet). */
  file: string;
  sheet?: string;
  rows: number;
  columns: ColumnSummary[];
  /** The first few rows (at most 5), as objects keyed by column name. Long text is cut, with a marker saying how much. */
  sample: Record<string, unknown>[];
  /** Present when this table's columns and sample were left out for the answer's size: says so, and what to do. */
  cut?: string;
}

/** The answer of a read-only query. */
export interface QueryAnswer {
  columns: string[];
  /** At most `maxRows` rows, each an array in `columns` order. */
  rows: unknown[][];
  /** True when the query had more rows than were returned. */
  truncated: boolean;
  /** Present when rows were left out for the answer's size (not `maxRows`): says so, and what to do. */
  cut?: string;
  /** The attached files whose tables the query read (by their names), for the widgets it feeds. */
  files: string[];
}

/** Options of {@link LocalFiles.query}. */
export interface QueryOptions {
  /** Rows returned at most (default 200). */
  maxRows?: number;
  /** Stops waiting for the answer (the query itself is stopped with the Worker). */
  signal?: AbortSignal;
}

/**
 * The local data engine of one element. Every method may be called before the Worker exists (it
 * starts on the first attach). Errors are `AutouiError`s: `FILE_REFUSED` (kind, size, or files
 * off), `FILE_UNREADABLE` (the file could not be read: broken, not what its name says, too deep or
 * too wide, the Worker failed or ran out of time), `TOOL_FAILED` and `TOOL_TIMEOUT` for queries.
 */
export interface LocalFiles {
  /** The attached files, in the order they were attached. */
  readonly files: readonly AttachedFile[];
  /** The SQL engine that runs the queries, named for the model (its dialect): `SQLite` (default engine) or `DuckDB`. */
  readonly sqlEngine: 'SQLite' | 'DuckDB';
  /** Reads `file` into one table (or one per sheet). A file of the same name replaces the old one. */
  attach(file: File): Promise<AttachedFile>;
  /** Drops a file's tables; false when no file has that name. */
  remove(name: string): Promise<boolean>;
  /** Summaries of the named tables, or of every table. */
  describe(tables?: readonly string[]): Promise<TableSummary[]>;
  /** Runs one read-only statement (SELECT, WITH … SELECT, VALUES) over the attached files' tables. */
  query(sql: string, options?: QueryOptions): Promise<QueryAnswer>;
  /**
   * Starts the Worker now, before any file, so a file attached soon waits only for what is left of
   * the start (the element calls it when a person shows they are about to attach one). Never fails:
   * a start that fails is told by the next `attach()`.
   */
  prepare(): void;
  /** Ends the Worker; the engine can be used again (it restarts empty). */
  dispose(): void;
}
