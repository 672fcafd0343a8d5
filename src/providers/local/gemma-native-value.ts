/**
 * The arguments of a Gemma 4 tool call, read into a plain value. Gemma 4 writes a call as
 * `<|tool_call>call:NAME{key:<|"|>text<|"|>,n:15,tags:[<|"|>a<|"|>],at:{lat:47.6}}<tool_call|>`:
 * keys are bare, strings sit between `<|"|>` delimiters (so quotes and braces in them are text),
 * and numbers, booleans, null, lists and nested objects are written as in JSON. The model's text
 * is untrusted: anything else is an error the model is told, never a guess.
 */

/** Gemma 4's string delimiter. */
export const GEMMA_QUOTE = '<|"|>';

/** The value read, or why it could not be. */
export type GemmaValueResult = {ok: true; value: unknown} | {ok: false; error: string};

/** Reads `source` (one `{…}` block, whole) into a value. */
export function readGemmaValue(source: string): GemmaValueResult {
  const reader = new Reader(source);
  try {
    const value = reader.value();
    reader.skipSpace();
    if (!reader.done()) return {ok: false, error: `unexpected text after the arguments at ${reader.at()}`};
    return {ok: true, value};
  } catch (error) {
    return {ok: false, error: (error as Error).message};
  }
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const KEY = /^[A-Za-z_$][\w$.-]*/;
const WORDS: Record<string, unknown> = {true: true, false: false, null: null};

/** A cursor over the arguments' text. */
class Reader {
  #i = 0;

  constructor(private readonly text: string) {}

  done = () => this.#i >= this.text.length;
  at = () => `character ${this.#i + 1}`;

  skipSpace(): void {
    while (!this.done() && /\s/.test(this.text[this.#i])) this.#i++;
  }

  value(): unknown {
    this.skipSpace();
    const rest = this.text.slice(this.#i);
    if (rest.startsWith(GEMMA_QUOTE)) return this.#string();
    if (rest[0] === '{') return this.#object();
    if (rest[0] === '[') return this.#list();
    const number = NUMBER.exec(rest);
    if (number) {
      this.#i += number[0].length;
      return Number(number[0]);
    }
    const word = /^[a-z]+/.exec(rest)?.[0];
    if (word !== undefined && word in WORDS) {
      this.#i += word.length;
      return WORDS[word];
    }
    throw new Error(`expected a value at ${this.at()}`);
  }

  #string(): string {
    const start = this.#i + GEMMA_QUOTE.length;
    const end = this.text.indexOf(GEMMA_QUOTE, start);
    if (end < 0) throw new Error(`a string that starts at ${this.at()} never ends`);
    this.#i = end + GEMMA_QUOTE.length;
    return this.text.slice(start, end);
  }

  #object(): Record<string, unknown> {
    this.#i++;
    // A null prototype: a key named __proto__ is a plain key, never the object's prototype.
    const object: Record<string, unknown> = Object.create(null);
    this.skipSpace();
    if (this.text[this.#i] === '}') {
      this.#i++;
      return {...object};
    }
    for (;;) {
      this.skipSpace();
      const rest = this.text.slice(this.#i);
      const key = rest.startsWith(GEMMA_QUOTE) ? this.#string() : this.#take(KEY, 'a key');
      this.skipSpace();
      if (this.text[this.#i] !== ':') throw new Error(`expected ':' after the key "${key}" at ${this.at()}`);
      this.#i++;
      object[key] = this.value();
      if (this.#separator('}')) return {...object};
    }
  }

  #list(): unknown[] {
    this.#i++;
    const list: unknown[] = [];
    this.skipSpace();
    if (this.text[this.#i] === ']') {
      this.#i++;
      return list;
    }
    for (;;) {
      list.push(this.value());
      if (this.#separator(']')) return list;
    }
  }

  /** After a member: true at `close` (consumed), false at a comma (consumed); anything else is an error. */
  #separator(close: string): boolean {
    this.skipSpace();
    const c = this.text[this.#i];
    this.#i++;
    if (c === close) return true;
    if (c === ',') return false;
    throw new Error(`expected ',' or '${close}' at character ${this.#i}`);
  }

  #take(pattern: RegExp, what: string): string {
    const match = pattern.exec(this.text.slice(this.#i));
    if (!match) throw new Error(`expected ${what} at ${this.at()}`);
    this.#i += match[0].length;
    return match[0];
  }
}
