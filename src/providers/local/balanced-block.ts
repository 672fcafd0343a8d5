/**
 * Where a bracketed block that a model wrote ends: the `}` or `]` that closes the `{` or `[` it
 * starts with, skipping brackets inside strings. Small models write their tool calls as text, and
 * a call's arguments hold anything (code, braces in a string, another call's example), so the end
 * is found by balance, never by the first closing bracket or by a regular expression.
 */

/** How strings are written in the block: JSON's quotes, or a delimiter such as Gemma 4's `<|"|>`. */
export interface StringSyntax {
  /** Opens and closes a string. */
  readonly quote: string;
  /** True when a backslash escapes the next character inside a string (JSON); false for raw delimiters. */
  readonly escapes: boolean;
}

/** JSON strings: `"…"` with backslash escapes. */
export const JSON_STRINGS: StringSyntax = {quote: '"', escapes: true};

/** The most nested brackets a block may hold: deeper is no tool call a person could read. */
const MAX_DEPTH = 64;

/**
 * The index just past the bracket that closes the block opening at `start` (`text[start]` is `{`
 * or `[`), or -1 when it never closes, closes with the wrong bracket, or nests deeper than
 * {@link MAX_DEPTH}.
 */
export function balancedEnd(text: string, start: number, strings: StringSyntax = JSON_STRINGS): number {
  const closers: string[] = [];
  for (let i = start; i < text.length; i++) {
    if (text.startsWith(strings.quote, i)) {
      const end = stringEnd(text, i + strings.quote.length, strings);
      if (end < 0) return -1;
      i = end - 1;
      continue;
    }
    const c = text[i];
    if (c === '{' || c === '[') {
      if (closers.length === MAX_DEPTH) return -1;
      closers.push(c === '{' ? '}' : ']');
    } else if (c === '}' || c === ']') {
      if (closers.pop() !== c) return -1;
      if (closers.length === 0) return i + 1;
    } else if (i === start) {
      return -1;
    }
  }
  return -1;
}

/** The index just past the string whose content starts at `from`, or -1 when it never closes. */
function stringEnd(text: string, from: number, strings: StringSyntax): number {
  for (let i = from; i < text.length; i++) {
    if (strings.escapes && text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(strings.quote, i)) return i + strings.quote.length;
  }
  return -1;
}
