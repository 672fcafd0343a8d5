/**
 * Keeps a session in storage (`persist="local"`): restored once at the start, saved at the end of
 * each question, after a restore and after each change on the canvas (debounced, and at once on
 * `flush()`, e.g. when the page is hidden), erased by `clear()`. The stored copy is the session's
 * snapshot with its conversation and its "always allow" answers for MCP servers. It is read back
 * as untrusted as any snapshot (its widgets are checked again).
 *
 * What is kept is never lost by keeping it: a copy too large to read back is stored without its
 * conversation; widgets of a type no layer shows yet (a page widget registered late) are carried
 * to the next save; a clear or a restore that comes while the copy is being read wins over it; a
 * storage that fails, hangs or refuses (quota, private mode, a blocked database) is one notice,
 * and the session goes on in memory.
 */
import {errorMessage, ErrorCodes} from '../../errors.js';
import {readUntrustedJson} from '../../schema/untrusted-json.js';
import type {AgentSession, RestoreResult} from '../agent-session.js';
import {SNAPSHOT_LIMITS, type AutouiSnapshot, type SnapshotWidget} from './snapshot-format.js';
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
   * Restore the stored copy at once (default true). False keeps the session from now on and
   * leaves reading it back to `restoreStored()`: the element first tries a share link.
   */
  restore?: boolean;
  /** How long a storage operation may take before it counts as failed. Default 5,000 ms. */
  timeoutMs?: number;
}

/** A session being kept. */
export interface SessionPersistence {
  /** Settles once the stored copy, if any, was restored: its result, or undefined (none, unreadable, or something else came first). */
  readonly restored: Promise<RestoreResult | undefined>;
  /** Restores the stored copy now (with `restore: false`); the same rules as at the start. */
  restoreStored(): Promise<RestoreResult | undefined>;
  /** Saves now what a debounced save would save later, if anything; resolves once written (or failed). */
  flush(): Promise<void>;
  /** Saves the session now (a view restored it before this copy was kept). */
  save(): Promise<void>;
  /** Erases the stored copy now (a view cleared the session before this copy was kept). */
  erase(): Promise<void>;
  /** Stops keeping the session (the stored copy stays). */
  stop(): void;
}

/** What is stored: the snapshot with its conversation, the "always allow" answers, and widgets kept for later. */
interface StoredSession {
  snapshot: unknown;
  alwaysAllowed?: unknown;
  /** Widgets of the copy no layer could show when it was restored, tried again next time. */
  later?: unknown;
}

/**
 * What of a snapshot is kept: not the lines that said it was restored or not kept (the next visit
 * says so again), which would pile up visit after visit.
 */
const kept = (snapshot: AutouiSnapshot): AutouiSnapshot => ({
  ...snapshot,
  transcript: snapshot.transcript.filter((e) => !(e.kind === 'notice' && (e.reason === 'restored' || e.reason === 'storage'))),
});

const isEmpty = (snapshot: AutouiSnapshot) => !snapshot.widgets.length && !snapshot.transcript.length && !snapshot.conversation?.messages.length;

