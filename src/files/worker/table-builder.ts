/**
 * Rows in, one SQLite table out. The first rows (a sample) decide the header and each column's
 * type; then every row is converted and inserted, many rows per prepared statement. A row wider than
 * the table adds columns (text, `column_<n>`), so no cell is dropped; past 1,000 columns the file
 * is refused (a wider "table" is almost always a broken or hostile file).
 */
import type {Database, SqlJsValue as SqlValue, Statement} from 'sql.js/dist/sql-wasm-inline.js';
import type {ColumnType, FileColumn, FileTable} from '../file-types.js';
import {quoteName, sqlName, uniqueName} from '../sql-names.js';
import {convertCell, planColumn, sqlTypeOf, type Cell, type ColumnPlan} from './column-types.js';
import {FileUnreadable} from './failures.js';
import {hasHeaderRow} from './header-row.js';
import type {DecimalMark} from './number-formats.js';

/** The widest table read. */
export const MAX_COLUMNS = 1000;
/** The rows the header and the types are decided from. */
const SAMPLE_ROWS = 1000;
/**
 * Rows per INSERT, and the parameters one may bind at most. Each statement run crosses from JS
 * into WebAssembly several times, so 64 rows at once load about 2.5 times faster than one at a
 * time; 999 is SQLite's historical lowest limit on bound parameters, safe in every build.
 */
const BATCH_ROWS = 64;
const BATCH_PARAMS = 999;

/** What a table is called and how its cells are read. */
export interface TableSpec {
  name: string;
  sheet?: string;
  /** The file's name, for messages. */
  fileName: string;
  /** The column names when the file gives them (JSON keys); otherwise the header row is detected. */
  names?: readonly string[];
  /** The decimal mark when a column's numbers could use either. */
  decimal: DecimalMark;
  /** Per column, the types detection may choose besides text (JSON: a string column stays text or date). */
  allowed?: readonly (readonly ColumnType[])[];
}

/** The error for a table of `columns` columns (undefined: more than {@link MAX_COLUMNS}, not all counted). */
export const tooWide = (fileName: string, columns?: number) =>
  new FileUnreadable(
    `"${fileName}" has ${columns === undefined ? `more than ${MAX_COLUMNS.toLocaleString('en')}` : columns.toLocaleString('en')} columns; at most ${MAX_COLUMNS.toLocaleString('en')} are read, so it is not attached.`,
  );

/** True when `cell` starts and ends with a printable ASCII character: nothing to trim (most cells). */
const printableEnds = (cell: string) => {
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127;
};

/** Builds one table of `db` from rows given in batches. */
export class TableBuilder {
  private sample: Cell[][] = [];
  private columns: (FileColumn & {plan: ColumnPlan})[] = [];
  private insert?: Statement;
  /** The statement of {@link batchRows} rows, and the converted values waiting for it. */
  private batch?: Statement;
  private batchRows = 1;
  private pending: SqlValue[] = [];
  private rows = 0;

  constructor(
    private readonly db: Database,
    private readonly spec: TableSpec,
  ) {}

  /** Takes rows, which become its own (cells are trimmed in place: a blank cell is empty). */
  add(rows: Cell[][]): void {
    for (const row of rows) {
      if (row.length > MAX_COLUMNS) throw tooWide(this.spec.fileName, row.length);
      // In place: no second array per row (millions of them in a large file).
      let empty = true;
      for (let i = 0; i < row.length; i++) {
        const cell = row[i];
        const trimmed = cell === null || cell === undefined ? '' : printableEnds(cell) ? cell : cell.trim();
        row[i] = trimmed === '' ? null : trimmed;
        if (trimmed !== '') empty = false;
      }
      if (empty) continue;
      if (this.insert) this.write(row);
      else if (this.sample.push(row) >= SAMPLE_ROWS) this.start();
    }
  }

  /** Ends the table; undefined when it had no row at all (an empty sheet). */
  finish(): FileTable | undefined {
    if (!this.insert && this.sample.length === 0) return undefined;
    if (!this.insert) this.start();
    this.flush();
    this.insert!.free();
    this.batch?.free();
    return {name: this.spec.name, ...(this.spec.sheet !== undefined ? {sheet: this.spec.sheet} : {}), rows: this.rows, columns: this.columns.map(({name, type}) => ({name, type}))};
  }

  private start(): void {
    const sample = this.sample;
    this.sample = [];
    const header = this.spec.names ? undefined : hasHeaderRow(sample) ? sample.shift() : undefined;
    const width = Math.max(this.spec.names?.length ?? 0, header?.length ?? 0, ...sample.map((r) => r.length));
    const taken = new Set<string>();
    for (let i = 0; i < width; i++) {
      const given = this.spec.names?.[i] ?? header?.[i] ?? '';
      const name = uniqueName(sqlName(given ?? '', `column_${i + 1}`), taken);
      const values = sample.map((row) => row[i] ?? null).filter((v): v is string => v !== null);
      const detected = planColumn(values, this.spec.decimal);
      const allowed = this.spec.allowed?.[i];
      const plan: ColumnPlan = !allowed || allowed.includes(detected.type) ? detected : {type: 'text'};
      this.columns.push({name, type: plan.type, plan});
    }
    const definitions = this.columns.map((c) => `${quoteName(c.name)} ${sqlTypeOf(c.type)}`).join(', ');
    this.db.run(`CREATE TABLE ${quoteName(this.spec.name)} (${definitions})`);
    this.prepare();
    for (const row of sample) this.write(row);
  }

  private prepare(): void {
    this.insert?.free();
    this.batch?.free();
    const row = `(${this.columns.map(() => '?').join(', ')})`;
    const into = `INSERT INTO ${quoteName(this.spec.name)} VALUES `;
    this.insert = this.db.prepare(into + row);
    this.batchRows = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_PARAMS / this.columns.length)));
    this.batch = this.batchRows > 1 ? this.db.prepare(into + Array(this.batchRows).fill(row).join(', ')) : undefined;
  }

  private write(row: Cell[]): void {
    if (row.length > this.columns.length) this.widen(row.length);
    for (let i = 0; i < this.columns.length; i++) this.pending.push(convertCell(row[i] ?? null, this.columns[i]!.plan));
    this.rows++;
    if (this.pending.length === this.batchRows * this.columns.length) {
      (this.batch ?? this.insert)!.run(this.pending);
      this.pending = [];
    }
  }

  /** Inserts the rows waiting for a full batch, one by one. */
  private flush(): void {
    const width = this.columns.length;
    for (let at = 0; at < this.pending.length; at += width) this.insert!.run(this.pending.slice(at, at + width));
    this.pending = [];
  }

  /** A row wider than the sample: its extra cells get text columns of their own. */
  private widen(width: number): void {
    // The rows waiting were converted for the narrower table.
    this.flush();
    const taken = new Set(this.columns.map((c) => c.name.toLowerCase()));
    for (let i = this.columns.length; i < width; i++) {
      const name = uniqueName(`column_${i + 1}`, taken);
      this.db.run(`ALTER TABLE ${quoteName(this.spec.name)} ADD COLUMN ${quoteName(name)} TEXT`);
      this.columns.push({name, type: 'text', plan: {type: 'text'}});
    }
    this.prepare();
  }
}
