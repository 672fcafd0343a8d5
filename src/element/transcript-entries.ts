/**
 * What the transcript shows, as plain data the element updates: questions, streamed answers,
 * compact tool-call pills and notices (stops, errors). Kept apart from rendering so the element's
 * logic stays testable and the transcript element stays dumb.
 */
import type {ToolCall} from '../agent/dispatcher.js';

/** One line of the transcript. */
export type TranscriptEntry =
  | {kind: 'user'; text: string}
  | {kind: 'assistant'; text: string; streaming: boolean}
  | {kind: 'tool'; call: ToolCall}
  | {kind: 'notice'; text: string; level: 'info' | 'error'; code?: string};

/** Index of the answer being streamed, or -1. (ES2022 lib: no findLastIndex.) */
function streamingIndex(entries: readonly TranscriptEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.kind === 'assistant' && entry.streaming) return i;
  }
  return -1;
}

/**
 * Appends streamed text to the answer being streamed, starting one if needed. A notice that came
 * in meanwhile (a refused second question, a server failing) does not split the answer: the text
 * goes on growing above it. Returns a new list.
 */
export function appendAssistantText(entries: readonly TranscriptEntry[], delta: string): TranscriptEntry[] {
  const index = streamingIndex(entries);
  if (index < 0) return [...entries, {kind: 'assistant', text: delta, streaming: true}];
  const current = entries[index] as Extract<TranscriptEntry, {kind: 'assistant'}>;
  return entries.map((e, i) => (i === index ? {...current, text: current.text + delta} : e));
}

/** Marks the answer being streamed, if any, as complete. Returns a new list. */
export function endAssistantText(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  const index = streamingIndex(entries);
  return entries.map((e, i) => (i === index ? {...e, streaming: false} : e));
}
