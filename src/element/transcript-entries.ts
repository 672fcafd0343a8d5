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

/** Appends streamed text to the current assistant entry, starting one if needed. Returns a new list. */
export function appendAssistantText(entries: readonly TranscriptEntry[], delta: string): TranscriptEntry[] {
  const last = entries.at(-1);
  if (last?.kind === 'assistant' && last.streaming) return [...entries.slice(0, -1), {...last, text: last.text + delta}];
  return [...entries, {kind: 'assistant', text: delta, streaming: true}];
}

/** Marks the streaming assistant entry, if any, as complete. Returns a new list. */
export function endAssistantText(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  const last = entries.at(-1);
  return last?.kind === 'assistant' && last.streaming ? [...entries.slice(0, -1), {...last, streaming: false}] : [...entries];
}
