/**
 * Tool calls read from what a small model wrote as text. A GGUF model's chat template makes it
 * call tools in its own family's words, and small models often write them even where a runtime
 * does not turn them into calls: this reads each format they really emit, so a call is a call
 * whichever model the page chose.
 *
 * - Gemma 4: `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:1}<tool_call|>`, thinking in
 *   `<|channel>thought…<channel|>`;
 * - Qwen and Hermes (and the models trained on their template): `<tool_call>{"name": …,
 *   "arguments": {…}}</tool_call>`, thinking in `<think>…</think>`;
 * - Mistral: `[TOOL_CALLS][{"name": …, "arguments": {…}}]`, or `[TOOL_CALLS]NAME[ARGS]{…}`;
 * - Llama 3 and Gemma 3: the whole answer is one JSON call `{"name": …, "parameters": {…}}`
 *   (Llama may lead with `<|python_tag|>`, Gemma 3 may fence it in a code block), or several.
 *
 * The text is untrusted. A tagged call inside a fenced code block is the model showing code, not
 * calling: it stays text. A bare JSON answer is a call only when it names an offered tool, so an
 * answer that is JSON data stays an answer. Arguments that cannot be read become the call's
 * `inputError` (the loop tells the model and runs nothing), and thinking is split off, never the
 * answer. DOM-free.
 */
import {parseToolInput} from '../parse-tool-input.js';
import {balancedEnd, type StringSyntax} from './balanced-block.js';
import {GEMMA_QUOTE, readGemmaValue} from './gemma-native-value.js';

/** The families whose call formats are read. */
export type ToolCallFormat = 'gemma' | 'hermes' | 'mistral' | 'json';

/** One call read from the text. */
export interface TextToolCall {
  /** The tool's name, as the model wrote it (the loop routes it, or tells the model it is unknown). */
  name: string;
  /** The arguments; `{}` when `inputError` is set. */
  input: Record<string, unknown>;
  /** Why the arguments cannot be used: the call is reported to the model and never runs. */
  inputError?: string;
  format: ToolCallFormat;
}

/** What a model's text says. */
export interface ParsedModelText {
  /** The answer to show, without calls and thinking, trimmed. */
  text: string;
  /** The model's thinking, shown apart (collapsed), never sent back as the answer. */
  thinking?: string;
  /** The calls, in the order written. */
  calls: TextToolCall[];
}

/** Options of {@link parseToolCalls}. */
export interface ParseToolCallsOptions {
  /** The offered tools' names: a bare JSON answer is a call only when it names one of them. */
  tools?: Iterable<string>;
}

/** Characters of one call past which its arguments are not read (a model that runs away). */
export const MAX_CALL_CHARS = 200_000;
/** Calls read from one answer; later ones are left as text. */
export const MAX_CALLS = 16;

const THINKING: ReadonlyArray<[open: string, close: string]> = [
  ['<think>', '</think>'],
  ['<|channel>thought', '<channel|>'],
];
const GEMMA_STRINGS: StringSyntax = {quote: GEMMA_QUOTE, escapes: false};

/** Reads `raw`, a model's whole answer for one turn. See the module comment. */
export function parseToolCalls(raw: string, options: ParseToolCallsOptions = {}): ParsedModelText {
  const {text: visible, thinking} = splitThinking(raw);
  const fences = fencedRanges(visible);
  const found = [...gemmaCalls(visible), ...hermesCalls(visible), ...mistralCalls(visible)]
    .filter((call) => !fences.some(([from, to]) => call.start >= from && call.start < to))
    .sort((a, b) => a.start - b.start);
  const calls: TextToolCall[] = [];
  let text = '';
  let at = 0;
  for (const block of found) {
    if (block.start < at || calls.length >= MAX_CALLS) continue;
    text += visible.slice(at, block.start);
    calls.push(...block.calls.slice(0, MAX_CALLS - calls.length));
    at = block.end;
  }
  text += visible.slice(at);
  if (calls.length === 0) {
    const bare = bareJsonCalls(text, new Set(options.tools ?? []));
    if (bare) return withThinking({text: '', calls: bare}, thinking);
  }
  return withThinking({text: text.trim(), calls}, thinking);
}

