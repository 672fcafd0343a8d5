/**
 * Reads a request body as a JSON object, refusing what would make the proxy fail later rather
 * than answer: bytes that are not UTF-8 JSON, a value that is not an object, and nesting deeper
 * than any model request needs. `JSON.parse` takes a million nested arrays, but serialising them
 * again overflows the stack: that was a 500 where the client's mistake deserves a 400.
 */

/** Deepest nesting of objects and arrays a request body may have (tool schemas rarely pass 20). */
export const MAX_JSON_DEPTH = 100;

/** The parsed object, or why the body is not one. */
export function parseJsonObject(bytes: Uint8Array): {value: Record<string, unknown>} | {problem: string} {
  let text: string;
  try {
    text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    return {problem: 'The request body is not UTF-8 text.'};
  }
  if (nestingOver(text, MAX_JSON_DEPTH)) return {problem: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {problem: 'The request body is not a JSON object.'};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {problem: 'The request body is not a JSON object.'};
  return {value: parsed as Record<string, unknown>};
}

/** Whether `[` and `{` outside strings nest deeper than `max`, in one pass without recursion. */
function nestingOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
