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