/** The calls written at `[start, end)` of the visible text (one, or a list written together). */
interface Found {
  start: number;
  end: number;
  calls: TextToolCall[];
}

const withThinking = (parsed: ParsedModelText, thinking: string): ParsedModelText => (thinking ? {...parsed, thinking} : parsed);

/** The text without its thinking blocks, and their content; an unclosed block runs to the end (the model was cut off while thinking). */
function splitThinking(raw: string): {text: string; thinking: string} {
  let text = raw;
  const thoughts: string[] = [];
  for (const [open, close] of THINKING) {
    for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, start)) {
      const end = text.indexOf(close, start + open.length);
      thoughts.push(text.slice(start + open.length, end < 0 ? undefined : end).trim());
      text = text.slice(0, start) + (end < 0 ? '' : text.slice(end + close.length));
    }
  }
  return {text, thinking: thoughts.filter(Boolean).join('\n\n')};
}

/** The `[start, end)` ranges of the text's fenced code blocks (```…```); an unclosed fence runs to the end. */
function fencedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let start = text.indexOf('```'); start >= 0; ) {
    const end = text.indexOf('```', start + 3);
    ranges.push([start, end < 0 ? text.length : end + 3]);
    start = end < 0 ? -1 : text.indexOf('```', end + 3);
  }
  return ranges;
}

/** Gemma 4's `<|tool_call>call:NAME{…}<tool_call|>`. */
function* gemmaCalls(text: string): Generator<Found> {
  const open = '<|tool_call>';
  const close = '<tool_call|>';
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, start + open.length)) {
    const head = /^\s*call:([\w.-]+)\s*/.exec(text.slice(start + open.length, start + open.length + 200));
    if (!head) continue;
    const name = head[1];
    const from = start + open.length + head[0].length;
    const end = text[from] === '{' ? balancedEnd(text, from, GEMMA_STRINGS) : -1;
    const block = end < 0 ? undefined : text.slice(from, end);
    const stop = end < 0 ? closeOrEnd(text, close, from) : after(text, close, end);
    yield {start, end: stop, calls: [gemmaCall(name, block)]};
  }
}

/** Qwen and Hermes's `<tool_call>{"name": …, "arguments": …}</tool_call>`. */
function* hermesCalls(text: string): Generator<Found> {
  const open = '<tool_call>';
  const close = '</tool_call>';
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, start + open.length)) {
    const from = skipSpace(text, start + open.length);
    const end = text[from] === '{' ? balancedEnd(text, from) : -1;
    const stop = end < 0 ? closeOrEnd(text, close, from) : after(text, close, end);
    yield {start, end: stop, calls: [end < 0 ? failed('', 'hermes', 'the call is not a closed JSON object') : jsonCall(text.slice(from, end), 'hermes')]};
  }
}

/** Mistral's `[TOOL_CALLS][{…}, …]` and `[TOOL_CALLS]NAME[ARGS]{…}`. */
function* mistralCalls(text: string): Generator<Found> {
  const open = '[TOOL_CALLS]';
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, start + open.length)) {
    const from = skipSpace(text, start + open.length);
    if (text[from] === '[') {
      const end = balancedEnd(text, from);
      const list = end < 0 ? undefined : parseJson(text.slice(from, end));
      const items = Array.isArray(list) ? list : [];
      const calls = items.length ? items.map((item) => callOf(item, 'mistral')) : [failed('', 'mistral', 'the list of calls is not a closed, non-empty JSON array')];
      yield {start, end: end < 0 ? text.length : end, calls};
      continue;
    }
    const head = /^([\w.-]+)\[ARGS\]/.exec(text.slice(from, from + 200));
    if (!head) continue;
    const args = from + head[0].length;
    const end = text[args] === '{' ? balancedEnd(text, args) : -1;
    yield {start, end: end < 0 ? text.length : end, calls: [end < 0 ? failed(head[1], 'mistral', 'the arguments are not a closed JSON object') : argumentsCall(head[1], text.slice(args, end), 'mistral')]};
  }
}

