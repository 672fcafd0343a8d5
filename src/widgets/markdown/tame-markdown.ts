/**
 * Markdown that no document needs, made cheap to render. marked parses nesting recursively and
 * matches emphasis delimiters pairwise, so a few kilobytes of hostile text (3,000 `>`, lists 800
 * levels deep, a thousand nested `*a`) overflow its stack or take seconds; a share link fits many.
 * Two bounds, in one linear pass over the lines, outside code (fenced blocks, indented code and
 * code spans keep every character):
 * - a line whose containers (`>` and list markers, with the indentation between them) take more
 *   than 60 characters has them written as plain characters (20 levels of real nesting need 40);
 * - a block (lines between blank lines; a table row on its own, as its cells are parsed apart)
 *   with more than 400 emphasis delimiters (`*`, `_`, `~`) has them written as plain characters.
 * Text within those bounds is left exactly as it is.
 */

/** Characters of container prefix (quotes, list markers and their indentation) a line may have. */
const MAX_PREFIX = 60;
/** Emphasis delimiters a block may have. */
const MAX_DELIMITERS = 400;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** The containers a line opens: indentation, `>` and list markers (`-`, `*`, `+`, `1.`, `1)`), as one prefix. */
const CONTAINERS = /^(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)))+[ \t]*/;
const DELIMITERS = /[*_~]/g;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/** `text` with its markdown punctuation escaped (a backslash before each), so it shows as written. */
const escapePunctuation = (text: string) => text.replace(/[>*+\-_~.)\d]/g, (c) => (/\d/.test(c) ? c : `\\${c}`));
/** `text` with its emphasis delimiters escaped, outside code spans. */
const escapeDelimiters = (text: string) => replaceOutsideCode(text, (part) => part.replace(DELIMITERS, '\\$&'));

/** How many emphasis delimiters `text` has outside code spans. */
function countDelimiters(text: string): number {
  let count = 0;
  replaceOutsideCode(text, (part) => {
    count += part.match(DELIMITERS)?.length ?? 0;
    return part;
  });
  return count;
}

/** Applies `change` to the parts of `text` that are not code spans. */
function replaceOutsideCode(text: string, change: (part: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    out += change(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + change(text.slice(last));
}

/** `markdown` within the bounds of the module comment. */
export function tameMarkdown(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let blockStart = 0;
  let delimiters = 0;
  /** Escapes the emphasis of the block that ends before `end`, if it has too many delimiters. */
  const closeBlock = (end: number) => {
    if (delimiters > MAX_DELIMITERS) for (let i = blockStart; i < end; i++) lines[i] = escapeDelimiters(lines[i]);
    blockStart = end + 1;
    delimiters = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence !== undefined) {
      // Code keeps every character; its block ends at the closing fence.
      if (line.trimStart().startsWith(fence)) fence = undefined;
      blockStart = i + 1;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      closeBlock(i);
      fence = opening[1];
      continue;
    }
    if (!line.trim()) {
      closeBlock(i);
      continue;
    }
    // Indented code (four spaces after a blank line, outside any container) keeps every character.
    if (i === blockStart && /^(?: {4}|\t)/.test(line) && !CONTAINERS.exec(line.trimStart())?.[0].trim()) {
      blockStart = i + 1;
      continue;
    }
    const prefix = CONTAINERS.exec(line)?.[0] ?? '';
    if (prefix.length > MAX_PREFIX && /[>*+\-.)]/.test(prefix)) lines[i] = escapePunctuation(prefix.replace(/[ \t]+/g, ' ')) + line.slice(prefix.length);
    // A table's cells are parsed one by one: its rows count on their own.
    if (TABLE_ROW.test(lines[i])) {
      if (countDelimiters(lines[i]) > MAX_DELIMITERS) lines[i] = escapeDelimiters(lines[i]);
      continue;
    }
    delimiters += countDelimiters(lines[i]);
  }
  closeBlock(lines.length);
  return lines.join('\n');
}
