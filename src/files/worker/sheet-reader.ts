/**
 * XLSX and ODS with SheetJS: each sheet that has cells becomes rows of cells. Formulas are never
 * evaluated: a formula cell gives the value the spreadsheet saved with it (`=HYPERLINK(...)` its
 * text), and nothing of the file is turned into markup. The archive passes the zip-bomb guard first.
 */
// @e965/xlsx is SheetJS Community Edition 0.20.3 on npm: the `xlsx` package there stops at 0.18.5,
// which has a prototype-pollution flaw on crafted files and a ReDoS that 0.20.3 fixes.
import {read} from '@e965/xlsx';
import type {Cell} from './column-types.js';
import {FileUnreadable} from './failures.js';
import {checkZip} from './zip-guard.js';

/** One sheet's rows. */
export interface SheetRows {
  sheet: string;
  rows: Cell[][];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet value as a cell: dates (SheetJS gives them right in UTC) as ISO text, the date alone at midnight; numbers as their text. */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return time === '00:00:00' ? date : `${date}T${time}`;
  }
  return String(value);
}

/** The non-empty sheets of a spreadsheet, in the workbook's order. */
export function readSheets(bytes: Uint8Array, fileName: string): SheetRows[] {
  checkZip(bytes, fileName);
  let workbook;
  try {
    workbook = read(bytes, {type: 'array', dense: true, cellFormula: false, cellHTML: false, cellDates: true, cellStyles: false, bookVBA: false});
  } catch (error) {
    throw new FileUnreadable(`"${fileName}" could not be read as a spreadsheet (${error instanceof Error ? error.message : String(error)}).`);
  }
  const sheets: SheetRows[] = [];
  for (const sheet of workbook.SheetNames) {
    const worksheet = workbook.Sheets[sheet];
    if (!worksheet) continue;
    // The cells themselves, not the sheet's declared range: a range of A1:XFD1048576 around three
    // cells would otherwise be walked cell by cell.
    const rows = Array.from(worksheet['!data'] ?? [], (row) => Array.from(row ?? [], (cell) => cellOf(cell?.t === 'e' ? cell.w : cell?.v)));
    if (rows.some((row) => row.some((cell) => cell !== null))) sheets.push({sheet, rows});
  }
  return sheets;
}
