/**
 * The messages between the engine's main-thread client and its Worker. Every request carries an
 * id its answer repeats; an answer is a value or a typed failure the client turns into an
 * `AutouiError`.
 */
import type {ColumnType, FileKind, FileTable} from './file-types.js';
import type {QueryAnswer, TableSummary} from './local-files-api.js';

/** Reads `file` into tables named after `baseName`, avoiding the names in `taken`. */
export interface AttachRequest {
  type: 'attach';
  file: File;
  /** The name the tables belong to (the attached file's name). */
  fileName: string;
  kind: FileKind;
  baseName: string;
  taken: string[];
  /** The tables of the file it replaces (same name): dropped in the load's transaction, so a failed load keeps them. */
  replaces: string[];
}

/**
 * Reads `file` (JSON, JSON Lines or Parquet) as the sql.js engine would, and answers it as CSV
 * bytes with typed columns: how the DuckDB engine reads the kinds DuckDB cannot read itself here.
 * Answered by the convert Worker (convert-worker.ts), which holds no database.
 */
export interface ConvertRequest {
  type: 'convert';
  file: File;
  fileName: string;
  kind: FileKind;
}

/** A file converted: CSV (a header row, then the rows; transferred, not copied) and each column's name, type and DuckDB type. */
export interface ConvertedFile {
  csv: ArrayBuffer;
  rows: number;
  columns: {name: string; type: ColumnType; duckType: string}[];
}

/** Drops tables. */
export interface RemoveRequest {
  type: 'remove';
  tables: string[];
}

/** Summaries of the named tables, or of all. */
export interface DescribeRequest {
  type: 'describe';
  tables?: string[];
}

/** One read-only statement. */
export interface QueryRequest {
  type: 'query';
  sql: string;
  maxRows: number;
}

/**
 * The test seam: the Worker throws an uncaught error, as a crash does, so tests can check that the
 * engine recovers. Only reachable through `CRASH_WORKER` (see local-files.ts).
 */
export interface CrashRequest {
  type: 'crash';
}

/** Anything the client asks. */
export type WorkerRequest = AttachRequest | ConvertRequest | RemoveRequest | DescribeRequest | QueryRequest | CrashRequest;

/** What each request answers. */
export interface WorkerResults {
  attach: {tables: FileTable[]};
  convert: ConvertedFile;
  remove: {removed: number};
  describe: TableSummary[];
  query: Omit<QueryAnswer, 'files'>;
  crash: never;
}

/** A failure the Worker reports: the error code to raise on the main thread and its message. */
export interface WorkerFailure {
  code: 'FILE_UNREADABLE' | 'TOOL_FAILED' | 'INVALID_ARGUMENT';
  message: string;
}

/** A message to the Worker. */
export type WorkerMessage = WorkerRequest & {id: number};

/** A message from the Worker. */
export type WorkerReply = {id: number; ok: true; result: unknown} | {id: number; ok: false; error: WorkerFailure};
