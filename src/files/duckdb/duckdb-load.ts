/**
 * Reads an attached file into one DuckDB table: a CSV or TSV file is registered (by reference:
 * DuckDB reads it from the `File` in pieces, never a whole copy in memory first) under our folder;
 * a JSON, JSON Lines or Parquet file is first converted to CSV by our own readers (duckdb-convert.ts)
 * and those bytes registered. The file is read once, straight into the table (DuckDB detects its
 * dialect and types in that same read), then its columns named as the sql.js engine names them
 * (duckdb-columns.ts); all in one transaction that also drops the file it replaces, so a failed
 * read keeps the old one.
 */
import type {FileKind, FileTable} from '../file-types.js';
import {kindOfFile} from '../file-kinds.js';
import {quoteName, uniqueName} from '../sql-names.js';
import type {AttachRequest, ConvertedFile} from '../worker-protocol.js';
import {FileUnreadable} from '../worker/failures.js';
import {shapeColumns, shapeStatements} from './duckdb-columns.js';
import {FILES_FOLDER, type DuckdbSession} from './duckdb-database.js';
import {plainRows} from './duckdb-values.js';

/** The widest table read, as the sql.js engine's (table-builder.ts). */
const MAX_COLUMNS = 1000;

/** DuckDB's reader for a file of `kind` at `path` (a path we made: no quote inside). */
function readerOf(kind: FileKind | undefined, path: string, fileName: string): string {
  switch (kind) {
    case 'csv':
      return `read_csv('${path}', header = true)`;
    case 'tsv':
      return `read_csv('${path}', header = true, delim = '\t')`;
    default:
      // Unreachable through the engine, which takes only DuckDB's kinds (DUCKDB_KINDS).
      throw new FileUnreadable(`"${fileName}" is not a kind of file DuckDB reads here.`);
  }
}

/** DuckDB's reader of a converted file: CSV as our converter writes it, with the columns' types given (nothing guessed). */
function convertedReader(path: string, {columns}: ConvertedFile): string {
  // The names are SQL names (letters, digits, `_`) and the types ours: nothing to escape.
  const types = columns.map((c) => `'${c.name}': '${c.duckType}'`).join(', ');
  return `read_csv('${path}', header = true, auto_detect = false, delim = ',', quote = '"', escape = '"', columns = {${types}})`;
}

/** The kinds our readers convert to CSV for DuckDB (duckdb-convert.ts). */
export const CONVERTED_KINDS: readonly FileKind[] = ['json', 'jsonl', 'parquet'];

/** What converts a file of {@link CONVERTED_KINDS} to CSV (undefined for another kind: DuckDB reads it itself). */
export type Converter = (file: File, fileName: string, kind: FileKind) => Promise<ConvertedFile> | undefined;

/**
 * Reads `request.file` into a table named after its base name; returns it. `fileId` makes its path
 * unique; `converting` is the file as CSV when DuckDB does not read its kind itself (see
 * {@link Converter}: its failures are the file's, in the sql.js engine's words, thrown as they come).
 */
export async function loadDuckdbFile({db, conn, client}: DuckdbSession, request: AttachRequest, fileId: number, converting?: Promise<ConvertedFile>): Promise<FileTable[]> {
  const {file, fileName} = request;
  const kind = kindOfFile(fileName, file.type);
  const converted = await converting;
  const path = `${FILES_FOLDER}${fileId}.${converted ? 'csv' : (kind ?? 'data')}`;
  const reader = converted ? convertedReader(path, converted) : readerOf(kind, path, fileName);
  if (converted) await db.registerFileBuffer(path, new Uint8Array(converted.csv));
  else await db.registerFileHandle(path, file, client.DuckDBDataProtocol.BROWSER_FILEREADER, true);
  const name = uniqueName(request.baseName, new Set(request.taken.map((t) => t.toLowerCase())));
  try {
    await conn.query('BEGIN TRANSACTION');
    try {
      for (const old of request.replaces) await conn.query(`DROP TABLE IF EXISTS ${quoteName(old)}`);
      // CREATE TABLE AS answers the rows it wrote: no count(*) after it.
      const [[rows] = []] = plainRows(await conn.query(`CREATE TABLE ${quoteName(name)} AS SELECT * FROM ${reader}`)) as [number][];
      const described = plainRows(await conn.query(`SELECT column_name, column_type FROM (DESCRIBE ${quoteName(name)})`)) as [string, string][];
      if (described.length === 0) throw new FileUnreadable(`"${fileName}" has no columns to read.`);
      if (described.length > MAX_COLUMNS) {
        throw new FileUnreadable(`"${fileName}" has ${described.length.toLocaleString('en')} columns; at most ${MAX_COLUMNS.toLocaleString('en')} are read, so it is not attached.`);
      }
      if (!rows) throw new FileUnreadable(`"${fileName}" has no rows to read.`);
      const columns = shapeColumns(described.map(([source, type]) => [String(source), String(type)] as const));
      const statements = shapeStatements(name, columns);
      if (statements.length) await conn.query(statements.join(';\n'));
      await conn.query('COMMIT');
      return [{name, rows, columns: columns.map(({name, type}) => ({name, type}))}];
    } catch (error) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (error instanceof FileUnreadable) throw error;
    throw new FileUnreadable(`"${fileName}" could not be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // The table holds the rows: the file itself is no longer needed (nor readable by a query).
    await db.dropFile(path).catch(() => undefined);
  }
}
