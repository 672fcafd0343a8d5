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

/** Whether `code` is a character `\s` matches (JavaScript's white space and line terminators). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * True when `text` has `LONG_WORD` non-space characters in a row. It looks at the last character
 * of each window first and scans back only to the nearest space, then jumps past it, so ordinary
 * text costs a few reads per window: a regular expression (`\S{200}`) retries at every position,
 * 0.19 s for 5 MB of prose, on the main thread, before the widget shows a line.
 */
function hasLongRun(text: string): boolean {
  let start = 0;
  while (start + LONG_WORD <= text.length) {
    let at = start + LONG_WORD - 1;
    while (at >= start && !isSpace(text.charCodeAt(at))) at--;
    if (at < start) return true;
    start = at + 1;
  }
  return false;
}

/** True when any string in `value` (searched through arrays and objects) has a very long word. */
export function hasLongWord(value: unknown): boolean {
  const stack: unknown[] = [value];
  // A bound on the walk: params are validated trees, but a hostile one may be huge.
  for (let seen = 0; stack.length && seen < 100_000; seen++) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.length >= LONG_WORD && hasLongRun(next)) return true;
    } else if (next && typeof next === 'object') {
      for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push(child);
    }
  }
  return false;
}
