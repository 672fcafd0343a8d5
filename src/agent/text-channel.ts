/**
 * The fragments of one call, as the async iterable of text the parser reads: they wait here until
 * released, so the parser wakes once a refresh rather than once a fragment.
 */
export class TextChannel implements AsyncIterable<string> {
  #queue: string[] = [];
  #closed = false;
  #released = false;
  #wake?: () => void;

  /** True when fragments wait to be read. */
  get waiting(): boolean {
    return this.#queue.length > 0;
  }

  push(text: string): void {
    if (!this.#closed) this.#queue.push(text);
  }

  /** Lets the reader take what is waiting. */
  release(): void {
    if (!this.#queue.length) return;
    this.#released = true;
    this.#wake?.();
  }

  close(): void {
    this.#closed = true;
    this.#queue = [];
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    while (true) {
      if (this.#released && this.#queue.length) {
        const text = this.#queue.join('');
        this.#queue = [];
        this.#released = false;
        yield text;
      } else if (this.#closed) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = undefined;
      }
    }
  }
}
