/**
 * JSON that came from somewhere we do not trust (a snapshot, a share link, a stored copy), made
 * into a plain tree of bounded size before anything else reads it: no more than so many
 * characters, values and levels of nesting, no cycles, nothing but JSON values, and no
 * `__proto__` keys (a key that, assigned anywhere later with `obj[key] = ...`, would change an
 * object's prototype instead of adding a property). The walk is iterative, so a hostile depth
 * fails with a clear error instead of overflowing the stack.
 */

/** How large untrusted JSON may be. */
export interface JsonLimits {
  /** Characters of JSON text. */
  maxChars: number;
  /** Values (objects, arrays, strings, numbers, ...) in the whole tree. */
  maxValues: number;
  /** Levels of nesting (`{}` at the top is 1). */
  maxDepth: number;
}

/** Why untrusted JSON was refused. */
export type JsonRefusal = {reason: 'too-large' | 'too-many-values' | 'too-deep' | 'not-json'; message: string};

/** The outcome of {@link readUntrustedJson}. */
export type UntrustedJson = {ok: true; value: unknown} | ({ok: false} & JsonRefusal);

/**
 * Reads `input` (JSON text, or a value a page handed over) into a fresh plain tree within `limits`.
 * Never throws: a refusal says why.
 */
export function readUntrustedJson(input: unknown, limits: JsonLimits): UntrustedJson {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      // A page's object may hold cycles, getters, class instances, BigInts: JSON keeps only data.
      const written = JSON.stringify(input);
      if (written === undefined) return refuse('not-json', 'The snapshot is not a JSON value.');
      text = written;
    } catch (error) {
      return refuse('not-json', `The snapshot cannot be written as JSON (${(error as Error).message}).`);
    }
  }
  if (text.length > limits.maxChars) return refuse('too-large', `The snapshot is ${text.length} characters of JSON; at most ${limits.maxChars} are read.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refuse('not-json', `The snapshot is not valid JSON (${(error as Error).message}).`);
  }
  return boundTree(value, limits);
}

/** Walks a parsed tree: counts values and depth, removes `__proto__` keys. */
function boundTree(root: unknown, limits: JsonLimits): UntrustedJson {
  const stack: Array<{value: unknown; depth: number}> = [{value: root, depth: 1}];
  let values = 0;
  while (stack.length) {
    const {value, depth} = stack.pop()!;
    if (++values > limits.maxValues) return refuse('too-many-values', `The snapshot holds more than ${limits.maxValues} values.`);
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth) return refuse('too-deep', `The snapshot nests deeper than ${limits.maxDepth} levels.`);
    if (Array.isArray(value)) {
      for (const item of value) stack.push({value: item, depth: depth + 1});
      continue;
    }
    const record = value as Record<string, unknown>;
    if (Object.prototype.hasOwnProperty.call(record, '__proto__')) delete record.__proto__;
    for (const key of Object.keys(record)) stack.push({value: record[key], depth: depth + 1});
  }
  return {ok: true, value: root};
}

function refuse(reason: JsonRefusal['reason'], message: string): UntrustedJson {
  return {ok: false, reason, message};
}
