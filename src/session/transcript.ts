/**
 * The visible transcript of a session, as plain data: questions, streamed answers, compact
 * tool-call pills and notices (stops, errors). The session keeps it, a view renders it, a
 * snapshot can carry it. Notices say what happened, not in which words: the view writes them in
 * its language, so the session holds no text of its own.
 */
import type {ApprovalRequest} from '../agent/approval.js';
import type {ToolCall} from '../agent/dispatcher.js';
import type {ApprovalState} from './session-approvals.js';
import type {ElicitationPrompt, ElicitationState} from './session-elicitations.js';
import type {SignInRequest, SignInState} from './session-sign-ins.js';

/** Why a notice was shown. */
export type NoticeReason = 'busy' | 'aborted' | 'max_iterations' | 'max_tokens' | 'error' | 'restored' | 'storage' | 'app' | 'file' | 'trimmed';

/** Where a restored session came from: the page's call or attribute, a share link, the browser's stored copy. */
export type RestoreSource = 'snapshot' | 'share' | 'local';

/** A notice: a stop, a refused question, or a failure told in plain words. */
export interface Notice {
  reason: NoticeReason;
  level: 'info' | 'error';
  /** The stable error code, for failures and refusals. */
  code?: string;
  /** What failed, for `error`, `storage` and `app` notices (already safe to show: never a key). */
  message?: string;
  /** For `restored`: where from, how many widgets came back, and the types of those left out (each once, at most 20). */
  restored?: {source: RestoreSource; widgets: number; dropped: string[]};
  /**
   * For `file`: what happened to which local files (their names as the visitor's system gave them:
   * untrusted text). `attached` (with its rows and columns), `refused` (with `code` and `message`),
   * `missing`: a restored snapshot's widgets came from them, and they must be attached again.
   */
  file?: FileNotice;
  /**
   * For `trimmed`: the model on the device could not read the whole conversation, so it read the
   * latest part only: how many of the oldest messages it left out (the most in this question), and
   * its context window in tokens.
   */
  trimmed?: {dropped: number; contextWindow: number};
}

/** The facts of a `file` notice. */
export interface FileNotice {
  event: 'attached' | 'refused' | 'missing';
  names: string[];
  rows?: number;
  columns?: number;
}

/** One line of the transcript. */
export type TranscriptEntry =
  /** A question; `from` when an MCP App view sent it (`ui/message`), not the person. */
  | {kind: 'user'; text: string; from?: {app: {server: string; tool: string}}}
  /**
   * An answer; `by` names the model when it ran on the person's device (`browser`, `local`), so
   * they know which model they read (a page may list several in order of preference).
   * `thinking`: what the model wrote while thinking before it (a small model's `<think>` block),
   * shown apart and collapsed; never part of the answer, never in a snapshot.
   */
  | {kind: 'assistant'; text: string; streaming: boolean; by?: {provider: string; id: string}; thinking?: string}
  | {kind: 'tool'; call: ToolCall}
  /** A call that waited (or waits: `pending`) for a person's approval. */
  | {kind: 'approval'; request: ApprovalRequest; state: ApprovalState}
  /** A server that asks the person to sign in (or did: the state says how it ended). */
  | {kind: 'sign-in'; request: SignInRequest; state: SignInState}
  /** A server's question to the person (MCP elicitation). */
  | {kind: 'elicitation'; request: ElicitationPrompt; state: ElicitationState}
  | ({kind: 'notice'} & Notice);

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
  const next = entries.slice();
  next[index] = {...current, text: current.text + delta};
  return next;
}

/** Appends streamed thinking to the answer being streamed (its text may still be empty), starting one if needed. Returns a new list. */
export function appendAssistantThinking(entries: readonly TranscriptEntry[], delta: string): TranscriptEntry[] {
  const index = streamingIndex(entries);
  if (index < 0) return [...entries, {kind: 'assistant', text: '', streaming: true, thinking: delta}];
  const current = entries[index] as Extract<TranscriptEntry, {kind: 'assistant'}>;
  const next = entries.slice();
  next[index] = {...current, thinking: (current.thinking ?? '') + delta};
  return next;
}

/** Marks the answer being streamed, if any, as complete. Returns the same list when nothing streams. */
export function endAssistantText(entries: readonly TranscriptEntry[]): readonly TranscriptEntry[] {
  const index = streamingIndex(entries);
  if (index < 0) return entries;
  const next = entries.slice();
  next[index] = {...(entries[index] as Extract<TranscriptEntry, {kind: 'assistant'}>), streaming: false};
  return next;
}

/** The kinds of entry that wait for a person's answer: a card, whose state changes once. */
export type CardKind = 'approval' | 'sign-in' | 'elicitation';

/** A card of the transcript. */
export type CardEntry = Extract<TranscriptEntry, {kind: CardKind}>;

/**
 * The transcript with the card of `settled.request` (the same object: ids may repeat) replaced by
 * `settled`, its new state, if it is still there. Returns a new list.
 */
export function settleEntry(entries: readonly TranscriptEntry[], settled: CardEntry): readonly TranscriptEntry[] {
  const index = entries.findIndex((e) => e.kind === settled.kind && e.request === settled.request);
  if (index < 0) return entries;
  const next = entries.slice();
  next[index] = settled;
  return next;
}

/** The transcript with the run's last answer (after its question) signed by the model that wrote it. Returns a new list. */
export function signLastAnswer(entries: readonly TranscriptEntry[], by: {provider: string; id: string}): readonly TranscriptEntry[] {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.kind === 'user') return entries;
    if (entry.kind !== 'assistant') continue;
    const next = entries.slice();
    next[i] = {...entry, by};
    return next;
  }
  return entries;
}
