import {LitElement, html, nothing, type PropertyValues} from 'lit';
import {property, query, state} from 'lit/decorators.js';
import type {AgentLoopOptions, AgentResult} from '../agent/agent-loop.js';
import type {ResultBuffer} from '../agent/result-buffer.js';
import type {ModelMessage} from '../agent/messages.js';
import type {ToolLayer, WebMcpLayer} from '../agent/types.js';
import {AutouiError, ErrorCodes, errorMessage, type AutouiErrorCode} from '../errors.js';
import {CanvasStore, type CanvasChange} from '../canvas/canvas-store.js';
import {defineCanvasElements} from '../canvas/autoui-canvas.js';
import type {PageWidgetSpec, WidgetRegistry} from '../widgets/widget-registry.js';
import type {WidgetEnvironment} from '../widgets/widget-context.js';
import {AutouiComposer} from './autoui-composer.js';
import {AutouiConsole, type RunRecord} from './autoui-console.js';
import {serverConfigOf, type ServerConfig} from './autoui-server.js';
import {AutouiTranscript} from './autoui-transcript.js';
import {agentStyles} from './autoui-agent.styles.js';
import {emit} from './events.js';
import {ServerConnections} from './server-connections.js';
import {stringsFor} from './strings.js';
import {WidgetArrivals} from './widget-arrivals.js';
import {failedRun, isLocalPage, resolveEndpoint, stoppedRun} from './run-setup.js';
import {appendAssistantText, endAssistantText, type TranscriptEntry} from './transcript-entries.js';
import {defineElement} from '../define-element.js';

/** How long a question waits for servers still connecting before it runs without them. */
const SERVER_WAIT_MS = 10_000;
/** How long the end of a run waits for the widgets it showed to render (lazy chunks load meanwhile). */
const WIDGET_WAIT_MS = 10_000;

/** The lazy engine chunk (see engine.ts). */
type Engine = typeof import('./engine.js');

/** What exists once the engine has loaded: the widget registry and the `autoui` layer over it. */
interface Runtime {
  engine: Engine;
  registry: WidgetRegistry;
  autouiLayer: WebMcpLayer;
}

/**
 * `<autoui-agent>`: gives a page an LLM tool-calling agent over its MCP servers. People ask in
 * the composer (or the page calls `ask()`); the agent reads the servers' recipes, calls their
 * tools and shows widgets on its canvas.
 *
 * @summary An LLM agent that renders widgets from MCP data.
 *
 * @slot - `<autoui-server>` children: the MCP servers.
 * @slot composer - Replaces the built-in composer (call `ask()` from yours).
 * @slot transcript - Replaces the built-in transcript (an empty element hides it).
 *
 * @fires autoui-widget-create - Before a widget is shown; cancelable. detail: `{type, params}`.
 * @fires autoui-widget-created - A widget was shown. detail: `{id, type, params, element}`.
 * @fires autoui-widget-updated - A widget's params changed. detail: `{id, type, params}`.
 * @fires autoui-widget-removed - A widget was removed. detail: `{id}`.
 * @fires autoui-tool-call - A tool call finished. detail: `{id, name, args, result, error, elapsed, guided}`.
 * @fires autoui-text - Streamed assistant text. detail: `{delta}`.
 * @fires autoui-message - A complete message. detail: `{role, text}`.
 * @fires autoui-run-start - A question starts. detail: `{question}`.
 * @fires autoui-run-end - A question ended. detail: `{result}`.
 * @fires autoui-error - Something failed. detail: `{code, message}`.
 * @fires autoui-server-ready - An MCP server connected. detail: `{name, tools}`.
 * @fires autoui-server-error - An MCP server failed. detail: `{name, code, message}`.
 *
 * @csspart base - The element's layout frame.
 * @csspart transcript - The built-in transcript.
 * @csspart composer - The built-in composer.
 * @csspart canvas - The widget canvas.
 * @csspart console - The debug console.
 * @csspart widget - Every widget on the canvas.
 *
 * @cssproperty --autoui-color-surface - Background.
 * @cssproperty --autoui-color-on-surface - Text colour.
 * @cssproperty --autoui-color-accent - Accent (buttons, focus).
 * @cssproperty --autoui-color-border - Borders.
 * @cssproperty --autoui-color-danger - Errors and the stop button.
 * @cssproperty --autoui-radius - Corner radius.
 * @cssproperty --autoui-space-s - Small spacing.
 * @cssproperty --autoui-space-m - Medium spacing.
 * @cssproperty --autoui-font-family - Font.
 */
