/**
 * Rows in, CSV bytes out: what the DuckDB engine loads for a JSON, JSON Lines or Parquet file
 * (DuckDB's own readers of those need extensions its npm package does not hold). The columns are
 * named and typed as the sql.js engine's table builder names and types them (the same sample of
 * 1,000 rows, the same detection, the same names), and each column's DuckDB type comes with the
 * bytes, so DuckDB reads them as given, guessing nothing.
 *
 * One difference, since a DuckDB column holds one type: a later value that does not fit its
 * column's type (the sample said numbers, a later row says "n/a") makes the whole column text,
 * where SQLite keeps that one value as text in its row. Values are written RFC 4180 style: a
 * header row, text always quoted (`"` doubled), numbers, booleans (`true`/`false`) and ISO dates
 * bare, an empty cell as nothing (NULL).
 */
import type {ColumnType} from '../file-types.js';
import {sqlName, uniqueName} from '../sql-names.js';
import {convertCell, planColumn, type Cell, type ColumnPlan} from './column-types.js';
import {parseDate} from './date-formats.js';
import type {ConvertedFile} from '../worker-protocol.js';

/** The rows the types are decided from, as the table builder's. */
const SAMPLE_ROWS = 1000;
/** Characters gathered before they are encoded: the text in memory stays small beside the bytes. */
const FLUSH_CHARS = 1 << 20;
/** A 64-bit integer's digits (a Parquet INT64 past 2^53 stays exact in DuckDB's BIGINT). */
const INT64 = /^-?\d{1,19}$/;
const fitsInt64 = (digits: string) => INT64.test(digits) && BigInt(digits) >= -(2n ** 63n) && BigInt(digits) < 2n ** 63n;

interface Column {
  name: string;
  plan: ColumnPlan;
  /** For a date column: a value had a time, a value had a zone (then DuckDB keeps it as text). */
  time: boolean;
  zone: boolean;
}

/** Writes one table's rows as CSV. */
export class CsvTableWriter {
  private sample: Cell[][] = [];
  private columns?: Column[];
  private text = '';
  private readonly chunks: Uint8Array[] = [];
  private readonly encoder = new TextEncoder();
  private rows = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly allowed: readonly (readonly ColumnType[])[],
  ) {}

  /** Takes rows (cells are trimmed in place; a row with every cell empty is skipped, as the table builder skips it). */
  add(rows: Cell[][]): void {
    for (const row of rows) {
      let empty = true;
      for (let i = 0; i < row.length; i++) {
        const trimmed = row[i]?.trim() ?? '';
        row[i] = trimmed === '' ? null : trimmed;
        if (trimmed !== '') empty = false;
      }
      if (empty) continue;
      if (this.columns) this.write(row);
      else if (this.sample.push(row) >= SAMPLE_ROWS) this.start();
    }
  }

  /** The CSV and its columns with their DuckDB types; no columns when there was no row. */
  finish(): ConvertedFile {
    if (!this.columns && this.sample.length) this.start();
    this.flush();
    const csv = new Uint8Array(this.chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of this.chunks.splice(0)) {
      csv.set(chunk, at);
      at += chunk.length;
    }
    const columns = (this.columns ?? []).map(({name, plan, time, zone}) => ({name, type: plan.type, duckType: duckTypeOf(plan.type, time, zone)}));
    return {csv: csv.buffer, rows: this.rows, columns};
  }

  private start(): void {
    const taken = new Set<string>();
    this.columns = this.names.map((given, i) => {
      const values = this.sample.map((row) => row[i] ?? null).filter((v): v is string => v !== null);
      const detected = planColumn(values, '.');
      const allowed = this.allowed[i];
      const plan: ColumnPlan = !allowed || allowed.includes(detected.type) ? detected : {type: 'text'};
      return {name: uniqueName(sqlName(given, `column_${i + 1}`), taken), plan, time: false, zone: false};
    });
    this.text = this.columns.map((c) => `"${c.name}"`).join(',') + '\n';
    const sample = this.sample;
    this.sample = [];
    for (const row of sample) this.write(row);
  }

  private write(row: Cell[]): void {
    const columns = this.columns!;
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      if (i) line += ',';
      const cell = row[i] ?? null;
      if (cell !== null) line += this.valueOf(cell, columns[i]!);
    }
    this.text += line + '\n';
    this.rows++;
    if (this.text.length >= FLUSH_CHARS) this.flush();
  }

  /** `cell` as its column's CSV value; a value that does not fit turns the column to text. */
  private valueOf(cell: string, column: Column): string {
    const {plan} = column;
    if (plan.type === 'date') {
      const iso = parseDate(cell, plan.order ?? 'dmy');
      if (iso !== undefined) {
        if (iso.length > 10) column.time = true;
        if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso.slice(10))) column.zone = true;
        return iso;
      }
    } else if (plan.type !== 'text') {
      const value = convertCell(cell, plan);
      if (typeof value === 'number') return plan.type === 'boolean' ? (value ? 'true' : 'false') : String(value);
      if (plan.type === 'integer' && fitsInt64(cell)) return cell;
    }
    if (plan.type !== 'text') column.plan = {type: 'text'};
    return `"${cell.replaceAll('"', '""')}"`;
  }

  private flush(): void {
    if (this.text) this.chunks.push(this.encoder.encode(this.text));
    this.text = '';
  }
}

/** The DuckDB type of a column (dates with a zone stay ISO text: DuckDB's TIMESTAMP has none). */
function duckTypeOf(type: ColumnType, time: boolean, zone: boolean): string {
  switch (type) {
    case 'integer':
      return 'BIGINT';
    case 'real':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return zone ? 'VARCHAR' : time ? 'TIMESTAMP' : 'DATE';
    default:
      return 'VARCHAR';
  }
}
