/**
 * The limits of one message an MCP server sends (an answer, a question, a notification), checked
 * before the MCP SDK reads it: the SDK parses and checks the shape of every message (zod) on the
 * page's main thread before any code of ours sees it, and that work grows with the message.
 * Measured in Chromium on a busy two-core machine: a 12 MB tool result held the thread 252 ms in
 * the SDK, an object of 16,000 keys 234 ms, a question of 2,000 to 4,000 fields 148 to 390 ms
 * (about 0.1 ms a field). Under these limits the SDK's own work stays well below 200 ms, while a
 * tool result of a few megabytes, a table of thousands of rows, or a form of a few dozen fields
 * passes untouched.
 */

/** The largest message, in characters of its JSON text (bytes, for plain JSON): 4 MB. */
export const MAX_MESSAGE_CHARS = 4_000_000;

/**
 * The most keys one JSON object of a message may have. The costly case is a question's fields,
 * each checked against every kind a field may be (about 0.1 ms each): 500 keep that near 50 ms,
 * far above the 40 fields a question card draws.
 */
export const MAX_OBJECT_KEYS = 500;

/** The most values (objects, arrays, strings, numbers...) in one message, outside its structured content. */
export const MAX_MESSAGE_VALUES = 50_000;

/**
 * The limits inside a tool result's `structuredContent`, wider than the rest: the SDK checks only
 * its top-level keys (16,000 held the thread 234 ms, so 5,000 keep it near 75 ms) and takes what
 * they hold as it is, while a result's data (a table of thousands of rows, a series keyed by day)
 * is what a data server exists to send.
 */
export const STRUCTURED_CONTENT_LIMITS = {keys: 5_000, values: 200_000} as const;

/** The method of the stand-in request a refused server request becomes (see {@link refusedRequest}). */
export const REFUSED_REQUEST_METHOD = 'autoui/refused-request';

/** A JSON-RPC id. */
export type MessageId = string | number;

/** What a message is, as far as its limits are concerned. */
export interface MessageCheck {
  /** Why it is refused, in words; undefined when it is within the limits. */
  overLimit?: string;
  /** Its JSON-RPC `id`, when it has one. */
  id?: MessageId;
  /** Its `method` (a request or a notification), when it has one. */
  method?: string;
}

/** `chars` as megabytes, to one decimal (0.1 MB at least, so a small size never reads "0 MB"). */
export const megabytes = (chars: number): string => `${Math.max(0.1, Math.round(chars / 100_000) / 10)} MB`;

/** Why a message of `chars` characters is refused (after "the server's answer"). */
export const tooLargeText = (chars: number): string => `was too large: ${megabytes(chars)}; this page takes up to ${megabytes(MAX_MESSAGE_CHARS)} in one message`;

/**
 * Checks the JSON text of one message (already known to be under {@link MAX_MESSAGE_CHARS}).
 * Text that is not JSON is passed on as it is: the SDK reports it in its own words.
 */
export function checkMessage(text: string): MessageCheck {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return {};
  }
  const {id, method} = identity(message);
  const over = overLimitWithStructuredContent(message);
  return {id, method, ...(over ? {overLimit: over} : {})};
}

/** The `id` and `method` of a parsed message (the first of a batch). */
function identity(message: unknown): {id?: MessageId; method?: string} {
  const first = Array.isArray(message) ? message[0] : message;
  if (!first || typeof first !== 'object') return {};
  const {id, method} = first as {id?: unknown; method?: unknown};
  return {
    ...(typeof id === 'string' || typeof id === 'number' ? {id} : {}),
    ...(typeof method === 'string' ? {method} : {}),
  };
}

/**
 * Why `message` has too many keys or values, or undefined: a tool result's `structuredContent`
 * is held to {@link STRUCTURED_CONTENT_LIMITS}, everything else (the questions a 2026-07-28 answer
 * carries among them) to {@link MAX_OBJECT_KEYS} and {@link MAX_MESSAGE_VALUES}.
 */