export class AutouiAgent extends LitElement {
  static override styles = agentStyles;

  /** `anthropic` (Messages API) or `openai` (OpenAI-compatible chat completions). */
  @property({reflect: true}) provider: 'anthropic' | 'openai' = 'anthropic';
  /** Base URL of the provider API, or of a proxy speaking its wire format; resolved against the page URL. */
  @property() endpoint?: string;
  /** Model id sent to the provider. */
  @property() model?: string;
  /** A key sent from the browser: refused unless `allow-browser-key` is set or the page is on localhost. */
  @property({attribute: 'api-key'}) apiKey?: string;
  /** Opt-in to sending `api-key` from the browser. */
  @property({attribute: 'allow-browser-key', type: Boolean}) allowBrowserKey = false;
  /** LLM turns per question. */
  @property({attribute: 'max-iterations', type: Number}) maxIterations = 10;
  /** Seconds one tool call may take (reset by MCP progress notifications). */
  @property({attribute: 'tool-timeout', type: Number}) toolTimeout = 60;
  /** Send every tool up front instead of lazy discovery. */
  @property({attribute: 'eager-tools', type: Boolean}) eagerTools = false;
  /** Shorthand for servers: space-separated MCP URLs. */
  @property() servers = '';
  /** Show the agent console (tool calls, timings, tokens, server status). */
  @property({type: Boolean, reflect: true}) debug = false;
  /** Space-separated hosts images may load from; default: the MCP servers' hosts. */
  @property({attribute: 'image-hosts'}) imageHosts = '';

  @state() private entries: TranscriptEntry[] = [];
  @state() private running = false;
  @state() private runs: RunRecord[] = [];
  @state() private serverTick = 0;
  @query('autoui-composer') private composer?: AutouiComposer;

