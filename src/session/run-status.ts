/**
 * What a view says about the question being answered, folded from the session's events: nothing
 * (`idle`), the step a run is on (`working`), or why the last question failed (`failed`, with the
 * question, so the view can offer to ask it again). The canvas's status line and error notice
 * show it. A stopped run is no failure; the next question and `clear()` start afresh.
 */
import type {RunStep} from '../agent/run-step.js';
import type {SessionError, SessionEvent} from './session-events.js';

/**
 * The status of the session's questions. While `working`, `asking` counts the cards waiting for
 * the person (approvals, sign-ins, servers' questions), and `error` keeps the first failure told
 * during the run, which the run's end turns into `failed` unless the run was stopped.
 */
export type RunStatus =
  | {state: 'idle'}
  | {state: 'working'; step: RunStep; asking: number; error?: SessionError}
  | {state: 'failed'; code: string; message: string; question: string};

/** No question running, none failed. */
export const IDLE: RunStatus = {state: 'idle'};

/** A question that has just started. */
export const STARTED: RunStatus = {state: 'working', step: {kind: 'thinking'}, asking: 0};

/**
 * Errors told during a run that are not the run's own: a second question refused while this one
 * runs, a file dropped meanwhile, the browser's storage, a snapshot given to `restore()`.
 */
const NOT_THE_RUNS = new Set(['RUN_IN_PROGRESS', 'INVALID_ARGUMENT', 'FILE_REFUSED', 'FILE_UNREADABLE', 'STORAGE_FAILED', 'SNAPSHOT_INVALID', 'SNAPSHOT_TOO_LARGE']);

/** The status after `event`; the same object when nothing a view shows changed. */
export function nextRunStatus(status: RunStatus, event: SessionEvent): RunStatus {
  if (event.type === 'run-start') return STARTED;
  if (event.type === 'cleared') return IDLE;
  // Whatever happens outside a run (a server failing at page load) is not the canvas's to tell.
  if (status.state !== 'working') return status;
  switch (event.type) {
    case 'step':
      // The loop may tell a step twice (as a call is written, then as it runs): no new status then.
      return JSON.stringify(status.step) === JSON.stringify(event.step) ? status : {...status, step: event.step};
    case 'approval':
    case 'sign-in':
    case 'elicitation':
      return {...status, asking: status.asking + 1};
    case 'approval-settled':
    case 'sign-in-settled':
    case 'elicitation-settled':
      return {...status, asking: Math.max(0, status.asking - 1)};
    case 'error':
      return status.error || NOT_THE_RUNS.has(event.error.code) ? status : {...status, error: event.error};
    case 'run-end': {
      const {stopReason, error} = event.result;
      if (stopReason === 'aborted') return IDLE;
      const failure = (stopReason === 'error' && error) || status.error;
      return failure ? {state: 'failed', code: failure.code, message: failure.message, question: event.question} : IDLE;
    }
  }
  return status;
}
