/**
 * How deep JSON text nests, measured on the text before `JSON.parse` sees it: a file of a million
 * `[` would otherwise exhaust the parser's stack (or the flattening's) instead of being refused.
 */
import {FileUnreadable} from './failures.js';

/** The deepest nesting read. */
export const MAX_DEPTH = 32;

/** Throws `FileUnreadable` when `text` nests deeper than {@link MAX_DEPTH} (brackets in strings do not count). */
export function checkDepth(text: string, what: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      if (++depth > MAX_DEPTH) throw new FileUnreadable(`${what} is nested deeper than ${MAX_DEPTH} levels; it is not read.`);
    } else if (code === 93 /* ] */ || code === 125 /* } */) depth--;
  }
}
