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
 * moment, also while servers connect or the engine loads; a question that failed is not kept in
 * the history (it is sent once when asked again); after `clear()` nothing of an earlier run comes
 * back. `snapshot()` writes the session as plain JSON; `restore()` reads one back as untrusted
 * input, checking every widget as a `widget_display` call is checked, without any model or server
 * request; a question asked meanwhile waits for it.
 */
import type {AgentLoopOptions, AgentResult} from '../agent/agent-loop.js';
import type {ResultBuffer} from '../agent/result-buffer.js';
import type {ToolLayer, ToolOutput, WebMcpLayer} from '../agent/types.js';
import type {NewWidget, WidgetDraftSink} from '../agent/widget-sink.js';
import {AutouiError, ErrorCodes, type AutouiErrorCode} from '../errors.js';
import type {ModelMessage} from '../providers/model-messages.js';
import {failedRun, stoppedRun} from './run-outcome.js';
import {ServerSet, type ServerConfig, type ServerStatus} from './server-set.js';
import {forgetTokens} from '../mcp/auth-store.js';
import {LazyApprovals} from './lazy-approvals.js';
import {LazyApps} from './lazy-apps.js';
import {lazyChunk} from './lazy-chunk.js';
import {loopOptions} from './loop-options.js';
import {SessionElicitations} from './session-elicitations.js';
import {SessionRestores, type RestoreOptions, type RestoreResult} from './session-restores.js';
import {SessionSignIns} from './session-sign-ins.js';
import type {QuestionSource, SessionAppsApi} from './session-apps.js';
import type {RunRecord, SessionEvent, SessionListener} from './session-events.js';
import type {AgentSessionOptions, SessionSettings} from './session-options.js';
import type {AutouiSnapshot, SnapshotOptions} from './snapshot-format.js';
import {takeSnapshot} from './take-snapshot.js';
import {appendAssistantText, endAssistantText, settleEntry, type CardEntry, type Notice, type TranscriptEntry} from './transcript.js';
import {vetoableCanvas} from './vetoable-canvas.js';
import {WidgetStore, type WidgetChange} from './widget-store.js';

export type {AgentSessionOptions, SessionSettings} from './session-options.js';
export type {RestoreOptions, RestoreResult} from './session-restores.js';

type RunEngine = typeof import('./run-engine.js');

/** Options of {@link AgentSession.ask}. */
export interface AskOptions {
  /** Where the question comes from when the person did not type it: an MCP App view's `ui/message`. */
  from?: QuestionSource;
}

const DEFAULT_SERVER_WAIT_MS = 10_000;

/** One conversation. See the module comment. */
export class AgentSession {
  /** The widgets on the canvas: the one record of them. Views render it; tools change it through the session. */
  readonly widgets = new WidgetStore();
  /**
   * What the MCP App views on the canvas may ask of the session: their own server's tools and
   * resources, the next question, the model's context. Its code is a lazy chunk of its own.
   */
  readonly apps: SessionAppsApi;