/** Llama 3's and Gemma 3's bare JSON answer: one call, a list of calls, or calls separated by `;`. */
function bareJsonCalls(text: string, tools: ReadonlySet<string>): TextToolCall[] | undefined {
  let body = text.trim().replace(/^<\|python_tag\|>\s*/, '');
  const fence = /^```(?:json|tool_code|tool_call)?\s*\n?([\s\S]*?)\n?```$/.exec(body);
  if (fence) body = fence[1].trim();
  if (!body.startsWith('{') && !body.startsWith('[')) return undefined;
  if (body.length > MAX_CALL_CHARS) return undefined;
  const parts = body.startsWith('[') ? [parseJson(body)] : body.split(/\s*;\s*(?=\{)/).map(parseJson);
  const items = parts.flatMap((part) => (Array.isArray(part) ? part : [part]));
  // Every item must be a call of an offered tool; anything else is an answer that happens to be JSON.
  const named = items.every((item) => isRecord(item) && typeof item.name === 'string' && tools.has(item.name) && (isRecord(item.parameters) || isRecord(item.arguments) || typeof item.arguments === 'string'));
  if (!items.length || !named) return undefined;
  return items.slice(0, MAX_CALLS).map((item) => callOf(item, 'json'));
}

/** A Gemma 4 call's arguments block (undefined when it never closed), read. */
function gemmaCall(name: string, block: string | undefined): TextToolCall {
  if (block === undefined) return failed(name, 'gemma', 'the arguments are not a closed {…} block');
  if (block.length > MAX_CALL_CHARS) return failed(name, 'gemma', tooLong(block));
  const read = readGemmaValue(block);
  return read.ok ? {name, input: read.value as Record<string, unknown>, format: 'gemma'} : failed(name, 'gemma', `the arguments cannot be read: ${read.error}`);
}

/** A JSON call object's text, read. */
function jsonCall(json: string, format: ToolCallFormat): TextToolCall {
  if (json.length > MAX_CALL_CHARS) return failed(nameIn(json), format, tooLong(json));
  const value = parseJson(json);
  return value === undefined ? failed(nameIn(json), format, 'the call is not valid JSON') : callOf(value, format);
}

/** `{name, arguments | parameters}` as a call; arguments written as a JSON string are read too. */
function callOf(value: unknown, format: ToolCallFormat): TextToolCall {
  if (!isRecord(value) || typeof value.name !== 'string' || !value.name) return failed('', format, 'the call has no tool name');
  const args = value.arguments ?? value.parameters;
  if (args === undefined) return {name: value.name, input: {}, format};
  if (typeof args === 'string') return argumentsCall(value.name, args, format);
  return isRecord(args) ? {name: value.name, input: args, format} : failed(value.name, format, 'the arguments must be a JSON object');
}

/** A call whose arguments are JSON text. */
function argumentsCall(name: string, json: string, format: ToolCallFormat): TextToolCall {
  if (json.length > MAX_CALL_CHARS) return failed(name, format, tooLong(json));
  const {input, inputError} = parseToolInput(json);
  return inputError ? failed(name, format, inputError) : {name, input, format};
}

const failed = (name: string, format: ToolCallFormat, inputError: string): TextToolCall => ({name, input: {}, inputError, format});
const tooLong = (text: string) => `the call is ${text.length} characters long, over the ${MAX_CALL_CHARS} read; send shorter arguments`;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const skipSpace = (text: string, from: number) => from + (/^\s*/.exec(text.slice(from))?.[0].length ?? 0);
/** Just past `close` when it follows `end` (after spaces), else `end`. */
const after = (text: string, close: string, end: number) => (text.startsWith(close, skipSpace(text, end)) ? skipSpace(text, end) + close.length : end);
/** Just past the next `close` from `from`, else the end of the text: a broken call takes the rest of its block. */
const closeOrEnd = (text: string, close: string, from: number) => {
  const at = text.indexOf(close, from);
  return at < 0 ? text.length : at + close.length;
};
/** The name a broken JSON call gives, if one can be seen. */
const nameIn = (json: string) => /"name"\s*:\s*"([^"\\]{1,128})"/.exec(json.slice(0, 500))?.[1] ?? '';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
