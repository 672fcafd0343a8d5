/**
 * The restores of one session: snapshots read back one after the other, each as untrusted input
 * (the restore engine, a chunk loaded on first use, reads it; the layers check every widget as a
 * `widget_display` call is checked; the page may veto each), and what questions wait for: a
 * restore asked for, or anything a view holds them for (`holdQuestions`), goes in first, then the
 * question, which continues the restored conversation.
 */
import type {ResultBuffer} from '../agent/result-buffer.js';
import type {ToolLayer} from '../agent/types.js';
import type {WidgetInstance} from '../agent/widget-sink.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import type {Conversation} from './conversation.js';
import {importRestoreEngine, type RestoreEngine} from './engine-chunks.js';
import {lazyChunk} from './lazy-chunk.js';
import type {DroppedPart} from './read-snapshot.js';
import type {RestoreSource} from './transcript.js';
import type {WidgetStore} from './widget-store.js';

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

/** One session's restores. See the module comment. */
export class SessionRestores {
  /** What views may do (`session.restores`). */
  readonly api: SessionRestoresApi;
  readonly #deps: SessionRestoresDeps;
  readonly #loadEngine = lazyChunk(importRestoreEngine);
  /** The restores asked for, one after the other. */
  #queue: Promise<unknown> = Promise.resolve();
  #pending = 0;
  /** What questions wait for besides restores (see `holdQuestions`). */
  readonly #holds = new Set<Promise<unknown>>();
  /** The question waiting for restores to finish before it starts (a restore may go on then). */
  #waiting?: AbortController;
  #applying = false;

  constructor(deps: SessionRestoresDeps) {
    this.#deps = deps;
    const restores = this;
    this.api = {
      holdQuestions: (task) => this.#hold(task),
      get applying() {
        return restores.#applying;
      },
    };
  }

  /** Restores `snapshot` once those asked for before are done. Rejects `RUN_IN_PROGRESS` while a question runs (one waiting for restores does not count). */
  restore(snapshot: unknown, options: RestoreOptions): Promise<RestoreResult> {
    if (this.#busy()) {
      return Promise.reject(this.#deps.conversation.refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question is being answered: restore the snapshot once it ends, or stop it first.'));
    }
    this.#pending++;
    const restored = this.#queue
      .catch(() => {})
      .then(() => this.#restore(snapshot, options.source ?? 'snapshot'))
      .finally(() => this.#pending--);
    this.#queue = restored;
    return restored;
  }

  #hold(task: Promise<unknown>): void {
    const held = task.then(
      () => {},
      () => {},
    );
    this.#holds.add(held);
    void held.then(() => this.#holds.delete(held));
  }

  /**
   * Waits until no restore or hold is left (also one asked for meanwhile: a stored copy read,
   * then restored), or until `run` is stopped.
   */
  async before(run: AbortController, stopped: Promise<unknown>): Promise<void> {
    while ((this.#pending > 0 || this.#holds.size > 0) && !run.signal.aborted) {
      this.#waiting = run;
      await Promise.race([Promise.all([this.#queue, ...this.#holds].map((p) => p.catch(() => {}))), stopped]);
    }
    this.#waiting = undefined;
  }

  /** True when a question runs that is not waiting for the restores. */
  #busy(): boolean {
    const run = this.#deps.run();
    return run !== undefined && run !== this.#waiting;
  }

  async #restore(input: unknown, source: RestoreSource): Promise<RestoreResult> {
    const deps = this.#deps;
    const {conversation} = deps;
    const epoch = deps.epoch();
    let read: ReturnType<RestoreEngine['readSnapshot']>;
    let restoring: RestoreEngine;
    let buffer: ResultBuffer | undefined;
    try {
      restoring = await this.#loadEngine();
      read = restoring.readSnapshot(input);
      // A share link carries a canvas, nothing else: lines or a history written by whoever made
      // the link would speak in the agent's voice and be sent to the model.
      if (source === 'share') read = {widgets: read.widgets, transcript: [], dropped: read.dropped.filter((d) => d.part === 'widget')};
      // The layers that check widgets, and the result buffer of a restored conversation.
      await deps.prepare();
      if (read.conversation) {
        const engine = await deps.loadEngine();
        buffer = new engine.ResultBuffer();
        for (const result of read.conversation.results) buffer.set(result.id, result.text, result.iteration);
      }
    } catch (error) {
      const failure = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.SNAPSHOT_INVALID, `The snapshot could not be read (${String((error as Error)?.message ?? error)}).`, {cause: error});
      conversation.fail(failure.code, failure.message);
      throw failure;
    }
    if (epoch !== deps.epoch()) throw conversation.refuse(ErrorCodes.ABORTED, 'clear() was called while a snapshot was being restored; it was not restored.');
    if (this.#busy()) throw conversation.refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question started while the snapshot was read; it was not restored.');

    const dropped = [...read.dropped];
    const accepted = restoring.checkRestoredWidgets(read.widgets, deps.layers(), conversation.offer, dropped);
    // No epoch change: the only question alive now is one waiting for this restore, which has
    // written nothing yet and goes on from the restored conversation.
    deps.forgetApprovals();
    conversation.replace({history: read.conversation?.messages ?? [], buffer, transcript: read.transcript});
    this.#applying = true;
    let widgets: WidgetInstance[];
    try {
      widgets = deps.widgets.replaceAll(accepted);
    } finally {
      this.#applying = false;
    }
    // The types, once each and at most 20: a notice is a line, and a snapshot keeps it.
    const droppedTypes = [...new Set(dropped.filter((d) => d.part === 'widget').map((d) => d.type ?? 'widget'))].slice(0, 20);
    // The person is told why the canvas is not empty, and what could not come back; a page that
    // restores its own snapshot, or an empty one, with nothing left out, adds no line.
    const empty = widgets.length === 0 && read.transcript.length === 0 && !read.conversation?.messages.length;
    if ((source !== 'snapshot' && !empty) || dropped.length) {
      conversation.notice({reason: 'restored', level: 'info', restored: {source, widgets: widgets.length, dropped: droppedTypes}});
    }
    const result: RestoreResult = {widgets, dropped, conversation: read.conversation !== undefined};
    conversation.emit({type: 'restored', source, ...result});
    return result;
  }
}
