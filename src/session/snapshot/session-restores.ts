/**
 * The restores of one session: snapshots read back one after the other, each as untrusted input
 * (the restore engine, a chunk loaded on first use, reads and applies it: the layers check every
 * widget as a `widget_display` call is checked, the page may veto each), and what questions wait
 * for: a restore asked for, or anything a view holds them for (`holdQuestions`), goes in first,
 * then the question, which continues the restored conversation.
 */
import {ErrorCodes, type AutouiError} from '../../errors.js';
import {importRestoreEngine} from '../engine-chunks.js';
import {lazyChunk} from '../lazy-chunk.js';
import type {RestoreOptions, RestoreResult, SessionRestoresApi, SessionRestoresDeps} from './restore-types.js';
import type {RestoreSource} from '../transcript.js';

export type {RestoreOptions, RestoreResult, SessionRestoresApi, SessionRestoresDeps} from './restore-types.js';

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
    const startEpoch = deps.epoch();
    let engine: Awaited<ReturnType<typeof importRestoreEngine>>;
    try {
      engine = await this.#loadEngine();
    } catch (error) {
      // A chunk that did not load: `LOAD_FAILED`, told like a snapshot that could not be read.
      const failure = error as AutouiError;
      deps.conversation.fail(failure.code, failure.message);
      throw failure;
    }
    return engine.restoreSnapshot(input, source, {
      ...deps,
      startEpoch,
      busy: () => this.#busy(),
      applying: (on) => void (this.#applying = on),
    });
  }
}
