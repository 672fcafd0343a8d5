/**
 * Keeps a session in storage (`persist="local"`): restored once at the start, saved at the end of
 * each question and after each change on the canvas (debounced, and at once on `flush()`, e.g.
 * when the page is hidden), erased by `clear()`. The stored copy is the session's snapshot with its conversation
 * and its "always allow" answers for MCP servers. It is read back as untrusted as any snapshot
 * (its widgets are checked again). A storage that fails (quota, private mode, a blocked database)
 * is a notice; the session goes on in memory and nothing in it is lost.
 */
import {errorMessage, ErrorCodes} from '../errors.js';
import type {AgentSession, RestoreResult} from './agent-session.js';
import {indexedDbStorage, type SessionStorage} from './session-storage.js';

/** Options of {@link persistSession}. */
export interface PersistOptions {
  /** The key of this session's copy (the element uses origin, path and its id). */
  key: string;
  /** Default: the browser's IndexedDB. */
  storage?: SessionStorage;
  /** Quiet time after a change before it is saved. Default 400 ms. */
  debounceMs?: number;
  /**
   * Restore the stored copy first (default true). False keeps the session from now on without
   * reading it back: the session already shows something the person chose (a share link).
   */
  restore?: boolean;
}

/** A session being kept. */
export interface SessionPersistence {
  /** Settles once the stored copy, if any, was restored: its result, or undefined when there was none (or it could not be read). */
  readonly restored: Promise<RestoreResult | undefined>;
  /** Saves now what a debounced save would save later, if anything; resolves once written (or failed). */
  flush(): Promise<void>;
  /** Stops keeping the session (the stored copy stays). */
  stop(): void;
}

/** What is stored: the snapshot with its conversation, and the "always allow" answers. */
interface StoredSession {
  snapshot: unknown;
  alwaysAllowed?: unknown;
}

/** Keeps `session` under `options.key`. See the module comment. */
export function persistSession(session: AgentSession, options: PersistOptions): SessionPersistence {
  const storage = options.storage ?? indexedDbStorage();
  const {key} = options;
  const debounceMs = options.debounceMs ?? 400;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let stopped = false;
  /** One notice per run of failures: a storage that keeps failing does not fill the transcript. */
  let failing = false;
  let writing: Promise<void> = Promise.resolve();

  const failed = (what: string, error: unknown) => {
    if (failing) return;
    failing = true;
    session.reportNotice({reason: 'storage', level: 'info', code: ErrorCodes.STORAGE_FAILED, message: `${what} (${errorMessage(error)}).`});
  };

  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return writing;
    const record: StoredSession = {snapshot: session.snapshot({conversation: true}), alwaysAllowed: session.alwaysAllowed};
    // One write at a time, in order: the last one holds the latest state.
    writing = writing.then(() =>
      storage.save(key, JSON.stringify(record)).then(
        () => void (failing = false),
        (error: unknown) => failed('This session could not be kept in the browser', error),
      ),
    );
    return writing;
  };
  const later = () => {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(), debounceMs);
  };

  const offStore = session.widgets.subscribe((change) => {
    // A draft is not kept (the call may still fail); a restore's widgets are what was stored.
    // `cleared` is clear()'s, which erases the copy (below) rather than saving an empty one.
    if (change.kind === 'drafted' || change.kind === 'draft-removed' || change.kind === 'cleared' || session.restoring) return;
    later();
  });
  const offSession = session.subscribe((event) => {
    // The end of a question is saved at once: a reload right after the answer must find it.
    if (event.type === 'run-end') {
      if (started && !stopped) void save();
    } else if (event.type === 'approval-settled' && event.state === 'allowed-always') later();
    else if (event.type === 'cleared') {
      clearTimeout(timer);
      timer = undefined;
      writing = writing.then(() => storage.erase(key).catch((error: unknown) => failed('The stored copy of this session could not be erased', error)));
    }
  });

  const restored = (async (): Promise<RestoreResult | undefined> => {
    if (options.restore === false) return undefined;
    let stored: unknown;
    try {
      stored = await storage.load(key);
    } catch (error) {
      failed('The stored copy of this session could not be read', error);
      return undefined;
    }
    if (stopped || stored === undefined || stored === null) return undefined;
    let record: StoredSession;
    try {
      record = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredSession;
    } catch (error) {
      failed('The stored copy of this session is damaged', error);
      return undefined;
    }
    try {
      const result = await session.restore(record?.snapshot, {source: 'local'});
      if (Array.isArray(record.alwaysAllowed)) session.allowAlways(record.alwaysAllowed.filter((k): k is string => typeof k === 'string'));
      return result;
    } catch {
      // The session has told why (its error and notice); what is in memory now is kept.
      return undefined;
    }
  })().finally(() => {
    started = true;
  });
  // A question asked before the stored copy is in continues it rather than racing it.
  session.holdQuestions(restored);

  return {
    restored,
    // Only a change not yet written: a flush after clear() must not store the empty session.
    flush: () => restored.then(() => (timer !== undefined ? save() : writing)),
    stop() {
      stopped = true;
      clearTimeout(timer);
      offStore();
      offSession();
    },
  };
}
