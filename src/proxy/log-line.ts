/**
 * The proxy's log lines, built from fields rather than by pasting values into text: each value
 * the proxy does not choose itself (a model name, a visitor, an origin, an error message) is
 * quoted and escaped when it holds anything but plain characters, so a model name with a newline
 * cannot forge a second line, and a quote cannot end its field early.
 */

/** One field's value; undefined fields are left out. */
export type LogValue = string | number | boolean | undefined;

// Values made only of these need no quotes: what ids, paths, addresses and numbers are made of.
const PLAIN = /^[A-Za-z0-9._:/@+\-[\]]+$/;

/** `text` then `key=value` for each field, values quoted and escaped (JSON, non-ASCII as \u escapes) when not plain. */
export function logLine(text: string, fields: Record<string, LogValue> = {}): string {
  const parts = [text];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${key}=${formatValue(String(value))}`);
  }
  return parts.join(' ');
}

function formatValue(value: string): string {
  const short = value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (PLAIN.test(short)) return short;
  // JSON escapes quotes, backslashes and control characters; the rest of Unicode (U+2028, U+0085,
  // bidirectional marks) is escaped too, since some log viewers break or reorder lines on them.
  return JSON.stringify(short).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
