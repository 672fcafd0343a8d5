/**
 * Whether a table's first row names its columns: every cell of it is non-empty text (no number,
 * date or boolean), its cells are distinct, and none of them comes back in its column below.
 * `name,age` above `Ada,36` is a header; `Ada,36` above `Bob,41` is data, and so is a file of one
 * row; their columns become `column_1`, `column_2`, …
 */
import {looksTyped, type Cell} from './column-types.js';

/** True when the first row of `sample` is a header. */
export function hasHeaderRow(sample: readonly Cell[][]): boolean {
  const [first, ...rest] = sample;
  if (!first || rest.length === 0) return false;
  if (first.some((cell) => cell === null || looksTyped(cell))) return false;
  if (new Set(first).size !== first.length) return false;
  return first.every((name, column) => !rest.some((row) => row[column] === name));
}
