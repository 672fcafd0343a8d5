/**
 * The snapshot of a session, version 1: what was on the canvas (each widget's type, params, place,
 * size and style), what the transcript showed, which servers the session used (name and address,
 * never a token), and, only when asked for, the conversation as the model saw it. Plain JSON, so a
 * page can store it, send it or embed it. `autoui-snapshot.schema.json` in the package describes
 * the same format as a JSON Schema.
 */
import type {ApprovalRequest} from '../../agent/approval.js';
import type {ToolCall} from '../../agent/dispatcher.js';
import type {WidgetInstance} from '../../agent/widget-sink.js';
import type {ModelMessage} from '../../providers/model-messages.js';
import type {ApprovalState} from '../session-approvals.js';
import type {Notice} from '../transcript.js';

/** The `format` of every snapshot. */
export const SNAPSHOT_FORMAT = 'autoui-snapshot';
/** The version this library writes and reads. */
export const SNAPSHOT_VERSION = 1;

/**
 * One widget of a snapshot: the canvas's record of it as it stands (id, type, params, and the
 * place, size and style it was given). Its id is kept so a restored conversation can still name it.
 */
export type SnapshotWidget = WidgetInstance;

/** A tool call as the transcript shows it: its name, outcome and duration, never its arguments or result. */
export type SnapshotToolCall = Omit<ToolCall, 'args' | 'result'>;

/** One line of a snapshot's transcript. */
export type SnapshotTranscriptEntry =
  /** `from`: an MCP App view sent the question (`ui/message`), not the person. */
  | {kind: 'user'; text: string; from?: {app: {server: string; tool: string}}}
  | {kind: 'assistant'; text: string}
  | {kind: 'tool'; call: SnapshotToolCall}
  | {kind: 'approval'; request: ApprovalRequest; state: Exclude<ApprovalState, 'pending'>}
  | ({kind: 'notice'} & Notice);

/** A server the session used: its name and address without query, credentials or fragment. */
export interface SnapshotServer {
  name: string;
  url: string;
}

/** A full tool result kept for `recall` (a shortened copy is in the messages). */
export interface SnapshotResult {
  id: string;
  text: string;
  iteration: number;
}

/** The conversation as the model saw it: the messages, and the full results behind `recall`. */
export interface SnapshotConversation {
  messages: ModelMessage[];
  results: SnapshotResult[];
}

/**
 * A local file the session had attached: its name, size, kind and tables' schema (names, sheets,
 * row counts, columns and their types), never a row. A restore keeps the widgets made from it and
 * says which files must be attached again to ask more about them. (The session knows files only
 * by these facts: the engine that reads them is the element's.)
 */
export interface SnapshotFile {
  /** The file's name as the visitor's system gave it (untrusted text). */
  name: string;
  /** Bytes. */
  size: number;
  /** `csv`, `tsv`, `json`, `jsonl`, `xlsx`, `ods` or `parquet`. */
  kind: string;
  /** One per file, or one per sheet of a spreadsheet. */
  tables: Array<{name: string; sheet?: string; rows: number; columns: Array<{name: string; type: string}>}>;
}

/** A snapshot of a session (see the module comment). */
export interface AutouiSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** When it was taken (ISO 8601). */
  createdAt: string;
  widgets: SnapshotWidget[];
  transcript: SnapshotTranscriptEntry[];
  servers: SnapshotServer[];
  /** The local files attached when it was taken (their schema only); absent when there were none. */
  files?: SnapshotFile[];
  /** Only in a snapshot taken with `{conversation: true}`. */
  conversation?: SnapshotConversation;
}

/** Options of `AgentSession.snapshot()`. */
export interface SnapshotOptions {
  /** Include the conversation as the model saw it (tool results included). Default false. */
  conversation?: boolean;
}

/** How much of a snapshot is read; beyond this it is refused (`SNAPSHOT_TOO_LARGE`) or cut. */
export const SNAPSHOT_LIMITS = {
  /** Characters of JSON. A canvas of 100 widgets with a 2,000-row table is about 0.3 MB. */
  maxChars: 16_000_000,
  /** Values in the whole tree. */
  maxValues: 2_000_000,
  /** Levels of nesting: widget params need fewer than 10; messages carry tool arguments. */
  maxDepth: 64,
  /** Widgets restored; the ones after are left out, with a notice. */
  maxWidgets: 500,
  /** Transcript lines restored (the latest ones). */
  maxTranscript: 2_000,
  /** Characters of one transcript text. */
  maxText: 200_000,
} as const;
