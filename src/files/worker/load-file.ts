/**
 * One file into tables, by its kind: CSV and TSV streamed through Papa Parse, JSON and JSON Lines
 * flattened, Parquet one row group at a time, XLSX and ODS one table per sheet. Everything lands in one transaction: a file that
 * fails half-way leaves no table behind.
 */
import type {Database} from 'sql.js/dist/sql-wasm-inline.js';
import type {FileTable} from '../file-types.js';
import {quoteName, sqlName, uniqueName} from '../sql-names.js';
import type {AttachRequest} from '../worker-protocol.js';
import {writing} from './database.js';
import {decodeText, wholeText} from './decode-text.js';
import {readDelimited} from './delimited-reader.js';
import {FileUnreadable} from './failures.js';
import {readJson, readJsonLines} from './json-reader.js';
import type {RecordRows} from './json-records.js';
import {readParquet} from './parquet-reader.js';
import {readSheets} from './sheet-reader.js';
import {TableBuilder} from './table-builder.js';

/** Reads the file of `request` into tables of `db`. */
export async function loadFile(db: Database, request: AttachRequest): Promise<FileTable[]> {
  const taken = new Set(request.taken.map((t) => t.toLowerCase()));
  const {file, fileName} = request;
  const tables = await writing(db, async () => {
    for (const name of request.replaces) db.run(`DROP TABLE IF EXISTS ${quoteName(name)}`);
    switch (request.kind) {
      case 'csv':
      case 'tsv': {
        let builder: TableBuilder | undefined;
        await readDelimited(decodeText(file, fileName), request.kind === 'tsv', (rows, info) => {
          // `;` files come from locales that write decimals with a comma.
          builder ??= new TableBuilder(db, {name: uniqueName(request.baseName, taken), fileName, decimal: info.delimiter === ';' ? ',' : '.'});
          builder.add(rows);
        });
        return [builder?.finish()];
      }
      case 'json':
      case 'jsonl': {
        const records = request.kind === 'json' ? readJson(await wholeText(file, fileName), fileName) : await readJsonLines(decodeText(file, fileName), fileName);
        return [recordsTable(db, records, uniqueName(request.baseName, taken), fileName)];
      }
      case 'parquet': {
        const parquet = await readParquet(file, fileName);
        const builder = new TableBuilder(db, {name: uniqueName(request.baseName, taken), fileName, names: parquet.names, decimal: '.', allowed: parquet.allowed});
        for await (const rows of parquet.batches()) builder.add(rows);
        return [builder.finish()];
      }
      case 'xlsx':
      case 'ods': {
        const sheets = readSheets(new Uint8Array(await file.arrayBuffer()), fileName);
        return sheets.map(({sheet, rows}) => {
          const builder = new TableBuilder(db, {name: uniqueName(`${request.baseName}_${sqlName(sheet, 'sheet')}`, taken), sheet, fileName, decimal: '.'});
          builder.add(rows);
          return builder.finish();
        });
      }
    }
  });
  const read = tables.filter((t): t is FileTable => t !== undefined);
  if (read.length === 0) throw new FileUnreadable(`"${fileName}" has no rows to read.`);
  return read;
}

function recordsTable(db: Database, records: RecordRows, name: string, fileName: string): FileTable | undefined {
  const builder = new TableBuilder(db, {name, fileName, names: records.paths, decimal: '.', allowed: records.allowedTypes()});
  builder.add(records.rows);
  return builder.finish();
}
