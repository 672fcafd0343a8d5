/**
 * Text with a very long unbroken word (a hash, base64, a minified blob, a hostile payload) makes
 * Chromium shape the word again at every line break when the font kerns, which with
 * `overflow-wrap: anywhere` takes time that grows with the square of its length: 0.6 s for 20,000
 * characters with the default `system-ui` font on Linux, minutes for 1 MB, with the page frozen.
 * Without kerning the same text lays out in milliseconds. So text that has such a word is shown
 * without kerning (invisible in a word nobody reads letter by letter), and all other text keeps it.
 */

/** A run of non-space characters this long or longer counts as a very long word. */
export const LONG_WORD = 200;

/**
 * A run of `LONG_WORD` non-space characters, anchored where a run begins: the same texts match as
 * with `\S{LONG_WORD}`, but the engine no longer retries inside every word (0.12 s on the main
 * thread for 5 MB of prose, before the widget showed a line; 16 ms anchored).
 */
const LONG_RUN = new RegExp(`(?:^|\\s)\\S{${LONG_WORD}}`);

/** True when any string in `value` (searched through arrays and objects) has a very long word. */
export function hasLongWord(value: unknown): boolean {
  const stack: unknown[] = [value];
  // A bound on the walk: params are validated trees, but a hostile one may be huge.
  for (let seen = 0; stack.length && seen < 100_000; seen++) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.length >= LONG_WORD && LONG_RUN.test(next)) return true;
    } else if (next && typeof next === 'object') {
      for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push(child);
    }
  }
  return false;
}
