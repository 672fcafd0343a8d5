/**
 * `AgentSession`: one conversation with the agent, without any DOM. It holds what a conversation
 * is made of: the model's history and the result buffer behind `recall`, the question being
 * answered and its AbortController, the widget store (the one record of what is on the canvas),
 * the visible transcript, the MCP servers and their state, the tool layers. `ask`, `abort` and
 * `clear` drive it; `subscribe` hears everything that happens, as one typed union of events.
 *
 * `<autoui-agent>` is a view over one session. A page or a framework app can drive a session with
 * its own UI, in a page or a Worker. Nothing is global: two sessions share nothing.
 *
 * The rules of a conversation live here: one question at a time; Stop and `clear()` work at any
 * moment; a failed question is not kept in the history (it is sent once when asked again); after
 * `clear()` nothing of an earlier run comes back. The rest is one feature per module: events
 * (`conversation.ts`), servers (`session-servers.ts`), restores (`snapshot/session-restores.ts`),
 * approvals (`lazy-approvals.ts`), MCP App views (`lazy-apps.ts`), traces (`session-telemetry.ts`),
 * each question's engine, the loop or an AG-UI agent (`question-runner.ts`).
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolLayer} from '../agent/types.js';
import type {WidgetDraftSink} from '../agent/widget-sink.js';
import {ErrorCodes} from '../errors.js';
import type {ChildSpanOptions, TraceSpan} from '../telemetry/agent-tracer.js';
import {Conversation, type SessionNoticesApi} from './conversation.js';
import {approvalsIn, type SessionApprovalsApi} from './lazy-approvals.js';
import {LazyApps} from './lazy-apps.js';
import {QuestionRunner} from './question-runner.js';
import {failedRun, stoppedRun} from './run-outcome.js';
import type {ServerConfig, ServerStatus} from './server-set.js';
import type {SessionAppsApi} from './session-apps.js';
import type {SessionListener} from './session-events.js';
import type {AgentSessionOptions, AskOptions, SessionSettings} from './session-options.js';
import {SessionRestores, type RestoreOptions, type RestoreResult, type SessionRestoresApi} from './snapshot/session-restores.js';
import {SessionServers} from './session-servers.js';
import {SessionTelemetry, type SpanRecord} from './session-telemetry.js';
import type {SessionSignInsApi} from './sign-out.js';
import type {AutouiSnapshot, SnapshotOptions} from './snapshot/snapshot-format.js';
import {takeSnapshot} from './snapshot/take-snapshot.js';
import type {TranscriptEntry} from './transcript.js';
import {vetoableCanvas} from './vetoable-canvas.js';
import {WidgetStore} from './widget-store.js';

export type {AgentSessionOptions, AskOptions, SessionSettings} from './session-options.js';
export type {RestoreOptions, RestoreResult} from './snapshot/session-restores.js';

/** One conversation. See the module comment. */
export class AgentSession {
  /** The widgets on the canvas: the one record of them. Views render it; tools change it through {@link canvas}. */
  readonly widgets = new WidgetStore();
  /**
   * The canvas as tools see it: the widget store, with the page's veto (`widget-create`) before each
   * new widget; a tool run outside any question (WebMCP) is handed this one, so the same veto applies.
   */
  readonly canvas: WidgetDraftSink;
  /** What MCP App views on the canvas may ask of the session (their server's tools and resources, the next question, the model's context); a lazy chunk. */
  readonly apps: SessionAppsApi;
  /** The "always allow" answers, for the page's own stored copy of the session. */
  readonly approvals: SessionApprovalsApi;
  /** Sign-out of MCP servers that asked the person to sign in. */
  readonly signIns: SessionSignInsApi;
  /** What questions wait for besides a restore, and whether one is writing the canvas. */
  readonly restores: SessionRestoresApi;
  /** A view's own failures and notices, told in the transcript. */
  readonly notices: SessionNoticesApi;

  #settings: SessionSettings;
  readonly #hooks: Pick<AgentSessionOptions, 'prepare' | 'prepareRestore' | 'settle' | 'serverWaitMs' | 'askApproval' | 'auth' | 'askElicitation' | 'protocolMemory' | 'attachedFiles'>;
  /** The history, the result buffer, the transcript, and who hears of them. */
  readonly #conversation = new Conversation();
  /** The MCP servers, and what they ask of the person. */
  readonly #servers: SessionServers;
  /** Calls that wait for a person, each layer's policy, the "always allow" answers. */
  readonly #approvals = approvalsIn(this.#conversation, {askApproval: () => this.#hooks.askApproval, serverPolicy: (layer) => this.#servers.configOf(layer)?.approve});
  /** Loads the engines, picks each question's (the loop, or the site's own AG-UI agent), and keeps the agent's thread. */
  readonly #runner = new QuestionRunner();
  /** The run engine, also for restores and MCP App views. */
  readonly #loadEngine = this.#runner.loadLoop;
  /** What the MCP App views on the canvas ask of the session. */
  readonly #apps: LazyApps;
  /** Snapshots read back, and what questions wait for. */
  readonly #restores: SessionRestores;
  #layers: ToolLayer[];
  /** Each question's trace, when the settings turn tracing on. */
  readonly #telemetry = new SessionTelemetry((spans) => this.#conversation.emit({type: 'trace', spans}));
  #run?: AbortController; // the question being answered
  /** Bumped by clear(): a run started before it must write nothing back. */
  #epoch = 0;

