/**
 * The element's debug console (`debug`): a developer's tool, so its code is a lazy chunk that
 * comes only once `debug` is set (and again at each later switch on, which retries a failed load).
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ErrorCodes, loadFailed} from '../../errors.js';
import {defineElement} from '../../define-element.js';
import type {AgentSession} from '../../session/agent-session.js';
import {recordRuns, type RunLog} from '../../session/run-log.js';
import type {RunRecord} from '../../session/session-events.js';
import type {SpanRecord} from '../../telemetry/span-record.js';

/** What the console needs from its element. */
export interface DebugConsoleHost extends ReactiveControllerHost {
  readonly debug: boolean;
  readonly session: AgentSession;
  /** Where the element renders its console. */
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * Defines `<autoui-console>` when `debug` is switched on, and records the questions it shows from
 * the element's creation on (a console switched on later shows the earlier ones), and gives it the
 * last question's spans. See the module comment.
 */
export class DebugConsoleController implements ReactiveController {
  readonly #host: DebugConsoleHost;
  readonly #log: RunLog;
  /** `debug` at the last update, to load on each switch on. */
  #on = false;

  constructor(host: DebugConsoleHost) {
    this.#host = host;
    this.#log = recordRuns(host.session);
    host.addController(this);
  }

  /** Each question's tool calls and usage, for the console. */
  get runs(): readonly RunRecord[] {
    return this.#log.runs;
  }

  /**
   * The last traced question's spans, for the console's waterfall: empty without `telemetry`.
   * The session keeps them and tells each new set with a `trace` event, on which the element
   * renders again (as on every session event); after each render the console is given them.
   */
  get spans(): readonly SpanRecord[] {
    return this.#host.session.lastTrace;
  }

  hostUpdate(): void {
    const {debug, session} = this.#host;
    if (debug && !this.#on) {
      import('./autoui-console.js').then(
        (m) => defineElement('autoui-console', m.AutouiConsole),
        (error: unknown) => session.notices.reportError(ErrorCodes.LOAD_FAILED, loadFailed('The debug console', error).message),
      );
    }
    this.#on = debug;
  }

  hostUpdated(): void {
    // The console's other data comes through the element's template; the spans come from here, so
    // the waterfall stays within this feature. The same array is set again at no cost (Lit compares).
    const console = this.#host.renderRoot.querySelector<HTMLElement & {spans: readonly SpanRecord[]}>('autoui-console');
    if (console) console.spans = this.spans;
  }
}
