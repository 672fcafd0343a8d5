/**
 * A JSON, JSON Lines or Parquet file to CSV for the DuckDB engine, read by the very readers the
 * sql.js engine uses (json-reader.ts, parquet-reader.ts), so both engines take and refuse the
 * same files with the same words, and name and type the same columns (csv-table-writer.ts).
 */
import type {ConvertedFile, ConvertRequest} from '../worker-protocol.js';
import {CsvTableWriter} from './csv-table-writer.js';
import {decodeText, wholeText} from './decode-text.js';
import {FileUnreadable} from './failures.js';
import {readJson, readJsonLines} from './json-reader.js';
import {readParquet} from './parquet-reader.js';

/** The file of `request` as CSV; throws `FileUnreadable` as the sql.js engine's load does. */
export async function convertFile({file, fileName, kind}: ConvertRequest): Promise<ConvertedFile> {
  let writer: CsvTableWriter;
  switch (kind) {
    case 'json':
    case 'jsonl': {
      const records = kind === 'json' ? readJson(await wholeText(file, fileName), fileName) : await readJsonLines(decodeText(file, fileName), fileName);
      writer = new CsvTableWriter(records.paths, records.allowedTypes());
      writer.add(records.rows);
      break;
    }
    case 'parquet': {
      const parquet = await readParquet(file, fileName);
      writer = new CsvTableWriter(parquet.names, parquet.allowed);
      for await (const rows of parquet.batches()) writer.add(rows);
      break;
    }
    default:
      throw new FileUnreadable(`"${fileName}" is not a kind of file converted here (JSON, JSON Lines, Parquet).`);
  }
  const converted = writer.finish();
  if (converted.rows === 0) throw new FileUnreadable(`"${fileName}" has no rows to read.`);
  return converted;
}
