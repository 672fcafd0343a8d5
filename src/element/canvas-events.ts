/**
 * The canvas's own events about widgets, turned into the element's: a widget that rendered is
 * `autoui-widget-created` (with its element), a widget whose code failed to load is an error of
 * the session. The canvas's events stop here: a page hears only the element's.
 */
import {ErrorCodes} from '../errors.js';
import type {AgentSession} from '../session/agent-session.js';
import {emit} from './events.js';

/** The canvas's listeners for one element and its session. */
export interface CanvasEventHandlers {
  /** For `autoui-widget-rendered`. */
  rendered(event: CustomEvent<{id: string; type: string; element: HTMLElement}>): void;
  /** For `autoui-widget-failed`. */
  failed(event: CustomEvent<{type: string; ids: string[]; message: string}>): void;
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
  };
}
