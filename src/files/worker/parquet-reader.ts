/**
 * Parquet files to rows of cells, with hyparquet (pure JavaScript), one row group at a time: the
 * file is read through `Blob.slice` where hyparquet asks (its footer, then each row group's column
 * chunks), so only one row group's values are in memory at once, never the whole file.
 *
 * The columns are the file's top-level fields, named as the schema names them. Values become the
 * text cells every reader hands the table builder, with the types the schema allows:
 * - integers (INT32, INT64) as their digits; a 64-bit value past 2^53, which a JavaScript number
 *   would round, stays exact as text: in its row (the column stays integer) when it comes after the
 *   first 1,000 rows, else the whole column is text, as a CSV column of such ids is;
 * - floats, doubles and decimals as numbers (NaN and infinities are empty: SQL has no such number);
 * - booleans as `true`/`false` (stored 1/0, as every kind's booleans);
 * - dates as `YYYY-MM-DD`, timestamps as `YYYY-MM-DDTHH:MM:SS` (with `.mmm` when they have
 *   milliseconds), in UTC, as ISO text like every kind's dates;
 * - strings as they are (a string column may still be detected as dates, as JSON strings are);
 * - bytes with no string meaning as lowercase hex text;
 * - nested values (lists, maps, structs, JSON) as JSON text.
 * A broken file (not Parquet, cut short, a codec not read here, wider than 1,000 columns) is
 * refused with `FileUnreadable` saying which.
 */
import {parquetMetadataAsync, parquetRead, parquetSchema, type FileMetaData, type ParquetParsers, type SchemaTree} from 'hyparquet';
import type {ColumnType} from '../file-types.js';
import type {Cell} from './column-types.js';
import {FileUnreadable} from './failures.js';
import {CODECS_READ, PARQUET_CODECS} from './parquet-codecs.js';
import {MAX_COLUMNS, tooWide} from './table-builder.js';

/** "PAR1", little-endian: the first and last four bytes of every Parquet file. */
const MAGIC = 0x31524150;

/** An open Parquet file: its columns, then its rows, one row group per batch. */
export interface ParquetRows {
  names: string[];
  /** Per column, the types detection may choose besides text (as JSON's columns have). */
  allowed: ColumnType[][];
  batches(): AsyncGenerator<Cell[][]>;
}

/** ISO text of `ms` since 1970 (UTC): the date alone for a date, `.mmm` only when there are milliseconds; undefined out of range. */
function isoOf(ms: number, dateOnly: boolean): string | undefined {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  if (dateOnly) return iso.slice(0, 10);
  return iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23);
}

/** Dates and timestamps straight to ISO text (hyparquet would make `Date`s, then we would make text). */
const PARSERS: Partial<ParquetParsers> = {
  dateFromDays: (days: number) => isoOf(days * 86_400_000, true),
  timestampFromMilliseconds: (ms: bigint) => isoOf(Number(ms), false),
  timestampFromMicroseconds: (us: bigint) => isoOf(Number(us / 1000n), false),
  timestampFromNanoseconds: (ns: bigint) => isoOf(Number(ns / 1_000_000n), false),
};

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Inside nested values: exact big integers, bytes as hex. */
const jsonValue = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : String(value)) : value instanceof Uint8Array ? hex(value) : value;

/** One value as a cell (see the module comment). */
export function parquetCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : null;
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (value instanceof Date) return isoOf(value.getTime(), false) ?? null;
  if (value instanceof Uint8Array) return hex(value);
  return JSON.stringify(value, jsonValue);
}

/** The types a top-level column of the schema allows (see the module comment). */
function allowedOf({element, children}: SchemaTree): ColumnType[] {
  if (children.length) return [];
  const logical = element.logical_type?.type;
  const converted = element.converted_type;
  if (logical === 'DATE' || logical === 'TIMESTAMP' || element.type === 'INT96' || converted === 'DATE' || converted?.startsWith('TIMESTAMP')) return ['date'];
  if (logical === 'DECIMAL' || converted === 'DECIMAL' || logical === 'FLOAT16' || element.type === 'FLOAT' || element.type === 'DOUBLE') return ['real', 'integer'];
  if (logical === 'JSON' || converted === 'JSON') return [];
  if (element.type === 'BOOLEAN') return ['boolean'];
  if (element.type === 'INT32' || element.type === 'INT64') return ['integer'];
  if (element.type === 'BYTE_ARRAY') return ['date'];
  return [];
}

/** The four bytes at `offset` of `file`, little-endian. */
async function wordAt(file: Blob, offset: number): Promise<number> {
  return new DataView(await file.slice(offset, offset + 4).arrayBuffer()).getUint32(0, true);
}

/** The file's metadata; refuses a file that is not Parquet or is cut short. */
async function metadataOf(file: Blob, fileName: string): Promise<FileMetaData> {
  if (file.size < 12 || (await wordAt(file, 0)) !== MAGIC) throw new FileUnreadable(`"${fileName}" is not a Parquet file (it does not start as one does), so it is not attached.`);
  if ((await wordAt(file, file.size - 4)) !== MAGIC) {
    throw new FileUnreadable(`"${fileName}" is cut short: its end, where a Parquet file keeps its schema, is missing, so it is not attached.`);
  }
  try {
    return await parquetMetadataAsync({byteLength: file.size, slice: (start, end) => file.slice(start, end).arrayBuffer()}, {parsers: PARSERS});
  } catch (error) {
    throw new FileUnreadable(`"${fileName}" is not a readable Parquet file (${error instanceof Error ? error.message : String(error)}), so it is not attached.`);
  }
}

/** A failure while decoding a row group, in words. */
function decodeFailure(error: unknown, fileName: string): FileUnreadable {
  const message = error instanceof Error ? error.message : String(error);
  const codec = /unsupported compression codec: (\w+)/.exec(message)?.[1];
  if (codec) return new FileUnreadable(`"${fileName}" is compressed with ${codec}, which is not read here (${CODECS_READ} are), so it is not attached.`);
  return new FileUnreadable(`"${fileName}" could not be read as Parquet (${message}), so it is not attached.`);
}

/** Opens `file`: its columns now (from the footer alone), its rows as `batches()` are read. */
export async function readParquet(file: Blob, fileName: string): Promise<ParquetRows> {
  const metadata = await metadataOf(file, fileName);
  const columns = parquetSchema(metadata).children;
  if (columns.length > MAX_COLUMNS) throw tooWide(fileName, columns.length);
  const buffer = {byteLength: file.size, slice: (start: number, end?: number) => file.slice(start, end).arrayBuffer()};
  async function* batches(): AsyncGenerator<Cell[][]> {
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      const rowEnd = rowStart + Number(group.num_rows);
      let rows: unknown[][] = [];
      try {
        await parquetRead({file: buffer, metadata, rowStart, rowEnd, compressors: PARQUET_CODECS, parsers: PARSERS, onComplete: (read: unknown[][]) => (rows = read)});
      } catch (error) {
        throw decodeFailure(error, fileName);
      }
      rowStart = rowEnd;
      // In place: the row group's arrays become the cells (no second copy of a row group).
      for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = parquetCell(row[i]);
      yield rows as Cell[][];
    }
  }
  return {names: columns.map((c) => c.element.name), allowed: columns.map(allowedOf), batches};
}
