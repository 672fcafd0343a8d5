import {LitElement, html, nothing, type PropertyValues} from 'lit';
import {property, query} from 'lit/decorators.js';
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolLayer} from '../agent/types.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {resolveLanguage, type ResolvedLanguage} from '../policy/language.js';
import {AgentSession} from '../session/agent-session.js';
import type {SessionEvent} from '../session/session-events.js';
import {AutouiCanvas, defineCanvasElements} from '../canvas/autoui-canvas.js';
import type {PageWidgetSpec, WidgetRegistry} from '../widgets/widget-registry.js';
import type {WidgetEnvironment} from '../widgets/widget-context.js';
import {AutouiComposer} from './autoui-composer.js';
import {AutouiConsole} from './autoui-console.js';
import {serverConfigOf} from './autoui-server.js';
import {AutouiTranscript} from './autoui-transcript.js';
import {agentStyles} from './autoui-agent.styles.js';
import {emit} from './events.js';
import {isLocalPage, resolveEndpoint} from './page-url.js';
import {stringsFor} from './strings.js';
import {defineElement} from '../define-element.js';

/** How long the end of a question waits for the widgets it showed to render (lazy chunks load meanwhile). */
const WIDGET_WAIT_MS = 10_000;

/**
 * `<autoui-agent>`: gives a page an LLM tool-calling agent over its MCP servers. People ask in
 * the composer (or the page calls `ask()`); the agent reads the servers' recipes, calls their
 * tools and shows widgets on its canvas. The element is a view over one {@link AgentSession}
 * (`session`): its attributes become the session's settings, the session's events its DOM events.
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

  /** The conversation this element shows: DOM-free, also usable on its own. */
  readonly session = new AgentSession({
    // Settings are read when a question starts, so a bad one fails that question, not the call.
    prepare: async () => {
      this.session.configure(this.#settings());
      await this.#loadEngine();
    },
    // The question is answered once its widgets are on the canvas: a run-end listener finds them.
    settle: async (result) => {
      const ids = () => result.widgets.map((w) => w.id).filter((id) => this.session.widgets.get(id));
      if (this.isConnected) await this.canvasElement?.whenRendered(ids, WIDGET_WAIT_MS);
    },
  });

  @query('autoui-composer') private composer?: AutouiComposer;
  @query('autoui-canvas') private canvasElement?: AutouiCanvas;
  #registry?: WidgetRegistry;
  #loading?: Promise<WidgetRegistry>;
  /** Page widgets registered before the engine loaded, registered when it does. */
  readonly #pendingWidgets: PageWidgetSpec[] = [];
  #observer?: MutationObserver;
  /** The widgets' environment: a new object only when it really changes (see widget-context.ts). */
  #environment?: WidgetEnvironment;

  constructor() {
    super();
    defineCanvasElements();
    defineElement('autoui-composer', AutouiComposer);
    defineElement('autoui-transcript', AutouiTranscript);
    defineElement('autoui-console', AutouiConsole);
    this.session.subscribe((event) => this.#onSessionEvent(event));
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
    return this.session.widgets.list().map(({id, type, params}) => ({id, type, params}));
  }

  /** Every tool layer a question would use now: connected servers, the page's layers, and `autoui` once the engine has loaded. */
  get layers(): readonly ToolLayer[] {
    return this.session.layers;
  }

  /** The language of the prompt and the element's texts (`policy/language.ts`): `lang`, else the page's. */
  get language(): 'fr' | 'en' {
    return this.#language().language;
  }

  /** Asks a question. Resolves with the run's result (also for failures); rejects with `RUN_IN_PROGRESS` while another runs. */
  ask(question: string): Promise<AgentResult> {
    return this.session.ask(question);
  }

  /** Stops the current question, if any. */
  abort(): void {
    this.session.abort();
  }

  /** Stops any question, and forgets the conversation and the canvas. */
  clear(): void {
    this.session.clear();
  }

  /** Adds a page's own widget element (already defined by the page) with its schema and recipe. */
  registerWidget(definition: PageWidgetSpec): void {
    if (this.#registry) this.#registry.registerPageWidget(definition);
    else this.#pendingWidgets.push(definition);
  }

  /** Adds a page's own tool layer (e.g. from `createWebMcpServer`). Used from the next question on. */
  addLayer(layer: ToolLayer): void {
    this.session.addLayer(layer);
  }

  /** Removes a page layer by its server name. */
  removeLayer(name: string): void {
    this.session.removeLayer(name);
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
    this.session.close();
  }

  protected override firstUpdated(): void {
    // Not needed to paint the element: fetched once the page has loaded and is idle, so it never
    // competes with the page's own start-up (a question also waits for it).
    const load = () => void Promise.all([this.#loadEngine(), this.session.preload()]).catch(() => {});
    const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(load, {timeout: 2000}) : setTimeout(load, 0));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, {once: true});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('servers') && this.isConnected) this.#syncServers();
  }

  override render() {
    const s = stringsFor(this.language);
    const session = this.session;
    return html`<div part="base" class="frame">
      <div class="conversation">
        <slot name="transcript"><autoui-transcript part="transcript" .entries=${session.transcript} .strings=${s}></autoui-transcript></slot>
        <slot name="composer"
          ><autoui-composer
            part="composer"
            .running=${session.running}
            .strings=${s}
            @composer-submit=${(e: CustomEvent<{text: string}>) => void this.ask(e.detail.text).catch(() => {})}
            @composer-stop=${() => this.abort()}
          ></autoui-composer
        ></slot>
        ${this.debug ? html`<autoui-console part="console" .servers=${session.servers} .runs=${session.runs} .strings=${s}></autoui-console>` : nothing}
        <slot></slot>
      </div>
      <autoui-canvas
        class="canvas"
        part="canvas"
        .store=${session.widgets}
        .registry=${this.#registry}
        .environment=${this.#widgetEnvironment()}
        @autoui-widget-rendered=${this.#onWidgetRendered}
        @autoui-widget-failed=${this.#onWidgetFailed}
      ></autoui-canvas>
    </div>`;
  }

  /** The one place session events become DOM events. */
  #onSessionEvent(event: SessionEvent): void {
    switch (event.type) {
      case 'run-start':
        emit(this, 'autoui-run-start', {question: event.question});
        break;
      case 'text':
        emit(this, 'autoui-text', {delta: event.delta});
        break;
      case 'message':
        emit(this, 'autoui-message', {role: event.role, text: event.text});
        break;
      case 'tool-call':
        emit(this, 'autoui-tool-call', event.call);
        break;
      case 'widget-create':
        if (!emit(this, 'autoui-widget-create', {type: event.widget.type, params: event.widget.params}, true)) event.veto();
        break;
      case 'widget-updated':
        emit(this, 'autoui-widget-updated', {id: event.widget.id, type: event.widget.type, params: event.widget.params});
        break;
      case 'widget-removed':
        emit(this, 'autoui-widget-removed', {id: event.id});
        break;
      case 'error':
        emit(this, 'autoui-error', event.error);
        break;
      case 'server-ready':
        emit(this, 'autoui-server-ready', {name: event.name, tools: event.tools});
        break;
      case 'server-error':
        emit(this, 'autoui-server-error', {name: event.name, code: event.code, message: event.message});
        break;
      case 'run-end':
        // The question is never lost: after a failure it goes back in the composer.
        if (event.result.stopReason === 'error') this.composer?.restore(event.question);
        emit(this, 'autoui-run-end', {result: event.result});
        break;
      // widget-created: `autoui-widget-created` fires once the canvas has rendered it, with its element.
    }
    this.requestUpdate();
  }

  /** The session's settings, read from the attributes when a question starts. */
  #settings() {
    return {
      model: {
        provider: this.provider || 'anthropic',
        endpoint: this.endpoint ? resolveEndpoint(this.endpoint) : undefined,
        model: this.model || undefined,
        apiKey: this.apiKey || undefined,
        allowBrowserKey: this.allowBrowserKey,
        isLocalPage: isLocalPage(),
      },
      language: this.language,
      maxIterations: this.maxIterations,
      toolTimeoutMs: this.toolTimeout * 1000,
      eagerTools: this.eagerTools,
    };
  }

  /** Loads the engine chunk (widgets, the `autoui` layer) once; a failed load is retried by the next call. */
  #loadEngine(): Promise<WidgetRegistry> {
    this.#loading ??= import('./engine.js').then(
      (engine) => {
        const registry = engine.createDefaultRegistry();
        for (const spec of this.#pendingWidgets.splice(0)) registry.registerPageWidget(spec);
        this.session.addLayer(engine.createAutouiLayer({catalog: registry, imageHosts: () => this.#allowedImageHosts()}));
        this.#registry = registry;
        this.requestUpdate();
        return registry;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw new AutouiError(ErrorCodes.LOAD_FAILED, `Part of autoui-agent could not be loaded (${errorMessage(error)}). Check the network and try again.`, {cause: error});
      },
    );
    return this.#loading;
  }

  #language(): ResolvedLanguage {
    return resolveLanguage(this.getAttribute('lang'), document.documentElement.lang);
  }

  #widgetEnvironment(): WidgetEnvironment {
    const {language, locale} = this.#language();
    const dir = this.matches(':dir(rtl)') ? 'rtl' : 'ltr';
    const imageHosts = this.#allowedImageHosts();
    const last = this.#environment;
    if (last && last.locale === locale && last.language === language && last.dir === dir && last.imageHosts.join(' ') === imageHosts.join(' ')) return last;
    return (this.#environment = {locale, language, dir, imageHosts});
  }

  #syncServers(): void {
    this.session.setServers([
      ...[...this.querySelectorAll(':scope > autoui-server')].map(serverConfigOf),
      ...this.servers.split(/\s+/).filter(Boolean).map((url) => ({url})),
    ]);
    this.requestUpdate();
  }

  #allowedImageHosts(): string[] {
    const own = this.imageHosts.split(/\s+/).filter(Boolean);
    if (own.length) return own;
    return this.session.servers.flatMap((status) => {
      try {
        return [new URL(status.url, document.baseURI).host];
      } catch {
        return [];
      }
    });
  }

  #onWidgetRendered = (event: CustomEvent<{id: string; type: string; element: HTMLElement}>) => {
    event.stopPropagation();
    const {id, type, element} = event.detail;
    emit(this, 'autoui-widget-created', {id, type, params: this.session.widgets.get(id)?.params, element});
  };

  #onWidgetFailed = (event: CustomEvent<{type: string; ids: string[]; message: string}>) => {
    event.stopPropagation();
    this.session.reportError(ErrorCodes.LOAD_FAILED, event.detail.message);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-agent': AutouiAgent;
  }
}
