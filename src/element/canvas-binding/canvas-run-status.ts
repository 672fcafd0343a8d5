/**
 * The run status the element hands its canvas: the session's events folded by `nextRunStatus`
 * from the moment the canvas's chunk loads (a question already running then is thinking). The
 * element renders at every session event, so the canvas gets each new status with that render.
 */
import type {AgentSession} from '../../session/agent-session.js';
import {IDLE, STARTED, nextRunStatus, type RunStatus} from '../../session/run-status.js';

/** One element's run status. */
export class CanvasRunStatus {
  /** The status now: a new object at each change, the same one otherwise. */
  value: RunStatus;

  constructor(session: AgentSession) {
    this.value = session.running ? STARTED : IDLE;
    session.subscribe((event) => (this.value = nextRunStatus(this.value, event)));
  }
}
