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
import {DEFAULT_APPROVAL_POLICY, parseApprovalPolicy, type ApprovalPolicy} from '../agent/approval.js';
import type {ResultBuffer} from '../agent/result-buffer.js';
import type {ToolLayer, ToolOutput, WebMcpLayer} from '../agent/types.js';
import type {WidgetDraftSink, WidgetInstance} from '../agent/widget-sink.js';
import {AutouiError, ErrorCodes, loadFailed, type AutouiErrorCode} from '../errors.js';
import type {LanguageModel} from '../providers/language-model.js';
import type {ModelMessage} from '../providers/model-messages.js';
import type {ProviderOptions} from '../providers/provider-options.js';
import {failedRun, stoppedRun} from './run-outcome.js';
import {ServerSet, type ServerConfig, type ServerStatus} from './server-set.js';
import {forgetTokens} from '../mcp/auth-store.js';
import {SessionElicitations} from './session-elicitations.js';
import {SessionSignIns} from './session-sign-ins.js';
import type {ApprovalHooks, SessionApprovals} from './session-approvals.js';
import type {QuestionSource, SessionApps, SessionAppsApi} from './session-apps.js';
import type {RunRecord, SessionEvent, SessionListener} from './session-events.js';
import type {AgentSessionOptions, SessionSettings} from './session-options.js';
import type {DroppedPart} from './read-snapshot.js';
import type {AutouiSnapshot, SnapshotOptions} from './snapshot-format.js';
import {takeSnapshot} from './take-snapshot.js';
import {appendAssistantText, endAssistantText, settleApproval, settleEntry, type Notice, type RestoreSource, type TranscriptEntry} from './transcript.js';
import {vetoableCanvas} from './vetoable-canvas.js';
import {WidgetStore, type WidgetChange} from './widget-store.js';

export type {AgentSessionOptions, SessionSettings} from './session-options.js';

type RunEngine = typeof import('./run-engine.js');
type RestoreEngine = typeof import('./restore-engine.js');

/** Options of {@link AgentSession.ask}. */
export interface AskOptions {
  /** Where the question comes from when the person did not type it: an MCP App view's `ui/message`. */
  from?: QuestionSource;
}

/** Options of {@link AgentSession.restore}. */
export interface RestoreOptions {
  /**
   * Where the snapshot comes from, for the notice and the `restored` event. Default `snapshot`.
   * `share` reads only its widgets: a share link's transcript or conversation is never taken.
   */
  source?: RestoreSource;
}

