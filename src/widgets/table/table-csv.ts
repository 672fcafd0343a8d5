/**
 * CSV export of the table (RFC 4180), safe to open in a spreadsheet: a text cell that starts with
 * `=`, `+`, `-`, `@` (or a tab/carriage return) is prefixed with `'` so it is not run as a
 * formula (OWASP "CSV injection"). Real numbers are written as numbers, so `-3` stays numeric.
 */
import {cellValue, type ResolvedColumn, type TableRow} from './table-data.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, neutralised and quoted as RFC 4180 requires. */
export function csvField(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else {
    text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole table as CSV text: a header line of labels, then one line per row, CRLF line ends. */
export function toCsv(columns: ResolvedColumn[], rows: TableRow[], order?: readonly number[]): string {
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const i of order ?? rows.keys()) lines.push(columns.map((c) => csvField(cellValue(rows[i], c))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for the download, from the table title. */
export function csvFileName(title: string | undefined): string {
  const base = (title ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return `${base || 'table'}.csv`;
}