function overLimitWithStructuredContent(message: unknown): string | undefined {
  const result = message !== null && typeof message === 'object' && !Array.isArray(message) ? (message as {result?: unknown}).result : undefined;
  const data = result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as {structuredContent?: unknown}).structuredContent : undefined;
  if (data === undefined || data === null || typeof data !== 'object') return shapeOverLimit(message, MAX_OBJECT_KEYS, MAX_MESSAGE_VALUES);
  const rest = {...(message as object), result: {...(result as object), structuredContent: null}};
  return shapeOverLimit(data, STRUCTURED_CONTENT_LIMITS.keys, STRUCTURED_CONTENT_LIMITS.values) ?? shapeOverLimit(rest, MAX_OBJECT_KEYS, MAX_MESSAGE_VALUES);
}

/** Why `value` has more than `maxKeys` keys in an object or `maxValues` values, or undefined; stops counting at the first limit passed. */
function shapeOverLimit(value: unknown, maxKeys: number, maxValues: number): string | undefined {
  const tooMany = `had more than ${maxValues.toLocaleString('en')} values; this page takes up to that many in one message`;
  let values = 0;
  // An explicit stack: a message nested thousands deep must not overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (++values > maxValues) return tooMany;
    if (next === null || typeof next !== 'object') continue;
    const items = Array.isArray(next) ? next : Object.values(next);
    if (!Array.isArray(next) && items.length > maxKeys) return `had an object of ${items.length.toLocaleString('en')} keys; this page takes up to ${maxKeys.toLocaleString('en')} in one object`;
    if (values + stack.length + items.length > maxValues + 1) return tooMany;
    for (const item of items) stack.push(item);
  }
  return undefined;
}

/**
 * The `id` and `method` of a message too large to parse, read from its first and last characters
 * (JSON-RPC messages put them either before or after their large part). Used only to answer the
 * server; a guess that fails leaves the caller's own request id.
 */
export function identityOfLarge(head: string, tail: string): {id?: MessageId; method?: string} {
  const idValue = /^\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/;
  const headId = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:(.*)/s.exec(head)?.[1];
  const tailId = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*\}\s*$/.exec(tail)?.[1];
  const raw = (headId !== undefined ? idValue.exec(headId)?.[1] : undefined) ?? tailId;
  const method = /^\s*\{(?:\s*"(?:jsonrpc|id)"\s*:\s*(?:"[^"]*"|-?\d+)\s*,)*\s*"method"\s*:\s*"([^"\\]{1,200})"/.exec(head)?.[1] ?? /"method"\s*:\s*"([^"\\]{1,200})"\s*(?:,\s*"(?:jsonrpc|id)"\s*:\s*(?:"[^"]*"|-?\d+)\s*)*\}\s*$/.exec(tail)?.[1];
  let id: MessageId | undefined;
  try {
    id = raw === undefined ? undefined : (JSON.parse(raw) as MessageId);
  } catch {
    id = undefined;
  }
  return {...(id !== undefined ? {id} : {}), ...(method ? {method} : {})};
}

/**
 * What the SDK is given instead of a message over the limits: for a request of the server, a
 * stand-in request the client refuses with `reason` (so the server gets a JSON-RPC error for its
 * request); for an answer, an error answer to `fallbackId` (our own request) when it has no id
 * of its own; for a notification, or an answer whose request is unknown, nothing (undefined).
 */
export function replacement(check: MessageCheck, reason: string, fallbackId?: MessageId): string | undefined {
  if (check.method !== undefined) {
    if (check.id === undefined) return undefined;
    const refusal = `The server's request ${check.method} ${reason}; it was refused`;
    return JSON.stringify({jsonrpc: '2.0', id: check.id, method: REFUSED_REQUEST_METHOD, params: {method: check.method, reason: refusal}});
  }
  const id = check.id ?? fallbackId;
  if (id === undefined) return undefined;
  return JSON.stringify({jsonrpc: '2.0', id, error: {code: -32603, message: `The server's answer ${reason}.`}});
}
