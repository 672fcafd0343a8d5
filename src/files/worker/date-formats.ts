/**
 * Dates as files write them, stored as ISO 8601 text (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`) so
 * SQL sorts and compares them: ISO dates and datetimes, and `dd/mm/yyyy` (also with `.` or `-`),
 * read as `mm/dd/yyyy` only when the column proves it (some second part above 12, no first part).
 */

/** Which part of a slashed date is the day. */
export type DayOrder = 'dmy' | 'mdy';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a day that exists in the proleptic Gregorian calendar (what `Date` and SQLite use). */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** Digits of `value` from `start` to `end` as a number, or -1 when one is not a digit. */
function digitsAt(value: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

function iso(year: number, month: number, day: number, time?: [string | undefined, string | undefined, string | undefined]): string | undefined {
  if (!isRealDay(year, month, day)) return undefined;
  const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!time?.[0]) return text;
  const [h, m, s] = time.map((t) => Number(t ?? 0));
  if (h! > 23 || m! > 59 || s! > 59) return undefined;
  return `${text}T${pad(h!)}:${pad(m!)}:${pad(s!)}`;
}

/** The day order a column of slashed dates uses, or undefined when its values are not all dates of one order. */
export function dayOrderOf(values: readonly string[]): DayOrder | undefined {
  let dmy = true;
  let mdy = true;
  for (const value of values) {
    if (ISO.test(value)) {
      if (parseDate(value, 'dmy') === undefined) return undefined;
      continue;
    }
    const match = SLASHED.exec(value);
    if (!match) return undefined;
    const [a, b] = [Number(match[1]), Number(match[2])];
    if (a > 12 || b < 1 || a < 1) mdy = false;
    if (b > 12 || a < 1 || b < 1) dmy = false;
    if (parseDate(value, 'dmy') === undefined) dmy = false;
    if (parseDate(value, 'mdy') === undefined) mdy = false;
    if (!dmy && !mdy) return undefined;
  }
  return dmy ? 'dmy' : 'mdy';
}

/** `value` as ISO text, or undefined when it is no date (in `order` for slashed dates). */
export function parseDate(value: string, order: DayOrder): string | undefined {
  // Most dates in a file are already `YYYY-MM-DD`: checked digit by digit and kept as written
  // (a 100 MB file has millions of them; the expression and a rebuilt string cost a second).
  if (value.length === 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45) {
    const year = digitsAt(value, 0, 4);
    const month = digitsAt(value, 5, 7);
    const day = digitsAt(value, 8, 10);
    if (year >= 0 && month >= 0 && day >= 0) return isRealDay(year, month, day) ? value : undefined;
  }
  const isoMatch = ISO.exec(value);
  if (isoMatch) {
    const [, y, mo, d, h, mi, s, fraction, zone] = isoMatch;
    // A zone or fraction is kept as written: changing it would change the instant.
    if (fraction || zone) return iso(Number(y), Number(mo), Number(d)) && value.replace(' ', 'T');
    return iso(Number(y), Number(mo), Number(d), [h, mi, s]);
  }
  const match = SLASHED.exec(value);
  if (!match) return undefined;
  const [a, b] = [Number(match[1]), Number(match[2])];
  const [day, month] = order === 'dmy' ? [a, b] : [b, a];
  return iso(Number(match[3]), month, day, [match[4], match[5], match[6]]);
}
