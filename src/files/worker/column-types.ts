/**
 * Each column's type, detected from a sample of its values, and every value converted to it. The
 * rule when a later value does not fit (the sample said numbers, row 90,000 says "n/a"): that
 * value is stored as its text in that row (SQLite keeps a value's own type), and the column keeps
 * its type; nothing fails and nothing is lost.
 */
import type {ColumnType} from '../file-types.js';
import {dayOrderOf, parseDate, type DayOrder} from './date-formats.js';
import {decimalMarkOf, isPlainInteger, parseNumber, type DecimalMark} from './number-formats.js';

/** How a column's values are converted. */
export interface ColumnPlan {
  type: ColumnType;
  mark?: DecimalMark;
  order?: DayOrder;
}

/** A cell as read: its text, or null when empty. */
export type Cell = string | null;

/** A value as stored in SQLite. */
export type SqlValue = string | number | null;

const TRUE = new Set(['true', 'yes', 'oui', 'vrai']);
const FALSE = new Set(['false', 'no', 'non', 'faux']);
const isBoolean = (v: string) => TRUE.has(v.toLowerCase()) || FALSE.has(v.toLowerCase());

/** The type of a column from its non-empty sample values; `preferred` settles `1,234`. */
export function planColumn(values: readonly string[], preferred: DecimalMark): ColumnPlan {
  if (values.length === 0) return {type: 'text'};
  if (values.every(isPlainInteger) && values.every((v) => Number.isSafeInteger(Number(v)))) return {type: 'integer', mark: '.'};
  const mark = decimalMarkOf(values, preferred);
  if (mark) {
    const numbers = values.map((v) => parseNumber(v, mark)!);
    const integral = numbers.every(Number.isSafeInteger) && !values.some((v) => v.includes(mark) || /e/i.test(v));
    return {type: integral ? 'integer' : 'real', mark};
  }
  if (values.every(isBoolean)) return {type: 'boolean'};
  const order = dayOrderOf(values);
  if (order) return {type: 'date', order};
  return {type: 'text'};
}

/** True when `value` is of a type other than text (a number, date or boolean): header cells are not. */
export function looksTyped(value: string): boolean {
  return planColumn([value], '.').type !== 'text';
}

/** `cell` converted as `plan` says, or its text when it does not fit. */
export function convertCell(cell: Cell, plan: ColumnPlan): SqlValue {
  if (cell === null) return null;
  switch (plan.type) {
    case 'integer':
    case 'real': {
      const number = parseNumber(cell, plan.mark ?? '.');
      if (number === undefined || (plan.type === 'integer' && !Number.isSafeInteger(number))) return cell;
      return number;
    }
    case 'boolean': {
      const lower = cell.toLowerCase();
      return TRUE.has(lower) ? 1 : FALSE.has(lower) ? 0 : cell;
    }
    case 'date':
      return parseDate(cell, plan.order ?? 'dmy') ?? cell;
    default:
      return cell;
  }
}

/** The SQLite column type a plan declares (dates and text as TEXT, booleans as INTEGER 1/0). */
export function sqlTypeOf(type: ColumnType): string {
  return type === 'integer' || type === 'boolean' ? 'INTEGER' : type === 'real' ? 'REAL' : 'TEXT';
}
