/**
 * Keeping tool results small for the model without losing them: results over
 * 10,000 characters are truncated, old results over 300 characters are compressed to 200, and
 * the full text stays in the run's buffer for `recall(id)`.
 */
import type {ModelMessage} from '../providers/model-messages.js';

/** Longest tool result the model reads in full. */
export const MAX_RESULT_LENGTH = 10_000;
/** Old results longer than this are compressed... */
export const COMPRESS_THRESHOLD = 300;
/** ...to this many characters plus a recall hint. */
export const COMPRESSED_LENGTH = 200;
/** Results of this many most recent iterations are never compressed. */
export const KEEP_RECENT_ITERATIONS = 2;

/** The hint appended to a shortened result. */
export function recallHint(id: string, fullLength: number): string {
  return `[recall('${id}') for the full result, ${fullLength} chars]`;
}

/**
 * Full tool results by tool_use id, with the iteration each came from. One per run (or per
 * conversation, when the page keeps it across questions): never module state.
 */
export class ResultBuffer {
  readonly #results = new Map<string, {text: string; iteration: number}>();

  /** Stores the full result of a call. */
  set(id: string, text: string, iteration: number): void {
    this.#results.set(id, {text, iteration});
  }

  /** The full result of a call, or undefined. */
  get(id: string): string | undefined {
    return this.#results.get(id)?.text;
  }

  /** The iteration a call's result came from. */
  iterationOf(id: string): number | undefined {
    return this.#results.get(id)?.iteration;
  }

  /** Every stored result, oldest first (what a snapshot of the conversation keeps). */
  entries(): Array<{id: string; text: string; iteration: number}> {
    return [...this.#results].map(([id, {text, iteration}]) => ({id, text, iteration}));
  }

  /** Number of stored results. */
  get size(): number {
    return this.#results.size;
  }

  /** The highest iteration stored: a new run of the same conversation counts on from it. */
  get lastIteration(): number {
    let last = 0;
    for (const {iteration} of this.#results.values()) last = Math.max(last, iteration);
    return last;
  }
}

/** The text the model reads for a result: the full text, or its first 10,000 characters and a hint. */
export function truncateForModel(text: string, id: string, max = MAX_RESULT_LENGTH): string {
  if (text.length <= max) return text;
  const hint = `… ${recallHint(id, text.length)}`;
  return text.slice(0, max - hint.length) + hint;
}

/**
 * Compresses, in place, the tool results that came more than {@link KEEP_RECENT_ITERATIONS}
 * iterations before `currentIteration` and are longer than {@link COMPRESS_THRESHOLD}: first
 * {@link COMPRESSED_LENGTH} characters plus a recall hint. Already compressed results are left
 * alone. Returns how many results were compressed.
 */
export function compressOldResults(messages: ModelMessage[], buffer: ResultBuffer, currentIteration: number, keepRecent = KEEP_RECENT_ITERATIONS): number {
  let compressed = 0;
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      const iteration = buffer.iterationOf(part.toolCallId);
      if (iteration === undefined || currentIteration - iteration < keepRecent) continue;
      if (part.output.length <= COMPRESS_THRESHOLD) continue;
      const full = buffer.get(part.toolCallId) ?? part.output;
      part.output = `${full.slice(0, COMPRESSED_LENGTH)}… ${recallHint(part.toolCallId, full.length)}`;
      compressed++;
    }
  }
  return compressed;
}

/**
 * Stores in the buffer every tool result of the history it does not hold yet (a history passed
 * without its buffer), so they compress like the others and recall gives back what the model had.
 * Returns the iteration a run on this history starts after: iterations count across the
 * conversation, so results of earlier questions are already "old" for compression.
 */
export function adoptHistory(messages: readonly ModelMessage[], buffer: ResultBuffer): number {
  const before = buffer.lastIteration;
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (buffer.get(part.toolCallId) === undefined) buffer.set(part.toolCallId, part.output, before);
  }
  return before + KEEP_RECENT_ITERATIONS;
}
