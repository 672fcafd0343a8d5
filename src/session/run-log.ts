/**
 * The questions of a session as a debug console shows them, recorded from the session's events:
 * each question's tool calls, then its usage and stop reason. Emptied with the conversation
 * (`cleared`) and when a snapshot replaces it (`restored`).
 */
import type {RunRecord, SessionListener} from './session-events.js';

/** A session's questions being recorded. */
export interface RunLog {
  /** Each question, oldest first (a new array when a question or a tool call is added). */
  readonly runs: readonly RunRecord[];
  /** Stops recording. */
  stop(): void;
}

/** Records the questions of `session` from now on. See the module comment. */
export function recordRuns(session: {subscribe(listener: SessionListener): () => void}): RunLog {
  let runs: readonly RunRecord[] = [];
  /** The question being answered, until its end. */
  let current: RunRecord | undefined;
  const stop = session.subscribe((event) => {
    if (event.type === 'run-start') {
      current = {question: event.question, calls: []};
      runs = [...runs, current];
    } else if (event.type === 'tool-call' && current) {
      current.calls = [...current.calls, event.call];
      runs = [...runs];
    } else if (event.type === 'run-end' && current) {
      current.usage = event.result.usage;
      current.stopReason = event.result.stopReason;
      current = undefined;
    } else if (event.type === 'cleared' || event.type === 'restored') {
      runs = [];
      current = undefined;
    }
  });
  return {
    get runs() {
      return runs;
    },
    stop,
  };
}
