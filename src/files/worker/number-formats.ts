/**
 * Numbers as files write them: `1234.5`, `1,234.5` (comma thousands) or `1234,5`, `1.234,5`
 * (comma decimals, as French or German exports do). One column uses one convention, so it is
 * chosen from the column's values; `1,234` alone could be either, and then the file's delimiter
 * decides (`;` files use comma decimals).
 */

/** Which character separates decimals in a column. */
export type DecimalMark = '.' | ',';

const PLAIN_INTEGER = /^[+-]?\d+$/;
const DOT_DECIMAL = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?$|^[+-]?\.\d+$/;
const COMMA_DECIMAL = /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

/** True for an integer written without separators, where leading zeros (`007`, a code) keep it text. */
export const isPlainInteger = (value: string) => PLAIN_INTEGER.test(value) && !/^[+-]?0\d/.test(value);

/** The decimal mark every value of a column fits, or undefined when they are not all numbers. */
export function decimalMarkOf(values: readonly string[], preferred: DecimalMark): DecimalMark | undefined {
  const numeric = (v: string) => !/^[+-]?0\d/.test(v) || /^[+-]?0[.,]/.test(v);
  if (!values.every(numeric)) return undefined;
  const dot = values.every((v) => DOT_DECIMAL.test(v));
  const comma = values.every((v) => COMMA_DECIMAL.test(v));
  if (dot && comma) return preferred;
  return dot ? '.' : comma ? ',' : undefined;
}

/** The number `value` writes with `mark` as decimal separator, or undefined when it is not one. */
export function parseNumber(value: string, mark: DecimalMark): number | undefined {
  if (isBareDecimal(value, mark)) return Number(mark === '.' ? value : value.replace(',', '.'));
  if (!(mark === '.' ? DOT_DECIMAL : COMMA_DECIMAL).test(value)) return undefined;
  // Most numbers have no separator to take out: no new string for them.
  const plain = mark === '.' ? (value.includes(',') ? value.replaceAll(',', '') : value) : value.replaceAll('.', '').replace(',', '.');
  const number = Number(plain);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * True for `12`, `-3` or `4.56` (`4,56` with a comma mark): digits with at most one mark followed
 * by digits, which every convention reads alike. Checked by character, since most cells of a
 * numeric column look so and the expressions above cost more (a second per 100 MB file).
 */
function isBareDecimal(value: string, mark: DecimalMark): boolean {
  const markCode = mark.charCodeAt(0);
  let i = value.charCodeAt(0) === 43 || value.charCodeAt(0) === 45 ? 1 : 0;
  const firstDigit = i;
  let seenMark = false;
  for (; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) continue;
    // A mark needs digits on both sides, and comes once.
    if (code !== markCode || seenMark || i === firstDigit || i === value.length - 1) return false;
    seenMark = true;
  }
  return value.length > firstDigit;
}
