/**
 * The words of a constrained answer (`{"answer": "…"}`) as they stream: the JSON string's content,
 * decoded, given out as its characters arrive, so the person reads the answer while the model
 * writes it rather than when the JSON closes. A call (`{"tool": …}`) gives out nothing.
 */

const OPENING = /^\s*\{\s*"answer"\s*:\s*"/;
const ESCAPES: Record<string, string> = {'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'};

/** Follows one constrained answer as its JSON streams. */
export class AnswerTextStream {
  #json = '';
  /** Where the string's next undecoded character is, once the opening has been seen. */
  #at?: number;
  #closed = false;

  /** Adds `delta` to the JSON; returns the answer's new words, if any. */
  push(delta: string): string {
    this.#json += delta;
    if (this.#closed) return '';
    if (this.#at === undefined) {
      const opening = OPENING.exec(this.#json);
      if (!opening) return '';
      this.#at = opening[0].length;
    }
    let out = '';
    let i = this.#at;
    while (i < this.#json.length) {
      const c = this.#json[i];
      if (c === '"') {
        this.#closed = true;
        i++;
        break;
      }
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      // An escape cut by the chunking waits for its end.
      const next = this.#json[i + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = this.#json.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      out += ESCAPES[next] ?? next;
      i += 2;
    }
    this.#at = i;
    return out;
  }

  /** The whole JSON written so far. */
  get json(): string {
    return this.#json;
  }
}