/** Keeps `session` under `options.key`. See the module comment. */
export function persistSession(session: AgentSession, options: PersistOptions): SessionPersistence {
  const storage = options.storage ?? indexedDbStorage();
  const {key} = options;
  const debounceMs = options.debounceMs ?? 400;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Saves wait until the stored copy was read back (or skipped): an early save would overwrite it. */
  let reading = options.restore !== false;
  let stopped = false;
  /** A clear or a restore came after the start: the stored copy must not replace it. */
  let overtaken = false;
  /** A change came while the copy was being read (saves wait meanwhile): saved once it is read. */
  let changedWhileReading = false;
  /**
   * The copy could not be read: it is not written over either until a read succeeds, so a
   * storage that answers late does not replace the previous visit's session with this one.
   */
  let unreadable = false;
  /** One notice per run of failures: a storage that keeps failing does not fill the transcript. */
  let failing = false;
  let writing: Promise<void> = Promise.resolve();
  let later: SnapshotWidget[] = [];

  const failed = (what: string, error: unknown) => {
    if (failing) return;
    failing = true;
    session.notices.report({reason: 'storage', level: 'info', code: ErrorCodes.STORAGE_FAILED, message: `${what} (${errorMessage(error)}).`});
  };
  /** `task`, or a rejection after `timeoutMs` (a blocked database never answers). */
  const timed = <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      Promise.resolve()
        .then(task)
        .then(resolve, reject)
        .finally(() => clearTimeout(timeout));
    });
  const enqueue = (what: string, task: () => Promise<void>) => {
    writing = writing.then(() =>
      timed(task).then(
        () => void (failing = false),
        (error: unknown) => failed(what, error),
      ),
    );
    return writing;
  };

  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || unreadable) return writing;
    const snapshot = kept(session.snapshot({conversation: true}));
    // Nothing to keep (a run that ended after clear()): no empty copy, which would count as one.
    if (isEmpty(snapshot) && !later.length) return enqueue('The stored copy of this session could not be erased', () => storage.erase(key));
    const text = recordText(snapshot);
    if (text === undefined) {
      failed('This session is too large to keep in the browser', new Error(`over ${SNAPSHOT_LIMITS.maxChars} characters`));
      return writing;
    }
    // One write at a time, in order: the last one holds the latest state.
    return enqueue('This session could not be kept in the browser', () => storage.save(key, text));
  };
  /**
   * The record as stored, within every limit a restore reads (characters, values, depth): without
   * the full results, then without the conversation, if need be; undefined when even the canvas
   * is beyond them.
   */
  const recordText = (snapshot: AutouiSnapshot): string | undefined => {
    const candidates = [snapshot, ...(snapshot.conversation ? [{...snapshot, conversation: {...snapshot.conversation, results: []}}, {...snapshot, conversation: undefined}] : [])];
    for (const candidate of candidates) {
      const full = {...candidate, widgets: [...candidate.widgets, ...later]};
      const text = JSON.stringify({snapshot: full, alwaysAllowed: session.approvals.alwaysAllowed} satisfies StoredSession);
      if (readUntrustedJson(text, SNAPSHOT_LIMITS).ok) return text;
    }
    return undefined;
  };
  const soon = () => {
    if (reading) changedWhileReading = true;
    if (reading || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(), debounceMs);
  };

  const offStore = session.widgets.subscribe((change) => {
    // A draft is not kept (the call may still fail); a restore's widgets are saved with its event;
    // `cleared` is clear()'s, which erases the copy (below) rather than saving an empty one.
    if (change.kind === 'drafted' || change.kind === 'draft-removed' || change.kind === 'cleared' || session.restores.applying) return;
    soon();
  });
  const offSession = session.subscribe((event) => {
    if (event.type === 'cleared') {
      overtaken = true;
      later = [];
      clearTimeout(timer);
      timer = undefined;
      void enqueue('The stored copy of this session could not be erased', () => storage.erase(key));
    } else if (event.type === 'restored' && event.source !== 'local') {
      overtaken = true;
      // What was kept for later belonged to the copy this restore replaced.
      later = [];
      soon();
    } else if (event.type === 'run-end' && !reading && !stopped) {
      // The end of a question is saved at once: a reload right after the answer must find it.
      void save();
    } else if (event.type === 'approval-settled' && event.state === 'allowed-always') soon();
  });

  const restoreStored = async (): Promise<RestoreResult | undefined> => {
    reading = true;
    changedWhileReading = false;
    try {
      return await readBack();
    } finally {
      reading = false;
      if (changedWhileReading) soon();
    }
  };
  const readBack = async (): Promise<RestoreResult | undefined> => {
    let stored: unknown;
    try {
      stored = await timed(() => storage.load(key));
      unreadable = false;
    } catch (error) {
      unreadable = true;
      failed('The stored copy of this session could not be read; it is left as it was', error);
      return undefined;
    }
    if (stopped || overtaken || stored === undefined || stored === null) return undefined;
    let record: StoredSession;
    try {
      record = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredSession;
    } catch (error) {
      failed('The stored copy of this session is damaged', error);
      return undefined;
    }
    const snapshot = record?.snapshot as {widgets?: unknown} | undefined;
    try {
      const result = await session.restore(snapshot, {source: 'local'});
      if (Array.isArray(record.alwaysAllowed)) session.approvals.allowAlways(record.alwaysAllowed.filter((k): k is string => typeof k === 'string'));
      // The widgets no layer shows yet stay in the copy: a page widget may be registered later.
      const unknown = new Set(result.dropped.filter((d) => d.unknownType).map((d) => d.index));
      later = Array.isArray(snapshot?.widgets) ? (snapshot.widgets as SnapshotWidget[]).filter((_, index) => unknown.has(index)).slice(0, SNAPSHOT_LIMITS.maxWidgets) : [];
      return result;
    } catch {
      // The session has told why (its error and notice); what is in memory now is kept.
      return undefined;
    }
  };

  const restored = options.restore === false ? Promise.resolve(undefined) : restoreStored();
  // A question asked before the stored copy is in continues it rather than racing it.
  session.restores.holdQuestions(restored);

  return {
    restored,
    restoreStored: () => {
      const done = restoreStored();
      session.restores.holdQuestions(done);
      return done;
    },
    // Only a change not yet written: a flush after clear() must not store the empty session.
    flush: () => restored.then(() => (timer !== undefined ? save() : writing)),
    save: () => save(),
    erase: () => {
      later = [];
      return enqueue('The stored copy of this session could not be erased', () => storage.erase(key));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      offStore();
      offSession();
    },
  };
}
