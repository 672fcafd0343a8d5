/**
 * The types a restore shares between the session (`session-restores.ts`, in the first load) and
 * the restore engine that applies a snapshot (`restore-snapshot.ts`, a lazy chunk).
 */
import type {ResultBuffer} from '../../agent/result-buffer.js';
import type {ToolLayer} from '../../agent/types.js';
import type {WidgetInstance} from '../../agent/widget-sink.js';
import type {Conversation} from '../conversation.js';
import type {DroppedPart} from './read-snapshot.js';
import type {SnapshotFile} from './snapshot-format.js';
import type {RestoreSource} from '../transcript.js';
import type {WidgetStore} from '../widget-store.js';

/** Options of `AgentSession.restore`. */
export interface RestoreOptions {
  /**
   * Where the snapshot comes from, for the notice and the `restored` event. Default `snapshot`.
   * `share` reads only its widgets: a share link's transcript or conversation is never taken.
   */
  source?: RestoreSource;
}

/** What a restore brought back. */
export interface RestoreResult {
  /** The widgets now on the canvas, as stored. */
  widgets: WidgetInstance[];
  /** What was left out, and why: widgets of unknown types or with invalid params, malformed lines, a conversation that does not hold together. */
  dropped: DroppedPart[];
  /** True when the snapshot's conversation was restored: the next question continues it. */
  conversation: boolean;
  /** The local files the snapshot says were attached (their schema): a view tells which must be attached again. */
  files?: SnapshotFile[];
}

/** The restore side of a session, as a view reaches it (`session.restores`). */
export interface SessionRestoresApi {
  /**
   * Questions asked before `task` settles wait for it (as they wait for a restore): a view that
   * fetches a snapshot or reads a stored copy on start holds the first question until it is in.
   */
  holdQuestions(task: Promise<unknown>): void;
  /** True while a restore is writing the canvas: the widget events heard then are the snapshot's. */
  readonly applying: boolean;
}

/** What the session lends its restores. Contract: none of these throws, but `prepare`. */
export interface SessionRestoresDeps {
  widgets: WidgetStore;
  /** Where the restored conversation goes, and who is told. */
  conversation: Conversation;
  /** Bumped by `clear()`: a restore read before it is not applied. */
  epoch(): number;
  /** The question being answered, if any. */
  run(): AbortController | undefined;
  /** What checking widgets needs from the view (its widgets, its `autoui` layer). May throw. */
  prepare(): Promise<void> | undefined;
  /** The run engine (for the result buffer of a restored conversation). */
  loadEngine(): Promise<{ResultBuffer: typeof ResultBuffer}>;
  layers(): readonly ToolLayer[];
  /** Forgets every "always allow": a restored conversation starts without any. */
  forgetApprovals(): void;
}

/** What applying one snapshot needs besides the session's lendings: the moment it was asked for, and the restores' state. */
export interface RestoreRun extends SessionRestoresDeps {
  /** `epoch()` when the restore started: a `clear()` since then wins. */
  startEpoch: number;
  /** True when a question runs that is not waiting for the restores. */
  busy(): boolean;
  /** Marks the canvas being written (see `SessionRestoresApi.applying`). */
  applying(on: boolean): void;
}