  #settings: SessionSettings;
  readonly #hooks: Pick<AgentSessionOptions, 'prepare' | 'prepareRestore' | 'settle' | 'serverWaitMs' | 'askApproval' | 'auth' | 'askElicitation' | 'protocolMemory'>;
  readonly #listeners = new Set<SessionListener>();
  /** Servers waiting for the person to sign in; the next question asks. */
  readonly #signIns = new SessionSignIns({
    shown: (request, respond) => void this.#cardAsked({kind: 'sign-in', request, state: 'pending'}, {type: 'sign-in', request, respond}),
    settled: (request, state) => this.#cardSettled({kind: 'sign-in', request, state}, {type: 'sign-in-settled', id: request.id, request, state}),
  });
  /** Servers' questions to the person. */
  readonly #elicitations = new SessionElicitations({
    asked: (request, respond) => this.#cardAsked({kind: 'elicitation', request, state: 'pending'}, {type: 'elicitation', request, respond}),
    settled: (request, state) => this.#cardSettled({kind: 'elicitation', request, state}, {type: 'elicitation-settled', id: request.id, request, state}),
    askElicitation: () => this.#hooks.askElicitation,
  });
  readonly #servers = new ServerSet({
    ready: (name, tools, protocol) => this.#emit({type: 'server-ready', name, tools, protocol}),
    connectOptions: () => ({
      elicit: this.#elicitations.ask,
      ...(this.#hooks.protocolMemory ? {protocolMemory: this.#hooks.protocolMemory} : {}),
      ...(this.#hooks.auth ? {auth: {...this.#hooks.auth, authorize: (request, signal) => this.#signIns.authorize(request, signal)}} : {}),
    }),
    error: (name, code, message) => {
      this.#emit({type: 'server-error', name, code, message});
      // A configuration the page has not finished (a url bound a moment later) is for the page's
      // developer: the server-error event and the server's state, no notice in the transcript.
      if (code !== ErrorCodes.MCP_CONFIG) this.#fail(code, message);
    },
  });
  /** Calls that wait for a person, each layer's policy, the "always allow" answers. */
  readonly #approvals = new LazyApprovals({
    asked: (request, respond) => this.#cardAsked({kind: 'approval', request, state: 'pending'}, {type: 'approval', request, respond}),
    settled: (request, state) => this.#cardSettled({kind: 'approval', request, state}, {type: 'approval-settled', id: request.id, request, state}),
    askApproval: () => this.#hooks.askApproval,
    serverPolicy: (layer) => this.#servers.configOf(layer)?.approve,
  });
  /** What the MCP App views on the canvas ask of the session. */
  readonly #apps: LazyApps;
  /** Snapshots read back, and what questions wait for. */
  readonly #restores: SessionRestores;
  /** The canvas tools see: the store, with the page's veto before each new widget. */
  readonly #canvas: WidgetDraftSink;
  #layers: ToolLayer[];
  #history: ModelMessage[] = [];
  #buffer?: ResultBuffer;
  #transcript: readonly TranscriptEntry[] = [];
  #runs: readonly RunRecord[] = [];
  /** The question being answered. */
  #run?: AbortController;
  /** Bumped by clear(): a run started before it must write nothing back. */
  #epoch = 0;
  readonly #loadEngine = lazyChunk<RunEngine>(() => import('./run-engine.js'));

  constructor(options: AgentSessionOptions = {}) {
    const {layers, servers, prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory, ...settings} = options;
    this.#settings = settings;
    this.#hooks = {prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory};
    this.#layers = [...(layers ?? [])];
    this.#canvas = vetoableCanvas(this.widgets, this.#offer);
    this.#apps = new LazyApps({
      widgets: this.widgets,
      loadEngine: this.#loadEngine,
      layers: () => this.layers,
      approvals: this.#approvals,
      sessionPolicy: () => this.#settings.approve,
      ask: (text, from) => {
        if (this.#run) throw this.#refuse(ErrorCodes.RUN_IN_PROGRESS, "A question is already being answered; the view's message was not sent.");
        void this.ask(text, {from});
      },
    });
    this.apps = this.#apps.api;
    this.#restores = new SessionRestores({
      widgets: this.widgets,
      epoch: () => this.#epoch,
      run: () => this.#run,
      prepare: () => this.#hooks.prepareRestore?.(),
      loadEngine: this.#loadEngine,
      layers: () => this.layers,
      offer: this.#offer,
      replace: ({history, buffer, transcript}) => {
        this.#approvals.forget();
        this.#history = history;
        this.#buffer = buffer;
        this.#runs = [];
        this.#transcript = transcript;
      },
      fail: (code, message) => this.#fail(code, message),
      refuse: (code, message) => this.#refuse(code, message),
      notice: (notice) => this.#notice(notice),
      restored: (source, result) => this.#emit({type: 'restored', source, ...result}),
    });
    this.widgets.subscribe((change) => this.#onWidgetChange(change));
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
    return this.#transcript;
  }

  /** Each question's tool calls and usage, for a debug console. */
  get runs(): readonly RunRecord[] {
    return this.#runs;
  }

  /** The conversation as the model will see it with the next question. */
  get history(): readonly ModelMessage[] {
    return this.#history;
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
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Loads what running a question needs (the loop and the providers, a lazy chunk), so the first
   * question does not wait for it. Safe to call many times.
   */
  preload(): Promise<void> {
    return this.#loadEngine().then(() => undefined);
  }

  /**
   * Asks a question. Resolves with the run's result, also for model, server and settings
   * failures (`stopReason: 'error'`); rejects with `INVALID_ARGUMENT` for an empty question and
   * `RUN_IN_PROGRESS` while another runs, without starting anything.
   */
  async ask(question: string, options: AskOptions = {}): Promise<AgentResult> {
    if (typeof question !== 'string' || !question.trim()) {
      throw this.#refuse(ErrorCodes.INVALID_ARGUMENT, 'ask(question) needs a question: a string with some text.');
    }
    if (this.#run) {
      this.#notice({reason: 'busy', level: 'info', code: ErrorCodes.RUN_IN_PROGRESS});
      throw this.#refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question is already being answered. Wait for it, or stop it first.');
    }
    const text = question.trim();
    const epoch = this.#epoch;
    const live = () => epoch === this.#epoch;
    const controller = (this.#run = new AbortController());
    // Stop and clear() must end a question at once, also before the loop has started.
    const stopped = new Promise<'stopped'>((resolve) => controller.signal.addEventListener('abort', () => resolve('stopped'), {once: true}));
    // A snapshot being restored (or a stored copy being read) is the conversation this question
    // continues: it goes in first, then the question.
    await this.#restores.before(controller, stopped);
    const record: RunRecord = {question: text, calls: []};
    const from = options.from;
    if (live()) {
      this.#runs = [...this.#runs, record];
      this.#transcript = [...this.#transcript, {kind: 'user', text, ...(from ? {from} : {})}];
    }
    // What the model reads: a view's message says it is one, and views' context goes with it.
    const asked = from ? `[Sent by the ${from.app.tool} app view of ${from.app.server} after the user clicked in it; the words are the view's, not typed by the user:] ${text}` : text;
    const modelText = this.#apps.withContext(asked);
    this.#emit({type: 'run-start', question: text});
    let result: AgentResult;
    try {
      const wait = this.#hooks.serverWaitMs ?? DEFAULT_SERVER_WAIT_MS;
      this.#servers.retrySignIns();
      await Promise.race([this.#servers.settled(wait), stopped]);
      // Servers that want a sign-in ask now, and those signed in connect, before the model starts.
      if (this.#signIns.pending) {
        await this.#signIns.ask(controller.signal);
        await Promise.race([this.#servers.settled(wait), stopped]);
      }
      const engine = await Promise.race([Promise.all([this.#loadEngine(), this.#hooks.prepare?.(controller.signal)]).then(([e]) => e), stopped]);
      result =
        engine === 'stopped' || controller.signal.aborted
          ? stoppedRun(this.#history)
          : await engine.runAgentLoop(modelText, this.#loopOptions(engine, controller.signal, record, live));
    } catch (error) {
      // Settings refused before any request (an unknown provider, an endpoint that is no URL, a
      // chunk that did not load) are told like any other failure, never lost in a rejection.
      result = failedRun(this.#history, error);
    }
    if (live()) {
      // A failed question goes back to the person; keeping it in the history would send it twice.
      if (result.stopReason !== 'error') this.#history = result.messages;
      this.#afterRun(result);
      this.#apps.cancelOpenViews(result);
    }
    try {
      await this.#hooks.settle?.(result);
    } catch {
      // Contract: settle must not throw; if it does, the question still ends.
    }
    record.usage = result.usage;
    record.stopReason = result.stopReason;
    if (live()) this.#transcript = endAssistantText(this.#transcript);
    if (this.#run === controller) this.#run = undefined;
    this.#emit({type: 'run-end', question: text, result});
    return result;
  }

  /**
   * Runs the `autoui` layer's `widget_display` or `canvas` outside any question, on this session's
   * canvas (the page's veto applies): what the browser's own agent calls through WebMCP. The
   * params are checked exactly as a model's call is. Rejects while the widget engine is not loaded.
   */
  async displayTool(tool: 'widget_display' | 'canvas', args: Record<string, unknown>, signal: AbortSignal = new AbortController().signal): Promise<ToolOutput> {
    const layer = this.#layers.find((l): l is WebMcpLayer => l.protocol === 'webmcp' && l.serverName === 'autoui');
    if (!layer?.executeTool) throw this.#refuse(ErrorCodes.INVALID_ARGUMENT, 'displayTool: this session has no autoui layer (the widget catalogue).');
    return layer.executeTool(tool, args, {signal, callId: `page_${crypto.randomUUID()}`, reportProgress: () => undefined, widgets: this.#canvas});
  }

  /** Stops the question being answered, if any (a call waiting for approval is not run). */
  abort(): void {
    this.#run?.abort();
    this.#elicitations.cancelAll();
  }

  /**
   * Signs out of one server (by name or URL) or of every server: forgets the tokens this session's
   * store holds for it and connects again, so the next question asks the person to sign in.
   */
  async signOut(server?: string): Promise<void> {
    const store = this.#hooks.auth?.store;
    if (!store) return;
    const config = server === undefined ? undefined : this.#servers.find(server);
    if (server !== undefined && !config) return;
    await forgetTokens(store, config ? new URL(config.url, globalThis.location?.href).href : undefined);
    this.#servers.reconnect((c) => !config || c === config);
  }

  /** Stops any question (a call waiting for approval is not run), and forgets the conversation, the transcript, the canvas and every "always allow". */
  clear(): void {
    this.#epoch++;
    this.abort();
    this.#approvals.forget();
    this.#apps.clear();
    this.#history = [];
    this.#buffer = undefined;
    this.#transcript = [];
    this.#runs = [];
    this.widgets.clear();
    this.#emit({type: 'cleared'});
  }

  /** True while a restore is writing the canvas: the widget events heard then are the snapshot's. */
  get restoring(): boolean {
    return this.#restores.applying;
  }

  /**
   * The session as plain JSON (see `AutouiSnapshot`): the widgets with their params, places, sizes
   * and styles, the transcript (tool calls without arguments or results), the servers' names and
   * addresses (never a token, nor a query string). With `{conversation: true}` also the conversation
   * as the model saw it, tool results included, as of the last finished question.
   */
  snapshot(options: SnapshotOptions = {}): AutouiSnapshot {
    return takeSnapshot({
      widgets: this.widgets.list(),
      transcript: this.#transcript,
      servers: this.#servers.statuses,
      ...(options.conversation ? {conversation: {messages: this.#history, results: this.#buffer?.entries() ?? []}} : {}),
    });
  }

  /**
   * Replaces the canvas, the transcript and (when the snapshot has one) the conversation with a
   * snapshot's. The snapshot is untrusted: its format is checked (`SNAPSHOT_INVALID`,
   * `SNAPSHOT_TOO_LARGE`: nothing changes), each widget is checked by the layers as a
   * `widget_display` call would be, the page may veto it (`widget-create`), and what does not pass
   * is left out and listed, never shown raw. Makes no model or server request. Rejects with
   * `RUN_IN_PROGRESS` while a question runs, and `ABORTED` when `clear()` comes first.
   */
  restore(snapshot: unknown, options: RestoreOptions = {}): Promise<RestoreResult> {
    return this.#restores.restore(snapshot, options);
  }

  /**
   * Questions asked before `task` settles wait for it (as they wait for a restore): a view that
   * fetches a snapshot or reads a stored copy on start holds the first question until it is in.
   */
  holdQuestions(task: Promise<unknown>): void {
    this.#restores.holdQuestions(task);
  }

  /** The "always allow" answers the session's stored copy keeps (MCP servers' only, by address and tool). */
  get alwaysAllowed(): readonly string[] {
    return this.#approvals.alwaysAllowed;
  }

  /**
   * Gives back answers {@link alwaysAllowed} listed: for the page's own stored copy of this
   * session, never for a snapshot (a snapshot cannot approve anything).
   */
  allowAlways(keys: readonly string[]): void {
    this.#approvals.allowAlways(keys);
  }

  /** Stops any question and closes the servers (a later `setServers` connects them again). */
  close(): void {
    this.abort();
    this.#servers.closeAll();
  }

  /**
   * Tells subscribers and the transcript of a failure that happened outside the session, e.g. a
   * widget whose code could not be loaded by the view.
   */
  reportError(code: AutouiErrorCode, message: string): void {
    this.#fail(code, message);
  }

  /** Adds a notice to the transcript (and its `notice` event), e.g. a view's storage that failed. */
  reportNotice(notice: Notice): void {
    this.#notice(notice);
  }

  #loopOptions(engine: RunEngine, signal: AbortSignal, record: RunRecord, live: () => boolean): AgentLoopOptions {
    const settings = this.#settings;
    this.#buffer ??= new engine.ResultBuffer();
    const layers = this.layers;
    return loopOptions(engine.createProvider, settings, {
      layers,
      history: this.#history,
      resultBuffer: this.#buffer,
      widgets: this.#canvas,
      approval: this.#approvals.gate(engine, layers, settings.approve),
      signal,
      callbacks: {
        onText: (delta) => {
          if (!live()) return;
          this.#transcript = appendAssistantText(this.#transcript, delta);
          this.#emit({type: 'text', delta});
        },
        onMessage: ({text}) => {
          if (!live()) return;
          this.#transcript = endAssistantText(this.#transcript);
          this.#emit({type: 'message', role: 'assistant', text});
        },
        onToolCall: (call) => {
          if (!live()) return;
          record.calls = [...record.calls, call];
          this.#runs = [...this.#runs];
          this.#transcript = [...endAssistantText(this.#transcript), {kind: 'tool', call}];
          this.#emit({type: 'tool-call', call});
        },
      },
    });
  }

  /** The page's veto: every new widget is first offered to the subscribers (`widget-create`). */
  readonly #offer = (widget: NewWidget): boolean => {
    let allowed = true;
    this.#emit({type: 'widget-create', widget, veto: () => (allowed = false)});
    return allowed;
  };

  /** A card waits for the person (approval, sign-in, elicitation): returns false when nobody can hear it. */
  #cardAsked(entry: CardEntry, event: SessionEvent): boolean {
    this.#transcript = [...endAssistantText(this.#transcript), entry];
    const heard = this.#listeners.size > 0;
    this.#emit(event);
    return heard;
  }

  /** A card was answered or retracted: `entry` is it in its new state. */
  #cardSettled(entry: CardEntry, event: SessionEvent): void {
    this.#transcript = settleEntry(this.#transcript, entry);
    this.#emit(event);
  }

  #afterRun(result: AgentResult): void {
    if (result.stopReason === 'error' && result.error) this.#fail(result.error.code, result.error.message);
    else if (result.stopReason === 'aborted' || result.stopReason === 'max_iterations' || result.stopReason === 'max_tokens') {
      this.#notice({reason: result.stopReason, level: 'info'});
    }
  }

  #refuse(code: AutouiErrorCode, message: string): AutouiError {
    this.#emit({type: 'error', error: {code, message}});
    return new AutouiError(code, message);
  }

  /** A failure: an `error` event, and a notice in the transcript. */
  #fail(code: string, message: string): void {
    this.#emit({type: 'error', error: {code, message}});
    this.#notice({reason: 'error', level: 'error', code, message});
  }

  #notice(notice: Notice): void {
    // The answer being streamed, if any, goes on streaming above it (see appendAssistantText).
    this.#transcript = [...this.#transcript, {kind: 'notice', ...notice}];
    this.#emit({type: 'notice', notice});
  }

  #onWidgetChange(change: WidgetChange): void {
    if (change.kind === 'added' && change.instance) this.#emit({type: 'widget-created', widget: change.instance});
    else if (change.kind === 'updated' && change.instance) this.#emit({type: 'widget-updated', widget: change.instance});
    else if (change.kind === 'removed' && change.id) this.#emit({type: 'widget-removed', id: change.id});
    else if (change.kind === 'cleared') for (const id of change.removed ?? []) this.#emit({type: 'widget-removed', id});
  }

  #emit(event: SessionEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('autoui-agent: a session listener threw', error);
      }
    }
  }
}