  constructor(options: AgentSessionOptions = {}) {
    const {layers, servers, prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory, attachedFiles, ...settings} = options;
    this.#settings = settings;
    this.#hooks = {prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory, attachedFiles};
    this.#layers = [...(layers ?? [])];
    this.notices = this.#conversation.notices;
    this.#servers = new SessionServers(this.#conversation, {...this.#hooks, timed: (name, work) => this.#telemetry.timed(name, work), traced: (name, work, options) => this.traced(name, work, options)});
    this.signIns = this.#servers.signIns;
    this.canvas = vetoableCanvas(this.widgets, this.#conversation.offer);
    this.approvals = this.#approvals.api;
    this.#apps = new LazyApps({
      ...{widgets: this.widgets, loadEngine: this.#loadEngine, approvals: this.#approvals, traced: (name, work, options) => this.traced(name, work, options)},
      layers: () => this.layers,
      sessionPolicy: () => this.#settings.approve,
      ask: (text, from) => {
        if (this.#run) throw this.#conversation.refuse(ErrorCodes.RUN_IN_PROGRESS, "A question is already being answered; the view's message was not sent.");
        void this.ask(text, {from});
      },
    });
    this.apps = this.#apps.api;
    const restoring = {epoch: () => this.#epoch, run: () => this.#run, prepare: () => this.#hooks.prepareRestore?.(), forgetApprovals: () => this.#approvals.forget()};
    this.#restores = new SessionRestores({...restoring, widgets: this.widgets, conversation: this.#conversation, loadEngine: this.#loadEngine, layers: () => this.layers});
    this.restores = this.#restores.api;
    this.widgets.subscribe((change) => this.#conversation.widgetChanged(change));
    if (servers) this.setServers(servers);
  }

  /** Changes how the next questions are answered (a run in progress keeps its settings). */
  configure(settings: SessionSettings): void {
    this.#settings = {...this.#settings, ...settings};
  }

  /** The settings the next question will use. */
  get settings(): Readonly<SessionSettings> {
    return this.#settings;
  }

  /** True while a question is being answered. */
  get running(): boolean {
    return this.#run !== undefined;
  }

  /** What the transcript shows, oldest first (a new array after each change). */
  get transcript(): readonly TranscriptEntry[] {
    return this.#conversation.transcript;
  }

  /** The site's own agent's state (`agent`) as its last event left it; undefined before any (an `agent-state` event tells each change). */
  get agentState(): unknown {
    return this.#runner.thread.state;
  }

  /** The last traced question's spans, as plain records (a `trace` event tells each new set); empty when none was traced. */
  get lastTrace(): readonly SpanRecord[] {
    return this.#telemetry.lastTrace;
  }

  /**
   * Runs `work` in a span `name` of the session's traces: a child of the question being answered,
   * else a trace of its own (a file attached, an MCP App view's request, a page's own work). A
   * failure marks the span and passes on; untraced, `work` gets a span that records nothing.
   */
  traced<T>(name: string, work: (span: TraceSpan) => Promise<T>, options: ChildSpanOptions = {}): Promise<T> {
    return this.#telemetry.traced(this.#settings, name, options, work);
  }

  /** Each server's state, in the order they were given. */
  get servers(): readonly ServerStatus[] {
    return this.#servers.statuses;
  }

  /** Every tool layer a question would use now: the connected servers', then the in-page ones. */
  get layers(): readonly ToolLayer[] {
    return [...this.#servers.layers, ...this.#layers];
  }

  /** Connects the servers that are new, closes those no longer listed, keeps the others. */
  setServers(servers: readonly ServerConfig[]): void {
    this.#servers.sync(servers);
  }

  /** Adds an in-page layer (replacing one with the same server name). Used from the next question on. */
  addLayer(layer: ToolLayer): void {
    this.removeLayer(layer.serverName);
    this.#layers.push(layer);
  }

  /** Removes an in-page layer by its server name. */
  removeLayer(name: string): void {
    this.#layers = this.#layers.filter((l) => l.serverName !== name);
  }

  /** Calls `listener` with every event of the session; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    return this.#conversation.subscribe(listener);
  }

  /**
   * Asks a question. Resolves with the run's result, also for model, server and settings
   * failures (`stopReason: 'error'`); rejects with `INVALID_ARGUMENT` for an empty question and
   * `RUN_IN_PROGRESS` while another runs, without starting anything.
   */
  async ask(question: string, options: AskOptions = {}): Promise<AgentResult> {
    const conversation = this.#conversation;
    if (typeof question !== 'string' || !question.trim()) {
      throw conversation.refuse(ErrorCodes.INVALID_ARGUMENT, 'ask(question) needs a question: a string with some text.');
    }
    if (this.#run) {
      conversation.notice({reason: 'busy', level: 'info', code: ErrorCodes.RUN_IN_PROGRESS});
      throw conversation.refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question is already being answered. Wait for it, or stop it first.');
    }
    const text = question.trim();
    const epoch = this.#epoch;
    const live = () => epoch === this.#epoch;
    const controller = (this.#run = new AbortController());
    // Stop and clear() must end a question at once, also before the loop has started.
    const stopped = new Promise<'stopped'>((resolve) => controller.signal.addEventListener('abort', () => resolve('stopped'), {once: true}));
    // A snapshot being restored (or a stored copy being read) goes in first, then the question.
    await this.#restores.before(controller, stopped);
    const from = options.from;
    if (live()) conversation.asked({kind: 'user', text, ...(from ? {from} : {})});
    // What the model reads: a view's message says it is one, and views' context goes with it.
    const asked = from ? `[Sent by the ${from.app.tool} app view of ${from.app.server} after the user clicked in it; the words are the view's, not typed by the user:] ${text}` : text;
    const modelText = this.#apps.withContext(asked);
    conversation.emit({type: 'run-start', question: text});
    this.#telemetry.asked(text);
    let result: AgentResult;
    try {
      // Servers that want a sign-in ask now, and those signed in connect, before the model starts;
      // then the engine loads: the loop's, or the agent's when the settings (once prepared) name one.
      await this.#telemetry.timed('await_servers', () => this.#servers.ready(controller.signal, stopped, this.#hooks.serverWaitMs));
      const engine = await this.#telemetry.timed('load_engine', () => Promise.race([this.#runner.load(() => this.#settings, this.#hooks.prepare?.(controller.signal)), stopped]));
      const [settings, layers, signal] = [this.#settings, this.layers, controller.signal];
      result =
        engine === 'stopped' || signal.aborted
          ? stoppedRun(conversation.history)
          : await this.#runner.run(engine, modelText, {settings, conversation, layers, widgets: this.canvas, approvals: this.#approvals, signal, live, trace: await this.#telemetry.started(settings)});
    } catch (error) {
      // Settings refused before any request (an unknown provider, an endpoint that is no URL, a
      // chunk that did not load) are told like any other failure, never lost in a rejection.
      result = failedRun(conversation.history, error);
    }
    if (live()) {
      // A failed question goes back to the person; keeping it in the history would send it twice.
      if (result.stopReason !== 'error') conversation.history = result.messages;
      conversation.ended(result);
      this.#apps.cancelOpenViews(result);
    }
    try {
      await this.#telemetry.timed('render_widgets', async () => this.#hooks.settle?.(result));
    } catch {
      // Contract: settle must not throw; if it does, the question still ends.
    }
    if (live()) conversation.endText();
    await this.#telemetry.ended(result);
    if (this.#run === controller) this.#run = undefined;
    conversation.emit({type: 'run-end', question: text, result});
    return result;
  }

  /** Stops the question being answered, if any (a call waiting for approval is not run). */
  abort(): void {
    this.#run?.abort();
    this.#servers.cancelQuestions();
  }

  /** Stops any question (a call waiting for approval is not run), and forgets the conversation, the transcript, the canvas and every "always allow". */
  clear(): void {
    this.#epoch++;
    this.abort();
    this.#approvals.forget();
    this.#apps.clear();
    this.#telemetry.forget();
    this.#runner.thread.forget();
    this.#conversation.replace({history: [], transcript: []});
    this.widgets.clear();
    this.#conversation.emit({type: 'cleared'});
  }

  /** Stops any question and closes the servers (a later `setServers` connects them again). */
  close(): void {
    this.abort();
    this.#servers.closeAll();
  }

  /**
   * The session as plain JSON (see `AutouiSnapshot`): widgets with params, places, sizes and styles;
   * the transcript (tool calls without arguments or results); servers' names and addresses (no token
   * or query string); attached files' schema (no row). `{conversation: true}` adds the conversation
   * as the model saw it, tool results included, as of the last finished question.
   */
  snapshot(options: SnapshotOptions = {}): AutouiSnapshot {
    const conversation = this.#conversation;
    return takeSnapshot({
      widgets: this.widgets.list(),
      transcript: conversation.transcript,
      servers: this.#servers.statuses,
      files: this.#hooks.attachedFiles?.(),
      ...(options.conversation ? {conversation: {messages: conversation.history, results: conversation.buffer?.entries() ?? []}} : {}),
    });
  }

  /**
   * Replaces the canvas, the transcript and (if it has one) the conversation with an untrusted
   * snapshot's: its format is checked (`SNAPSHOT_INVALID`, `SNAPSHOT_TOO_LARGE`: nothing changes),
   * each widget as a `widget_display` call would be and by the page's veto (`widget-create`); what
   * fails is left out and listed, never shown raw. No model or server request; a question asked
   * meanwhile waits. Rejects with `RUN_IN_PROGRESS` during a question, `ABORTED` if `clear()` comes first.
   */
  restore(snapshot: unknown, options: RestoreOptions = {}): Promise<RestoreResult> {
    return this.#restores.restore(snapshot, options);
  }
}