  readonly #store = new CanvasStore();
  #runtime?: Runtime;
  #loading?: Promise<Runtime>;
  /** Page widgets registered before the engine loaded, registered when it does. */
  readonly #pendingWidgets: PageWidgetSpec[] = [];
  readonly #pageLayers: ToolLayer[] = [];
  readonly #knownWidgets = new Map<string, string>();
  readonly #arrivals = new WidgetArrivals();
  #history: ModelMessage[] = [];
  /** Bumped by clear(): a run started before it must not write back its conversation. */
  #epoch = 0;
  #buffer?: ResultBuffer;
  #controller?: AbortController;
  #observer?: MutationObserver;
  readonly #connections = new ServerConnections({
    ready: (name, tools) => emit(this, 'autoui-server-ready', {name, tools}),
    error: (name, code, message) => {
      emit(this, 'autoui-server-error', {name, code, message});
      emit(this, 'autoui-error', {code, message});
      this.#errorNotice(message, code);
    },
    changed: () => this.serverTick++,
  });
  constructor() {
    super();
    defineCanvasElements();
    defineElement('autoui-composer', AutouiComposer);
    defineElement('autoui-transcript', AutouiTranscript);
    defineElement('autoui-console', AutouiConsole);
    this.#store.subscribe((change) => this.#onCanvasChange(change));
  }

  static override get observedAttributes(): string[] {
    // `lang` and `dir` are global attributes: watched, not redeclared as properties.
    return [...super.observedAttributes, 'lang', 'dir'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' || name === 'dir') this.requestUpdate();
  }

  /** Widgets on the canvas now. */
  get widgets(): Array<{id: string; type: string; params: unknown}> {
    return this.#store.list().map(({id, type, params}) => ({id, type, params}));
  }

  /**
   * Every tool layer a question would use now: connected MCP servers, the page's layers, and
   * `autoui` (present once the engine has loaded, shortly after the first render).
   */
  get layers(): readonly ToolLayer[] {
    return [...this.#connections.layers, ...this.#pageLayers, ...(this.#runtime ? [this.#runtime.autouiLayer] : [])];
  }

  /** The language of the prompt and the element's texts: `lang`, else the page's if fr/en, else `fr`. */
  get language(): 'fr' | 'en' {
    const tag = (this.getAttribute('lang') || document.documentElement.lang || 'fr').toLowerCase();
    return tag.startsWith('en') ? 'en' : 'fr';
  }

  /**
   * Asks a question. Resolves with the run's result (also for model or server failures, which
   * carry a stop reason); rejects with `RUN_IN_PROGRESS` while another question runs.
   */
  async ask(question: string): Promise<AgentResult> {
    const s = stringsFor(this.language);
    if (typeof question !== 'string' || !question.trim()) {
      throw this.#refuse(ErrorCodes.INVALID_ARGUMENT, 'ask(question) needs a question: a string with some text.');
    }
    if (this.running) {
      this.#notice(s.busy, 'info', ErrorCodes.RUN_IN_PROGRESS);
      throw this.#refuse(ErrorCodes.RUN_IN_PROGRESS, s.busy);
    }
    const text = question.trim();
    const epoch = this.#epoch;
    this.running = true;
    const controller = (this.#controller = new AbortController());
    const record: RunRecord = {question: text, calls: []};
    this.runs = [...this.runs, record];
    this.entries = [...this.entries, {kind: 'user', text}];
    emit(this, 'autoui-run-start', {question: text});
    // Stop and clear() must work while servers connect or the engine loads, not only in the loop.
    const stopped = new Promise<'stopped'>((resolve) => controller.signal.addEventListener('abort', () => resolve('stopped'), {once: true}));
    try {
      let result: AgentResult;
      try {
        await Promise.race([this.#connections.settled(SERVER_WAIT_MS), stopped]);
        const runtime = await Promise.race([this.#loadEngine(), stopped]);
        result =
          runtime === 'stopped' || controller.signal.aborted
            ? stoppedRun(this.#history)
            : await runtime.engine.runAgentLoop(text, this.#loopOptions(runtime.engine, controller.signal, record));
      } catch (error) {
        // Settings refused before any request (an unknown provider, an endpoint that is no URL)
        // are told like any other failure, never lost in a rejected promise nobody reads.
        result = failedRun(this.#history, error);
      }
      // After clear(), this run's conversation and notices belong to nothing on screen.
      if (epoch === this.#epoch) {
        // A failed question comes back in the composer; keeping it in the history would send it twice.
        if (result.stopReason !== 'error') this.#history = result.messages;
        this.#afterRun(result, text);
      }
      // Widgets still on the canvas (a page may have closed one meanwhile) are there when the run ends.
      if (this.isConnected) await this.#arrivals.until(() => result.widgets.map((w) => w.id).filter((id) => this.#store.get(id)), WIDGET_WAIT_MS);
      record.usage = result.usage;
      record.stopReason = result.stopReason;
      emit(this, 'autoui-run-end', {result});
      return result;
    } finally {
      this.entries = endAssistantText(this.entries);
      this.running = false;
      if (this.#controller === controller) this.#controller = undefined;
    }
  }

  /** Stops the current question, if any. */
  abort(): void {
    this.#controller?.abort();
  }

  /** Stops any question, and forgets the conversation and the canvas. */
  clear(): void {
    this.#epoch++;
    this.abort();
    this.#history = [];
    this.#buffer = undefined;
    this.entries = [];
    this.runs = [];
    this.#store.clear();
  }

  /** Adds a page's own widget element (already defined by the page) with its schema and recipe. */
  registerWidget(definition: PageWidgetSpec): void {
    if (this.#runtime) this.#runtime.registry.registerPageWidget(definition);
    else this.#pendingWidgets.push(definition);
    this.requestUpdate();
  }

  /** Adds a page's own tool layer (e.g. from `createWebMcpServer`). Used from the next question on. */
  addLayer(layer: ToolLayer): void {
    this.removeLayer(layer.serverName);
    this.#pageLayers.push(layer);
  }

  /** Removes a page layer by its server name. */
  removeLayer(name: string): void {
    const index = this.#pageLayers.findIndex((l) => l.serverName === name);
    if (index >= 0) this.#pageLayers.splice(index, 1);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#observer = new MutationObserver(() => this.#syncServers());
    this.#observer.observe(this, {childList: true, subtree: true, attributes: true, attributeFilter: ['name', 'url', 'token', 'tools']});
    this.#syncServers();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.abort();
    this.#connections.closeAll();
  }

  protected override firstUpdated(): void {
    // The engine is not needed to paint the element: fetch it once the page has loaded and is
    // idle, so it never competes with the page's own start-up (ask() also waits for it).
    const load = () => void this.#loadEngine().catch(() => {});
    const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(load, {timeout: 2000}) : setTimeout(load, 0));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, {once: true});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('servers') && this.isConnected) this.#syncServers();
  }

  override render() {
    const s = stringsFor(this.language);
    const environment: WidgetEnvironment = {
      lang: this.getAttribute('lang') || document.documentElement.lang || this.language,
      dir: this.matches(':dir(rtl)') ? 'rtl' : 'ltr',
      imageHosts: this.#allowedImageHosts(),
    };
    return html`<div part="base" class="frame">
      <div class="conversation">
        <slot name="transcript"><autoui-transcript part="transcript" .entries=${this.entries} .strings=${s}></autoui-transcript></slot>
        <slot name="composer"
          ><autoui-composer
            part="composer"
            .running=${this.running}
            .strings=${s}
            @composer-submit=${(e: CustomEvent<{text: string}>) => void this.ask(e.detail.text).catch(() => {})}
            @composer-stop=${() => this.abort()}
          ></autoui-composer
        ></slot>
        ${this.debug ? html`<autoui-console part="console" .servers=${this.#connections.statuses} .runs=${this.runs} .strings=${s}></autoui-console>` : nothing}
        <slot></slot>
      </div>
      <autoui-canvas
        class="canvas"
        part="canvas"
        .store=${this.#store}
        .registry=${this.#runtime?.registry}
        .environment=${environment}
        @autoui-widget-rendered=${this.#onWidgetRendered}
        @autoui-widget-failed=${this.#onWidgetFailed}
      ></autoui-canvas>
    </div>`;
  }

  /** Loads the engine chunk once; a failed load is retried by the next call. */
  #loadEngine(): Promise<Runtime> {
    this.#loading ??= import('./engine.js').then(
      (engine) => {
        const registry = engine.createDefaultRegistry();
        for (const spec of this.#pendingWidgets.splice(0)) registry.registerPageWidget(spec);
        const autouiLayer = engine.createAutouiLayer({
          registry,
          store: this.#store,
          imageHosts: () => this.#allowedImageHosts(),
          beforeCreate: (type, params) => emit(this, 'autoui-widget-create', {type, params}, true),
        });
        this.#runtime = {engine, registry, autouiLayer};
        this.requestUpdate();
        return this.#runtime;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw new AutouiError(ErrorCodes.LOAD_FAILED, `Part of autoui-agent could not be loaded (${errorMessage(error)}). Check the network and try again.`, {cause: error});
      },
    );
    return this.#loading;
  }

  #loopOptions(engine: Engine, signal: AbortSignal, record: RunRecord): AgentLoopOptions {
    this.#buffer ??= new engine.ResultBuffer();
    return {
      provider: engine.createProvider({
        provider: this.provider || 'anthropic',
        endpoint: this.endpoint ? resolveEndpoint(this.endpoint) : undefined,
        model: this.model || undefined,
        apiKey: this.apiKey || undefined,
        allowBrowserKey: this.allowBrowserKey,
        isLocalPage: isLocalPage(),
      }),
      layers: this.layers,
      lang: this.language,
      // A value that is not a positive number (max-iterations="abc") falls back to the default.
      maxIterations: positiveOr(this.maxIterations, 10),
      toolTimeoutMs: positiveOr(this.toolTimeout, 60) * 1000,
      eagerTools: this.eagerTools,
      history: this.#history,
      resultBuffer: this.#buffer,
      signal,
      callbacks: {
        onText: (delta) => {
          emit(this, 'autoui-text', {delta});
          this.entries = appendAssistantText(this.entries, delta);
        },
        onMessage: ({text}) => {
          this.entries = endAssistantText(this.entries);
          emit(this, 'autoui-message', {role: 'assistant', text});
        },
        onToolCall: (call) => {
          record.calls = [...record.calls, call];
          this.runs = [...this.runs];
          this.entries = [...endAssistantText(this.entries), {kind: 'tool', call}];
          emit(this, 'autoui-tool-call', call);
        },
      },
    };
  }

  #refuse(code: AutouiErrorCode, message: string): AutouiError {
    const error = new AutouiError(code, message);
    emit(this, 'autoui-error', {code, message});
    return error;
  }

  #afterRun(result: AgentResult, question: string): void {
    const s = stringsFor(this.language);
    if (result.stopReason === 'error' && result.error) {
      this.#errorNotice(result.error.message, result.error.code);
      emit(this, 'autoui-error', result.error);
      // The question is never lost: it goes back in the composer, ready to send again.
      this.composer?.restore(question);
    } else if (result.stopReason === 'aborted') this.#notice(s.aborted, 'info');
    else if (result.stopReason === 'max_iterations') this.#notice(s.maxIterations, 'info');
    else if (result.stopReason === 'max_tokens') this.#notice(s.maxTokens, 'info');
  }

  /** A failure told in plain words in the transcript, in the element's language. */
  #errorNotice(message: string, code: string): void {
    this.#notice(`${stringsFor(this.language).errorPrefix}${message}`, 'error', code);
  }

  #notice(text: string, level: 'info' | 'error', code?: string): void {
    // The answer being streamed, if any, goes on streaming (see appendAssistantText).
    this.entries = [...this.entries, {kind: 'notice', text, level, code}];
  }

  #syncServers(): void {
    const configs: ServerConfig[] = [
      ...[...this.querySelectorAll(':scope > autoui-server')].map(serverConfigOf),
      ...this.servers.split(/\s+/).filter(Boolean).map((url) => ({url})),
    ];
    this.#connections.sync(configs);
  }

  #allowedImageHosts(): string[] {
    const own = this.imageHosts.split(/\s+/).filter(Boolean);
    if (own.length) return own;
    return this.#connections.statuses.flatMap((status) => {
      try {
        return [new URL(status.url, document.baseURI).host];
      } catch {
        return [];
      }
    });
  }

  #onWidgetRendered = (event: CustomEvent<{id: string; type: string; element: HTMLElement}>) => {
    event.stopPropagation();
    const instance = this.#store.get(event.detail.id);
    this.#arrivals.arrived(event.detail.id);
    emit(this, 'autoui-widget-created', {id: event.detail.id, type: event.detail.type, params: instance?.params, element: event.detail.element});
  };

  #onWidgetFailed = (event: CustomEvent<{type: string; ids: string[]; message: string}>) => {
    event.stopPropagation();
    for (const id of event.detail.ids) this.#arrivals.forget(id);
    emit(this, 'autoui-error', {code: ErrorCodes.LOAD_FAILED, message: event.detail.message});
    this.#errorNotice(event.detail.message, ErrorCodes.LOAD_FAILED);
  };

  #onCanvasChange(change: CanvasChange): void {
    if (change.kind === 'added' && change.instance) this.#knownWidgets.set(change.instance.id, change.instance.type);
    else if (change.kind === 'updated' && change.instance) {
      emit(this, 'autoui-widget-updated', {id: change.instance.id, type: change.instance.type, params: change.instance.params});
    } else if (change.kind === 'removed' && change.id) {
      this.#knownWidgets.delete(change.id);
      this.#arrivals.forget(change.id);
      emit(this, 'autoui-widget-removed', {id: change.id});
    } else if (change.kind === 'cleared') {
      for (const id of this.#knownWidgets.keys()) {
        this.#arrivals.forget(id);
        emit(this, 'autoui-widget-removed', {id});
      }
      this.#knownWidgets.clear();
    }
  }
}

/** `value` when it is a finite number above zero, else `fallback`. */
const positiveOr = (value: number, fallback: number) => (Number.isFinite(value) && value > 0 ? value : fallback);

declare global {
  interface HTMLElementTagNameMap {
    'autoui-agent': AutouiAgent;
  }
}
