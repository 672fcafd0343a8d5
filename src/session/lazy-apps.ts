/**
 * The MCP Apps side of one session, as the session holds it: `api` is what the views on its canvas
 * may ask (`session.apps`), answered by `SessionApps`, a chunk of its own loaded the first time a
 * view asks (with the run engine, for approvals). Around a question: what views asked the model to
 * know goes with the next one, and views whose call a run left without a result hear why.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolLayer} from '../agent/types.js';
import {isMcpAppViewParams, MCP_APP_WIDGET_TYPE} from '../schema/mcp-app-view.js';
import {NO_TRACE} from '../telemetry/agent-tracer.js';
import type {ApprovalsMaker, LazyApprovals} from './lazy-approvals.js';
import type {QuestionSource, SessionApps, SessionAppsApi, SessionAppsDeps} from './session-apps.js';
import type {WidgetStore} from './widget-store.js';

/** What the session lends its apps side. */
export interface LazyAppsDeps {
  widgets: WidgetStore;
  /** The run engine (the approvals come with it). */
  loadEngine(): Promise<ApprovalsMaker>;
  layers(): readonly ToolLayer[];
  approvals: LazyApprovals;
  /** The session's own approval policy, as the next question would use it. */
  sessionPolicy(): unknown;
  /** Starts a question from a view; throws `RUN_IN_PROGRESS` while one runs. */
  ask(text: string, from: QuestionSource): void;
  /** `session.traced`: a view's request is a span of the question being answered, else a trace of its own. */
  traced?: SessionAppsDeps['traced'];
}

/** One session's apps side. See the module comment. */
export class LazyApps {
  /** What views may ask; every call waits for the apps' chunk. */
  readonly api: SessionAppsApi;
  readonly #deps: LazyAppsDeps;
  #apps?: SessionApps;

  constructor(deps: LazyAppsDeps) {
    this.#deps = deps;
    this.api = {
      readView: async (view, uri, signal) => (await this.#ready()).readView(view, uri, signal),
      callTool: async (view, name, args, signal) => (await this.#ready()).callTool(view, name, args, signal),
      readResource: async (view, uri, signal) => (await this.#ready()).readResource(view, uri, signal),
      message: async (view, text) => (await this.#ready()).message(view, text),
      updateModelContext: (view, text) => void this.#ready().then((apps) => apps.updateModelContext(view, text)),
      onRemove: (id, listener) =>
        deps.widgets.subscribe((change) => {
          const gone =
            change.kind === 'removed' ? change.id === id
            : change.kind === 'cleared' ? change.removed?.includes(id) || change.removedDrafts?.includes(id)
            : change.kind === 'draft-removed' && change.fromDraft === id;
          if (gone) listener();
        }),
    };
  }

  /** The question as the model reads it: with what views asked it to know since the last one. */
  withContext(question: string): string {
    return this.#apps ? this.#apps.withContext(question) : question;
  }

  /**
   * MCP App views whose call the run left without a result (Stop, a failed turn) hear why: their
   * call's own sink refuses changes once the run is over, so the session tells them.
   */
  cancelOpenViews(result: AgentResult): void {
    if (result.stopReason !== 'aborted' && result.stopReason !== 'error') return;
    const reason = result.stopReason === 'aborted' ? 'The question was stopped.' : result.error?.message ?? 'The question failed.';
    const store = this.#deps.widgets;
    for (const {id, type} of result.widgets) {
      const params = type === MCP_APP_WIDGET_TYPE ? store.get(id)?.params : undefined;
      if (isMcpAppViewParams(params) && params.result === undefined && params.cancelled === undefined) store.update(id, {...params, cancelled: reason});
    }
  }

  /** Forgets the views read and the contexts kept (the conversation was cleared). */
  clear(): void {
    this.#apps?.clear();
  }

  /** The apps' side, made the first time a view asks. */
  async #ready(): Promise<SessionApps> {
    const [engine, {SessionApps}] = await Promise.all([this.#deps.loadEngine(), import('./session-apps.js')]);
    const {approvals} = this.#deps;
    this.#apps ??= new SessionApps({
      layers: () => this.#deps.layers(),
      policyFor: (layer) => approvals.policyFor(layer, this.#deps.sessionPolicy()),
      approvals: () => approvals.of(engine),
      ask: (text, from) => this.#deps.ask(text, from),
      traced: this.#deps.traced ?? ((_name, work) => work(NO_TRACE)),
    });
    return this.#apps;
  }
}
