/**
 * The element's debug console (`debug`): a developer's tool, so its code is a lazy chunk that
 * comes only once `debug` is set (and again at each later switch on, which retries a failed load).
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ErrorCodes, loadFailed} from '../errors.js';
import {defineElement} from '../define-element.js';
import type {AgentSession} from '../session/agent-session.js';

/** What the console needs from its element. */
export interface DebugConsoleHost extends ReactiveControllerHost {
  readonly debug: boolean;
  readonly session: AgentSession;
}

/** Defines `<autoui-console>` when `debug` is switched on. See the module comment. */
export class DebugConsoleController implements ReactiveController {
  readonly #host: DebugConsoleHost;
  /** `debug` at the last update, to load on each switch on. */
  #on = false;

  constructor(host: DebugConsoleHost) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    const {debug, session} = this.#host;
    if (debug && !this.#on) {
      import('./autoui-console.js').then(
        (m) => defineElement('autoui-console', m.AutouiConsole),
        (error: unknown) => session.reportError(ErrorCodes.LOAD_FAILED, loadFailed('The debug console', error).message),
      );
    }
    this.#on = debug;
  }
}
