/**
 * The canvas's own events, turned into the element's doing: a widget that rendered is
 * `autoui-widget-created` (with its element), a widget whose code failed to load is an error of
 * the session, "Try again" on a failed question's notice asks it again. The canvas's events stop
 * here: a page hears only the element's.
 */
import {ErrorCodes} from '../../errors.js';
import type {AgentSession} from '../../session/agent-session.js';
import {emit} from '../events.js';

/** The canvas's listeners for one element and its session. */
export interface CanvasEventHandlers {
  /** For `autoui-widget-rendered`. */
  rendered(event: CustomEvent<{id: string; type: string; element: HTMLElement}>): void;
  /** For `autoui-widget-failed`. */
  failed(event: CustomEvent<{type: string; ids: string[]; message: string}>): void;
  /** For `autoui-run-retry`. */
  retry(event: CustomEvent<{question: string}>): void;
}

/** The listeners the element puts on its canvas. */
export function canvasEventHandlers(host: HTMLElement, session: AgentSession): CanvasEventHandlers {
  return {
    rendered: (event) => {
      event.stopPropagation();
      const {id, type, element} = event.detail;
      emit(host, 'autoui-widget-created', {id, type, params: session.widgets.get(id)?.params, element});
    },
    failed: (event) => {
      event.stopPropagation();
      session.notices.reportError(ErrorCodes.LOAD_FAILED, event.detail.message);
    },
    retry: (event) => {
      event.stopPropagation();
      askAgain(host, session, event.detail.question);
    },
  };
}

/**
 * Asks a failed question again. It went back in the built-in composer when it failed: if it is
 * still there as it was, it is sent from there, as Send would (the box empties, the composer's
 * history keeps it), so it is not left behind in the box; otherwise it is asked as it was.
 * Focus then goes to the composer's box.
 */
function askAgain(host: HTMLElement, session: AgentSession, question: string): void {
  const composer = host.shadowRoot?.querySelector('autoui-composer');
  const form = composer?.shadowRoot?.querySelector('form');
  if (form?.querySelector('textarea')?.value.trim() === question) form.requestSubmit();
  else session.ask(question).catch(() => {});
  // The button goes with the notice: focus moves to the composer rather than falling to the page.
  composer?.focus();
}
