/**
 * JSON values to rows: each record (an object) flattened by path (`{"address": {"city": "Paris"}}`
 * gives the column `address_city`), arrays kept as JSON text, the columns in the order their keys
 * first appear. A record that is not an object becomes one `value` column. At most 1,000 columns:
 * a file whose keys go past that (ids used as keys, say) is refused rather than read as a table.
 */
import type {ColumnType} from '../file-types.js';
import type {Cell} from './column-types.js';
import {MAX_COLUMNS, tooWide} from './table-builder.js';

/**
 * The column types a JSON column may take, from the JSON types of its values: numbers stay
 * numbers, booleans booleans, and strings text (or dates): `"75001"` is a code, not 75,001.
 */
const ALLOWED: Record<string, ColumnType[]> = {number: ['integer', 'real'], boolean: ['boolean'], string: ['date'], object: []};

/** Collects records as rows of cells over a growing list of column paths. */
export class RecordRows {
  readonly paths: string[] = [];
  readonly rows: Cell[][] = [];
  /** Per column, the JSON types of its values. */
  private readonly kinds: Set<string>[] = [];
  private index = new Map<string, number>();

  constructor(private readonly fileName: string) {}

  /** Adds one record. */
  add(record: unknown): void {
    const row: Cell[] = [];
    if (record !== null && typeof record === 'object' && !Array.isArray(record)) this.flatten(record as Record<string, unknown>, '', row);
    else this.set('value', record, row);
    this.rows.push(row);
  }

  private flatten(object: Record<string, unknown>, prefix: string, row: Cell[]): void {
    for (const [key, value] of Object.entries(object)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) this.flatten(value as Record<string, unknown>, path, row);
      else this.set(path, value, row);
    }
  }

  private set(path: string, value: unknown, row: Cell[]): void {
    let column = this.index.get(path);
    if (column === undefined) {
      if (this.paths.length >= MAX_COLUMNS) throw tooWide(this.fileName);
      column = this.paths.push(path) - 1;
      this.index.set(path, column);
      this.kinds.push(new Set());
    }
    if (value !== null && value !== undefined) this.kinds[column]!.add(typeof value);
    row[column] = cellOf(value);
  }

  /** Per column, the types its values allow (one JSON type) or none (mixed: text). */
  allowedTypes(): ColumnType[][] {
    return this.kinds.map((kinds) => (kinds.size === 1 ? (ALLOWED[[...kinds][0]!] ?? []) : []));
  }
}

/** A JSON value as a cell: strings as they are, numbers and booleans as their text, the rest as JSON. */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
