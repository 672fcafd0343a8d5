/**
 * The size bounds of what the Worker sends back. A file's cell can be megabytes of text (one
 * 20 MB cell made a 40 MB `describe`), and whatever the Worker answers is copied to the main
 * thread (a structured clone), turned into JSON there and kept in the run's results: so the Worker
 * cuts long text and stops adding rows before it answers, and a cut always says what was cut.
 */

/** Longest text of one cell in a query's rows. */
export const MAX_QUERY_CELL_CHARS = 2_000;
/** Longest text of one value in `describe` (min, max, a sample cell): enough to see what a column holds. */
export const MAX_SUMMARY_CELL_CHARS = 200;
/** Shortest cut of a cell, however wide the table: a wide table's cells are cut shorter, never to nothing. */
const MIN_CELL_CHARS = 20;
/**
 * About the most characters of JSON one answer (a query's rows, or one `describe`) carries. The
 * model reads 10,000 of them at once (the rest by `recall`), so more would only cost the page.
 */
export const MAX_ANSWER_CHARS = 200_000;

/** `text` cut to `max` characters, with a marker saying how many were left out. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${(text.length - max).toLocaleString('en')} more characters cut]`;
}

/** `value` with its text cut to `max` characters (numbers and nulls as they are). */
export const boundedValue = (value: unknown, max: number): unknown => (typeof value === 'string' ? cutText(value, max) : value);

/**
 * The longest cell for a table of `columns` columns, so one row stays within a share of
 * {@link MAX_ANSWER_CHARS}: `perRow` rows' worth of cells fit in the answer.
 */
export function cellLimit(max: number, columns: number, perRow: number): number {
  const share = Math.floor(MAX_ANSWER_CHARS / Math.max(1, columns * perRow));
  return Math.max(MIN_CELL_CHARS, Math.min(max, share));
}

/** Characters of JSON `value` takes, about (the Worker counts as it goes, without serialising twice). */
export function jsonChars(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + jsonChars(v) + 1, 2);
  if (value && typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + k.length + 4 + jsonChars(v), 2);
  return String(value).length;
}

/** Rows of full width an answer holds at least, before its cells are cut shorter. */
const FULL_ROWS = 10;

/** Why an answer holds fewer rows than asked: for the model, with what to do instead. */
const sizeCut = (rows: number) =>
  `Only the first ${rows.toLocaleString('en')} rows fit in one answer (about ${MAX_ANSWER_CHARS.toLocaleString('en')} characters): select fewer or shorter columns, aggregate, or page with LIMIT and OFFSET.`;

/** A query's answer as both engines give it: at most `maxRows` rows, cells cut, about {@link MAX_ANSWER_CHARS} in all. */
export interface BoundedAnswer {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  cut?: string;
}

/**
 * The first `maxRows` of `rows` (plain JSON values), as many as fit in {@link MAX_ANSWER_CHARS},
 * each cell cut to what the width of `columns` leaves it. Reads no row past the last one kept.
 */
export function boundedAnswer(columns: string[], rows: Iterable<unknown[]>, maxRows: number): BoundedAnswer {
  const limit = cellLimit(MAX_QUERY_CELL_CHARS, columns.length, FULL_ROWS);
  const kept: unknown[][] = [];
  let chars = jsonChars(columns);
  for (const plain of rows) {
    if (kept.length === maxRows) return {columns, rows: kept, truncated: true};
    const row = plain.map((value) => boundedValue(value, limit));
    chars += jsonChars(row) + 1;
    // The first row always comes back: its cells are cut short enough to fit.
    if (kept.length > 0 && chars > MAX_ANSWER_CHARS) return {columns, rows: kept, truncated: true, cut: sizeCut(kept.length)};
    kept.push(row);
  }
  return {columns, rows: kept, truncated: false};
}
