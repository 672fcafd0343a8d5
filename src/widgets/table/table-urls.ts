/**
 * The URL rules applied to a table's cells as their rows are drawn. `widget_display` leaves a
 * table's rows to the table (`checkedWhenShown: ['rows']`): of 100,000 rows a person sees a few
 * dozen, and drawing is the only way a cell's URL can be loaded or followed. So every cell goes
 * through {@link cellRefusal} before it reaches the DOM, and the table remembers what it refused,
 * row by row as rows are first drawn, under the JSON Pointer `widget_display` would have named.
 */
import {safeHref} from '../../policy/url-rules.js';
import {cellValue, type ResolvedColumn, type TableRow} from './table-data.js';

/** One cell value the table refused to show, as `dropped_urls` names it. */
export interface RefusedCell {
  /** JSON Pointer into the params, e.g. `/rows/9999/site`. */
  path: string;
  reason: string;
}

/** A string that starts with a scheme that runs script or reads local data (as `widget_display`'s rules). */
const SCRIPT_CAPABLE = /^\s*(javascript|vbscript|data|file|blob):/i;

/**
 * Why `value` (a cell of `column`) must not be shown, or undefined when it may: a script-capable
 * URL anywhere, and in a `url` column anything that is not an absolute http(s) link.
 */
export function cellRefusal(value: unknown, column: ResolvedColumn): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (SCRIPT_CAPABLE.test(value)) return 'script-capable URLs are not allowed';
  if (column.type === 'url' && !safeHref(value)) return 'links must be absolute http(s) URLs';
  return undefined;
}

/** A JSON Pointer token (RFC 6901). */
const token = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** What a table refused so far, each row looked at once, when first drawn. */
export class ShownRowChecks {
  readonly #checked = new Set<number>();
  readonly #refused: RefusedCell[] = [];

  /** The cells refused so far, in the order their rows were first drawn. */
  get refused(): readonly RefusedCell[] {
    return this.#refused;
  }

  /** Forgets everything: new params are checked anew. */
  reset(): void {
    this.#checked.clear();
    this.#refused.length = 0;
  }

  /** Records the refused cells of `row` (its index in the params' `rows`) the first time it is drawn. */
  see(row: TableRow, rowIndex: number, columns: readonly ResolvedColumn[]): void {
    if (this.#checked.has(rowIndex)) return;
    this.#checked.add(rowIndex);
    for (const column of columns) {
      const reason = cellRefusal(cellValue(row, column), column);
      if (reason) this.#refused.push({path: `/rows/${rowIndex}/${token(Array.isArray(row) ? column.index : column.key)}`, reason});
    }
  }
}
