/**
 * Characters that could hide or reorder what a person reads, shown as escapes. Every card that
 * asks a person something (an approval, a sign-in, a server's question) shows text a server or a
 * model wrote, and what a person agrees to must be what they could read.
 */

/**
 * Control and format characters that could hide or reorder what a person reads (C0/C1 controls
 * but tab and newline, zero-width and bidi marks, overrides and isolates, the BOM).
 */
const HIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** `text` with its hidden characters shown as `\u{…}` escapes. */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