/** What a restore brought back. */
export interface RestoreResult {
  /** The widgets now on the canvas, as stored. */
  widgets: WidgetInstance[];
  /** What was left out, and why: widgets of unknown types or with invalid params, malformed lines, a conversation that does not hold together. */
  dropped: DroppedPart[];
  /** True when the snapshot's conversation was restored: the next question continues it. */
  conversation: boolean;
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
  readonly apps: SessionAppsApi = {
    readView: async (view, uri, signal) => (await this.#appsReady()).readView(view, uri, signal),
    callTool: async (view, name, args, signal) => (await this.#appsReady()).callTool(view, name, args, signal),
    readResource: async (view, uri, signal) => (await this.#appsReady()).readResource(view, uri, signal),
    message: async (view, text) => (await this.#appsReady()).message(view, text),
    updateModelContext: (view, text) => void this.#appsReady().then((apps) => apps.updateModelContext(view, text)),
    onRemove: (id, listener) =>
      this.widgets.subscribe((change) => {
        const gone =
          change.kind === 'removed' ? change.id === id
          : change.kind === 'cleared' ? change.removed?.includes(id) || change.removedDrafts?.includes(id)
          : change.kind === 'draft-removed' && change.fromDraft === id;
        if (gone) listener();
      }),
  };
  #apps?: SessionApps;

  #settings: SessionSettings;
  readonly #hooks: Pick<AgentSessionOptions, 'prepare' | 'prepareRestore' | 'settle' | 'serverWaitMs' | 'askApproval' | 'auth' | 'askElicitation' | 'protocolMemory'>;
  readonly #listeners = new Set<SessionListener>();
  /** Servers waiting for the person to sign in; the next question asks. */
  readonly #signIns = new SessionSignIns({
    shown: (request, respond) => {
      this.#transcript = [...endAssistantText(this.#transcript), {kind: 'sign-in', request, state: 'pending'}];
      this.#emit({type: 'sign-in', request, respond});
    },
    settled: (request, state) => {
      this.#transcript = settleEntry(this.#transcript, 'sign-in', request, state);
      this.#emit({type: 'sign-in-settled', id: request.id, request, state});
    },
  });
  /** Servers' questions to the person. */
  readonly #elicitations = new SessionElicitations({
    asked: (request, respond) => {
      this.#transcript = [...endAssistantText(this.#transcript), {kind: 'elicitation', request, state: 'pending'}];
      const heard = this.#listeners.size > 0;
      this.#emit({type: 'elicitation', request, respond});
      return heard;
    },
    settled: (request, state) => {
      this.#transcript = settleEntry(this.#transcript, 'elicitation', request, state);
      this.#emit({type: 'elicitation-settled', id: request.id, request, state});
    },
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
  /** What the approvals do in this session; the approvals themselves come with the run engine. */
  readonly #approvalHooks: ApprovalHooks = {
    asked: (request, respond) => {
      this.#transcript = [...endAssistantText(this.#transcript), {kind: 'approval', request, state: 'pending'}];
      const heard = this.#listeners.size > 0;
      this.#emit({type: 'approval', request, respond});
      return heard;
    },
    settled: (request, state) => {
      this.#transcript = settleApproval(this.#transcript, request, state);
      this.#emit({type: 'approval-settled', id: request.id, request, state});
    },
    askApproval: () => this.#hooks.askApproval,
  };
  /** Made by the first question (with the engine chunk), kept for the session: it remembers "always". */
  #approvals?: SessionApprovals;
  /** The canvas tools see: the store, with the page's veto before each new widget. */
  readonly #canvas: WidgetDraftSink;
  #layers: ToolLayer[];
  #history: ModelMessage[] = [];
  #buffer?: ResultBuffer;
  #transcript: readonly TranscriptEntry[] = [];
  #runs: readonly RunRecord[] = [];
  /** The question being answered. */
  #run?: AbortController;
  /** The question waiting for a restore to finish before it starts (a restore may go on then). */
  #waiting?: AbortController;
  /** Bumped by clear(): a run started before it must write nothing back. */
  #epoch = 0;
  #engine?: Promise<RunEngine>;
  #restoreEngine?: Promise<RestoreEngine>;
  /** The restores asked for, one after the other; a question waits for them. */
  #restores: Promise<unknown> = Promise.resolve();
  #restoresPending = 0;
  /** What questions wait for besides restores (see `holdQuestions`). */
  readonly #holds = new Set<Promise<unknown>>();
  /** True while a restore writes the canvas (its widget events are the snapshot's, not changes). */
  #applying = false;
  /** "Always allow" answers given back before the approvals exist (they come with the run engine). */
  #alwaysPending: string[] = [];

  constructor(options: AgentSessionOptions = {}) {
    const {layers, servers, prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory, ...settings} = options;
    this.#settings = settings;
    this.#hooks = {prepare, prepareRestore, settle, serverWaitMs, askApproval, auth, askElicitation, protocolMemory};
    this.#layers = [...(layers ?? [])];
    this.#canvas = vetoableCanvas(this.widgets, (widget) => {
      let allowed = true;
      this.#emit({type: 'widget-create', widget, veto: () => (allowed = false)});
      return allowed;
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
    // Also one asked for while it waits (a stored copy read, then restored).
    while ((this.#restoresPending > 0 || this.#holds.size > 0) && !controller.signal.aborted) {
      this.#waiting = controller;
      await Promise.race([Promise.all([this.#restores, ...this.#holds].map((p) => p.catch(() => {}))), stopped]);
    }
    this.#waiting = undefined;
    const record: RunRecord = {question: text, calls: []};
    const from = options.from;
    if (live()) {
      this.#runs = [...this.#runs, record];
      this.#transcript = [...this.#transcript, {kind: 'user', text, ...(from ? {from} : {})}];
    }
    // What the model reads: a view's message says it is one, and views' context goes with it.
    const asked = from ? `[Sent by the ${from.app.tool} app view of ${from.app.server} after the user clicked in it; the words are the view's, not typed by the user:] ${text}` : text;
    const modelText = this.#apps ? this.#apps.withContext(asked) : asked;
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
      this.#cancelOpenViews(result);
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
    if (!layer?.execute) throw this.#refuse(ErrorCodes.INVALID_ARGUMENT, 'displayTool: this session has no autoui layer (the widget catalogue).');
    return layer.execute(tool, args, {signal, callId: `page_${crypto.randomUUID()}`, reportProgress: () => undefined, widgets: this.#canvas});
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
    this.#approvals?.forget();
    this.#alwaysPending = [];
    this.#apps?.clear();
    this.#history = [];
    this.#buffer = undefined;
    this.#transcript = [];
    this.#runs = [];
    this.widgets.clear();
    this.#emit({type: 'cleared'});
  }

  /** True while a restore is writing the canvas: the widget events heard then are the snapshot's. */
  get restoring(): boolean {
    return this.#applying;
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
    if (this.#run && this.#waiting !== this.#run) {
      return Promise.reject(this.#refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question is being answered: restore the snapshot once it ends, or stop it first.'));
    }
    this.#restoresPending++;
    const restored = this.#restores
      .catch(() => {})
      .then(() => this.#restore(snapshot, options.source ?? 'snapshot'))
      .finally(() => this.#restoresPending--);
    this.#restores = restored;
    return restored;
  }

  /**
   * Questions asked before `task` settles wait for it (as they wait for a restore): a view that
   * fetches a snapshot or reads a stored copy on start holds the first question until it is in.
   */
  holdQuestions(task: Promise<unknown>): void {
    const held = task.then(
      () => {},
      () => {},
    );
    this.#holds.add(held);
    void held.then(() => this.#holds.delete(held));
  }

  /** The "always allow" answers the session's stored copy keeps (MCP servers' only, by address and tool). */
  get alwaysAllowed(): readonly string[] {
    return this.#approvals?.remembered() ?? [...this.#alwaysPending];
  }

  /**
   * Gives back answers {@link alwaysAllowed} listed: for the page's own stored copy of this
   * session, never for a snapshot (a snapshot cannot approve anything).
   */
  allowAlways(keys: readonly string[]): void {
    const valid = keys.filter((k) => typeof k === 'string' && k.includes('\n'));
    if (this.#approvals) this.#approvals.remember(valid);
    else this.#alwaysPending.push(...valid);
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

  async #restore(input: unknown, source: RestoreSource): Promise<RestoreResult> {
    const epoch = this.#epoch;
    let read: ReturnType<RestoreEngine['readSnapshot']>;
    let restoring: RestoreEngine;
    let engine: RunEngine | undefined;
    try {
      restoring = await this.#loadRestoreEngine();
      read = restoring.readSnapshot(input);
      // A share link carries a canvas, nothing else: lines or a history written by whoever made
      // the link would speak in the agent's voice and be sent to the model.
      if (source === 'share') read = {widgets: read.widgets, transcript: [], dropped: read.dropped.filter((d) => d.part === 'widget')};
      // The layers that check widgets, and the result buffer of a restored conversation.
      await this.#hooks.prepareRestore?.();
      if (read.conversation) engine = await this.#loadEngine();
    } catch (error) {
      const failure = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.SNAPSHOT_INVALID, `The snapshot could not be read (${String((error as Error)?.message ?? error)}).`, {cause: error});
      this.#fail(failure.code, failure.message);
      throw failure;
    }
    if (epoch !== this.#epoch) throw this.#refuse(ErrorCodes.ABORTED, 'clear() was called while a snapshot was being restored; it was not restored.');
    if (this.#run && this.#waiting !== this.#run) throw this.#refuse(ErrorCodes.RUN_IN_PROGRESS, 'A question started while the snapshot was read; it was not restored.');

    const dropped = [...read.dropped];
    const accepted = restoring.checkRestoredWidgets(read.widgets, this.layers, (widget) => {
      let allowed = true;
      this.#emit({type: 'widget-create', widget, veto: () => (allowed = false)});
      return allowed;
    }, dropped);
    // No epoch change: the only question alive now is one waiting for this restore, which has
    // written nothing yet and goes on from the restored conversation.
    this.#approvals?.forget();
    this.#alwaysPending = [];
    this.#history = read.conversation?.messages ?? [];
    if (read.conversation && engine) {
      const buffer = new engine.ResultBuffer();
      for (const result of read.conversation.results) buffer.set(result.id, result.text, result.iteration);
      this.#buffer = buffer;
    } else this.#buffer = undefined;
    this.#runs = [];
    this.#transcript = read.transcript;
    this.#applying = true;
    let widgets: WidgetInstance[];
    try {
      widgets = this.widgets.replaceAll(accepted);
    } finally {
      this.#applying = false;
    }
    // The types, once each and at most 20: a notice is a line, and a snapshot keeps it.
    const droppedTypes = [...new Set(dropped.filter((d) => d.part === 'widget').map((d) => d.type ?? 'widget'))].slice(0, 20);
    // The person is told why the canvas is not empty, and what could not come back; a page that
    // restores its own snapshot, or an empty one, with nothing left out, adds no line.
    const empty = widgets.length === 0 && read.transcript.length === 0 && !read.conversation?.messages.length;
    if ((source !== 'snapshot' && !empty) || dropped.length) {
      this.#notice({reason: 'restored', level: 'info', restored: {source, widgets: widgets.length, dropped: droppedTypes}});
    }
    const result: RestoreResult = {widgets, dropped, conversation: read.conversation !== undefined};
    this.#emit({type: 'restored', source, ...result});
    return result;
  }

  /** Adds a notice to the transcript (and its `notice` event), e.g. a view's storage that failed. */
  reportNotice(notice: Notice): void {
    this.#notice(notice);
  }

  #loadRestoreEngine(): Promise<RestoreEngine> {
    this.#restoreEngine ??= import('./restore-engine.js').catch((error: unknown) => {
      this.#restoreEngine = undefined;
      throw loadFailed('Part of autoui-agent', error);
    });
    return this.#restoreEngine;
  }

  #loadEngine(): Promise<RunEngine> {
    this.#engine ??= import('./run-engine.js').catch((error: unknown) => {
      this.#engine = undefined;
      throw loadFailed('Part of autoui-agent', error);
    });
    return this.#engine;
  }

  #loopOptions(engine: RunEngine, signal: AbortSignal, record: RunRecord, live: () => boolean): AgentLoopOptions {
    const settings = this.#settings;
    const model = settings.model ?? {provider: 'anthropic'};
    this.#buffer ??= new engine.ResultBuffer();
    const approvals = this.#approvalsOf(engine);
    // Each layer's policy as the question starts: a change applies to the next question, and a
    // server reconnected meanwhile cannot lose its policy (anything not found asks about all).
    const layers = this.layers;
    const policies = new Map(layers.map((layer) => [layer, this.#policyFor(layer, settings)]));
    return {
      provider: isLanguageModel(model) ? model : engine.createProvider(model),
      layers,
      lang: settings.language ?? 'fr',
      maxIterations: positiveOr(settings.maxIterations, 10),
      toolTimeoutMs: positiveOr(settings.toolTimeoutMs, 60_000),
      eagerTools: settings.eagerTools,
      drafts: settings.drafts,
      systemPrompt: settings.systemPrompt,
      maxTokens: settings.maxTokens,
      history: this.#history,
      resultBuffer: this.#buffer,
      widgets: this.#canvas,
      approval: approvals.gate((layer) => policies.get(layer) ?? 'all'),
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
    };
  }

  /** The apps' side of the session, its own chunk, made the first time a view asks (with the engine, for approvals). */
  async #appsReady(): Promise<SessionApps> {
    const [engine, {SessionApps}] = await Promise.all([this.#loadEngine(), import('./session-apps.js')]);
    this.#apps ??= new SessionApps({
      layers: () => this.layers,
      policyFor: (layer) => this.#policyFor(layer, this.#settings),
      approvals: () => this.#approvalsOf(engine),
      ask: (text, from) => {
        if (this.#run) throw this.#refuse(ErrorCodes.RUN_IN_PROGRESS, "A question is already being answered; the view's message was not sent.");
        void this.ask(text, {from});
      },
    });
    return this.#apps;
  }

  /** The session's approvals, made with the engine chunk the first time they are needed. */
  #approvalsOf(engine: RunEngine): SessionApprovals {
    if (!this.#approvals) {
      this.#approvals = new engine.SessionApprovals(this.#approvalHooks);
      this.#approvals.remember(this.#alwaysPending.splice(0));
    }
    return this.#approvals;
  }

  /**
   * A layer's approval policy: its server's own, else the session's, else `writes`. A value that
   * is set but names no policy is `writes`: a typo can only ask more, never less.
   */
  #policyFor(layer: ToolLayer, settings: SessionSettings): ApprovalPolicy {
    const own: unknown = layer.protocol === 'mcp' ? this.#servers.configOf(layer)?.approve : undefined;
    const chosen = own !== undefined && own !== '' ? own : settings.approve;
    if (chosen === undefined || chosen === '') return DEFAULT_APPROVAL_POLICY;
    return parseApprovalPolicy(chosen) ?? DEFAULT_APPROVAL_POLICY;
  }

  /**
   * MCP App views whose call the run left without a result (Stop, a failed turn) hear why: their
   * call's own sink refuses changes once the run is over, so the session tells them.
   */
  #cancelOpenViews(result: AgentResult): void {
    if (result.stopReason !== 'aborted' && result.stopReason !== 'error') return;
    const reason = result.stopReason === 'aborted' ? 'The question was stopped.' : result.error?.message ?? 'The question failed.';
    for (const {id, type} of result.widgets) {
      const params = type === 'mcp-app' ? this.widgets.get(id)?.params : undefined;
      if (params && params.result === undefined && params.cancelled === undefined) this.widgets.update(id, {...params, cancelled: reason});
    }
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

const isLanguageModel = (model: LanguageModel | ProviderOptions): model is LanguageModel => typeof (model as LanguageModel).stream === 'function';

/** `value` when it is a finite number above zero, else `fallback` (`max-iterations="abc"` gives the default). */
const positiveOr = (value: number | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
