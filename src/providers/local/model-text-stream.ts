/**
 * A small model's answer as it streams: the words a person may read at once, the thinking apart,
 * and nothing of a tool call. Its text arrives token by token, and a call or a thought is only
 * known as one once its opening tag is complete, so the stream holds back whatever could still
 * become one (a `<` that may start `<tool_call>`, an answer that starts like a bare JSON call) and
 * lets the rest through. At the end the whole answer is read once by `parseToolCalls`, and what
 * was held back and is text after all comes out then: the text given out, start to end, is the
 * parsed answer's text. DOM-free.
 */
import {parseToolCalls, type ParsedModelText, type ParseToolCallsOptions} from './parse-tool-calls.js';

/** What one pushed piece lets out. */
export interface StreamedPiece {
  /** Answer text a person may read now. */
  text?: string;
  /** Thinking, for a view that shows it apart. */
  thinking?: string;
}

/** The answer's end: the parsed answer, and the text held back until now. */
export interface StreamEnd extends ParsedModelText {
  /** Answer text not given out while streaming (what follows a call, or a held-back tail). */
  rest: string;
}

/** Tags that open a call: once one is seen, no more text is given out until the end. */
const CALL_OPENERS = ['<tool_call>', '<|tool_call>', '[TOOL_CALLS]'];
/** Tags that open thinking, with their close. */
const THOUGHTS: ReadonlyArray<[string, string]> = [
  ['<think>', '</think>'],
  ['<|channel>thought', '<channel|>'],
];
/** How an answer that may be a bare JSON call (Llama 3, Gemma 3) starts: such an answer is held back whole. */
const BARE_CALL_STARTS = ['{', '[', '```', '<|python_tag|>'];
/** The longest tag: a tail this long may still be the start of one. */
const LONGEST_TAG = Math.max(...[...CALL_OPENERS, ...THOUGHTS.flat()].map((t) => t.length));

/** Reads one streamed answer. Push each piece as it comes, then `end()` once. */
export class ModelTextStream {
  #raw = '';
  /** How much of `#raw` has been looked at and given out (as text or thinking) or settled. */
  #done = 0;
  /** The close tag of the thought being streamed, while inside one. */
  #inThought?: string;
  /** True once a call has started: the rest waits for the end. */
  #holding = false;
  #given = '';

  constructor(private readonly options: ParseToolCallsOptions = {}) {}

  /** Adds `delta` to the answer; returns what may be shown now. */
  push(delta: string): StreamedPiece {
    this.#raw += delta;
    const piece: StreamedPiece = {};
    for (;;) {
      if (this.#holding) return piece;
      const base = this.#done;
      const rest = this.#raw.slice(base);
      if (this.#inThought) {
        const close = rest.indexOf(this.#inThought);
        const upTo = close >= 0 ? close : safeLength(rest, [this.#inThought]);
        append(piece, 'thinking', rest.slice(0, upTo));
        this.#done += upTo;
        if (close < 0) return piece;
        this.#done += this.#inThought.length;
        this.#inThought = undefined;
        continue;
      }
      // An answer that may be a bare JSON call shows nothing until it is known.
      if (this.#given === '' && mayBeBareCall(rest.trimStart())) return piece;
      const opener = firstTag(rest);
      const upTo = opener ? opener.at : safeLength(rest, [...CALL_OPENERS, ...THOUGHTS.map(([open]) => open)]);
      this.#giveText(piece, rest.slice(0, upTo));
      if (!opener) return piece;
      // Spaces before the tag go with it: the parsed text at the end keeps them where they belong.
      this.#done = base + opener.at + opener.tag.length;
      const thought = THOUGHTS.find(([open]) => open === opener.tag);
      if (thought) this.#inThought = thought[1];
      else this.#holding = true;
    }
  }

  /** The whole answer read: its calls, text and thinking, and the text not given out yet. */
  end(): StreamEnd {
    const parsed = parseToolCalls(this.#raw, this.options);
    return {...parsed, rest: restAfter(parsed.text, this.#given)};
  }

  /**
   * Gives out `text`, which no tag can still claim, but for the answer's leading spaces (dropped,
   * as the parsed text is trimmed) and its trailing ones, which are read again with what follows
   * them: only words and the spaces between them are given out, so they start the parsed text.
   */
  #giveText(piece: StreamedPiece, text: string): void {
    const start = this.#given === '' ? text.length - text.trimStart().length : 0;
    const end = text.trimEnd().length;
    this.#done += Math.max(start, end);
    if (end <= start) return;
    const out = text.slice(start, end);
    this.#given += out;
    append(piece, 'text', out);
  }
}

/**
 * What of `full` follows `given`, which starts it but for spaces (a thought taken out of the middle
 * of the answer leaves its spaces on both sides); nothing when `given` is not its start.
 */
function restAfter(full: string, given: string): string {
  let i = 0;
  for (let j = 0; j < given.length; j++) {
    const c = given[j];
    if (/\s/.test(c)) continue;
    while (i < full.length && /\s/.test(full[i])) i++;
    if (full[i] !== c) return '';
    i++;
  }
  return full.slice(i);
}

/** True when an answer starting with `start` may be a bare JSON call, or still become one. */
const mayBeBareCall = (start: string) => start !== '' && BARE_CALL_STARTS.some((s) => start.startsWith(s) || s.startsWith(start));

/** The first tag that opens a call or a thought in `text`, with its index. */
function firstTag(text: string): {at: number; tag: string} | undefined {
  let best: {at: number; tag: string} | undefined;
  for (const tag of [...CALL_OPENERS, ...THOUGHTS.map(([open]) => open)]) {
    const at = text.indexOf(tag);
    if (at >= 0 && (!best || at < best.at)) best = {at, tag};
  }
  return best;
}

/** How much of `text` cannot be the start of one of `tags` (its tail might be). */
function safeLength(text: string, tags: readonly string[]): number {
  for (let from = Math.max(0, text.length - LONGEST_TAG); from < text.length; from++) {
    const tail = text.slice(from);
    if (tags.some((tag) => tag.startsWith(tail))) return from;
  }
  return text.length;
}

function append(piece: StreamedPiece, key: keyof StreamedPiece, text: string): void {
  if (text) piece[key] = (piece[key] ?? '') + text;
}
