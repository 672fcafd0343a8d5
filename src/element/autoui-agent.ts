import {LitElement, html, nothing, type PropertyValues} from 'lit';
import {property, query} from 'lit/decorators.js';
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolLayer} from '../agent/types.js';
import {ErrorCodes, loadFailed} from '../errors.js';
import {resolveLanguage, type ResolvedLanguage} from '../policy/language.js';
import {AgentSession} from '../session/agent-session.js';
import type {SessionEvent} from '../session/session-events.js';
import {AutouiCanvas, defineCanvasElements} from '../canvas/autoui-canvas.js';
import type {PageWidgetSpec} from '../widgets/widget-registry.js';
import {AutouiComposer} from './autoui-composer.js';
import {SERVER_CHANGE, serverConfigOf} from './autoui-server.js';
import {AutouiTranscript} from './autoui-transcript.js';
import {agentStyles} from './autoui-agent.styles.js';
import {emit, emitSessionEvent} from './events.js';
import {PersonPrompts} from './person-prompts.js';
import {storedVerdicts} from './stored-verdicts.js';
import {resolveServerUrl, whenPageIdle} from './page.js';
import {sessionSettings} from './session-settings.js';
import {stringsFor} from './strings.js';
import {WidgetEngine} from './widget-engine.js';
import type {WebMcpLink} from './webmcp-link.js';
import {AppHostMemo} from './app-host.js';
import {WidgetEnvironmentMemo, allowedImageHosts} from './widget-environment.js';
import {defineElement} from '../define-element.js';
import type {ApprovalPolicy, ApprovalRequest} from '../agent/approval.js';
import type {ApprovalResponder} from '../session/session-approvals.js';
import type {RestoreResult} from '../session/agent-session.js';
import type {AutouiSnapshot, SnapshotOptions} from '../session/snapshot-format.js';
import type {SessionStart} from './session-start.js';

// The event detail types, beside the class whose events they are (the JSX types generated from
// the manifest import them from here).
export type {
  ErrorDetail,
  ToolApprovalDetail,
  MessageDetail,
  RestoredDetail,
  RunEndDetail,
  RunStartDetail,
  ServerErrorDetail,
  ServerReadyDetail,
  SignInDetail,
  ElicitationDetail,
  TextDetail,
  WidgetCreateDetail,
  WidgetCreatedDetail,
  WidgetRemovedDetail,
  WidgetUpdatedDetail,
} from './events.js';
export type {ToolCall} from '../agent/dispatcher.js';

/** How long the end of a question waits for the widgets it showed to render (lazy chunks load meanwhile). */
const WIDGET_WAIT_MS = 10_000;

/**
 * `<autoui-agent>`: gives a page an LLM tool-calling agent over its MCP servers. People ask in
 * the composer (or the page calls `ask()`); the agent reads the servers' recipes, calls their
 * tools and shows widgets on its canvas. The element is a view over one {@link AgentSession}
 * (`session`): its attributes become the session's settings, the session's events its DOM events.
 *
 * @tagname autoui-agent
 * @summary An LLM agent that renders widgets from MCP data.
 *
 * @attr lang - Language of the prompt and of the element's texts (`fr` or `en`; another tag gives French texts and that tag's numbers and dates); default: the page's `<html lang>`.
 * @attr dir - Text direction (`ltr`, `rtl`); default: the page's.
 *
 * @slot - `<autoui-server>` children: the MCP servers.
 * @slot composer - Replaces the built-in composer (call `ask()` from yours).
 * @slot transcript - Replaces the built-in transcript (an empty element hides it).
 *
 * @fires {CustomEvent<WidgetCreateDetail>} autoui-widget-create - Before a widget is shown; cancelable. detail: `{type, params}`.
 * @fires {CustomEvent<WidgetCreatedDetail>} autoui-widget-created - A widget was shown. detail: `{id, type, params, element}`.
 * @fires {CustomEvent<WidgetUpdatedDetail>} autoui-widget-updated - A widget's params changed. detail: `{id, type, params}`.
 * @fires {CustomEvent<WidgetRemovedDetail>} autoui-widget-removed - A widget was removed. detail: `{id}`.
 * @fires {CustomEvent<ToolApprovalDetail>} autoui-tool-approval - A tool call waits for a person's yes; cancelable: `preventDefault()`, then `respond('allow' | 'allow-always' | 'deny', reason?)`. Otherwise the transcript shows a card. detail: `{id, server, serverUrl, tool, name, title, args, annotations, respond}`.
 * @fires {CustomEvent<ToolCall>} autoui-tool-call - A tool call finished. detail: `{id, name, args, result, error, elapsed, guided}`.
 * @fires {CustomEvent<TextDetail>} autoui-text - Streamed assistant text. detail: `{delta}`.
 * @fires {CustomEvent<MessageDetail>} autoui-message - A complete message. detail: `{role, text}`.
 * @fires {CustomEvent<RunStartDetail>} autoui-run-start - A question starts. detail: `{question}`.
 * @fires {CustomEvent<RunEndDetail>} autoui-run-end - A question ended. detail: `{result}`.
 * @fires {CustomEvent<ErrorDetail>} autoui-error - Something failed. detail: `{code, message}`.
 * @fires {CustomEvent<ServerReadyDetail>} autoui-server-ready - An MCP server connected. detail: `{name, tools, protocol}` (`protocol`: the MCP revision it speaks).
 * @fires {CustomEvent<SignInDetail>} autoui-sign-in - An MCP server asks the person to sign in, as a question starts; cancelable: `preventDefault()`, open `authorizationUrl`, then `respond(callbackQuery | 'later')`. Otherwise the transcript shows a sign-in card. detail: `{server, url, issuer, authorizationUrl, respond}`.
 * @fires {CustomEvent<ElicitationDetail>} autoui-elicitation - An MCP server asks the person something (a form or a URL); cancelable: `preventDefault()`, then `respond({action, content?})`. Otherwise the transcript shows a card. detail: `{server, mode, message, schema?, url?, respond}`.
 * @fires {CustomEvent<ServerErrorDetail>} autoui-server-error - An MCP server failed. detail: `{name, code, message}`.
 * @fires {CustomEvent<RestoredDetail>} autoui-restored - A snapshot, a share link or the stored copy replaced the canvas. detail: `{source, widgets, dropped, conversation}`.
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
  /**
   * Seconds the model's answer may stay silent (before its first byte or between two) before the
   * question ends with `PROVIDER_STREAM`: longer for a local model that thinks a long time.
   */
  @property({attribute: 'stream-timeout', type: Number}) streamTimeout = 300;
  /** Send every tool up front instead of lazy discovery. */
  @property({attribute: 'eager-tools', type: Boolean}) eagerTools = false;
  /**
   * Show widgets only once their call is complete, not while the model writes them (no drafts):
   * for a page that vetoes some widgets and must not show them even for a moment.
   */
  @property({attribute: 'no-drafts', type: Boolean}) noDrafts = false;
  /** Shorthand for servers: space-separated MCP URLs. */
  @property() servers = '';
  /** Show the agent console (tool calls, timings, tokens, server status). */
  @property({type: Boolean, reflect: true}) debug = false;
  /** Space-separated hosts images may load from; default: the MCP servers' hosts. */
  @property({attribute: 'image-hosts'}) imageHosts = '';
  /**
   * When a tool call waits for a person's yes: `writes` (every tool whose annotations do not say
   * `readOnlyHint: true`), `all` or `never`. An `<autoui-server approve>` wins for its server;
   * anything else means `writes`. The display tools never ask.
   */
  @property() approve: ApprovalPolicy = 'writes';
  /**
   * `local`: keep this session (canvas, transcript, conversation, "always allow" answers) in the
   * browser's IndexedDB, by page origin, path and the element's `id`, and restore it on the next
   * visit. Read once, when the element first connects.
   */
  @property() persist = '';
  /** Restore the canvas of a share link (`#autoui=…` in the page URL, from `shareUrl()`) on connect. */
  @property({type: Boolean}) share = false;
  /**
   * The `snapshot` attribute: a snapshot (JSON, from `snapshot()`) to start from when nothing else
   * is restored. Read on connect. As a property it is `initialSnapshot`: `snapshot` is the method
   * (setting `snapshot` to a string, as frameworks do for a prop, sets this).
   */
  @property({attribute: 'snapshot'}) initialSnapshot = '';
  /** The URL of a snapshot to start from when nothing else is restored. Read on connect. */
  @property({attribute: 'snapshot-src'}) snapshotSrc = '';
  /**
   * Show no composer and no widget controls: an embed of a finished dashboard. The page's code may
   * still call `ask()`.
   */
  @property({type: Boolean, reflect: true}) readonly = false;
  /**
   * The URL of the MCP App sandbox page (`dist/mcp-app-sandbox.html`, served from another origin
   * than this page). Without it, or on this page's own origin, MCP App views are shown as their
   * text result, with a notice.
   */
  @property({attribute: 'sandbox-url'}) sandboxUrl = '';
  /**
   * WebMCP, the browser's own agent API (`document.modelContext`): `expose` registers this
   * element's tools for the browser's agent (ask, show a widget, list and change the canvas),
   * `consume` offers the page's registered tools to this agent, `both`, or `off`.
   */
  @property() webmcp: 'expose' | 'consume' | 'both' | 'off' | '' = '';

  /**
   * OAuth client id for the MCP servers that ask to sign in (a server's own `client-id` wins): the
   * URL of the site's Client ID Metadata Document, or an id registered with the authorization
   * server. Absent: the element registers itself dynamically where the server allows it.
   */
  @property({attribute: 'client-id'}) clientId = '';

  /** The URL of the sign-in callback page the site serves (`dist/oauth-callback.html`); default: the one beside the script. */
  @property({attribute: 'oauth-callback'}) oauthCallback = '';

  /** Sign-in and elicitation cards, and the sign-in settings the session reads. */
  readonly #prompts: PersonPrompts = new PersonPrompts({
    requestUpdate: () => this.requestUpdate(),
    canShowCards: () => !this.readonly && (this.shadowRoot?.querySelector<HTMLSlotElement>('slot[name="transcript"]')?.assignedElements().length ?? 0) === 0,
    currentQuestion: (): string | undefined => [...this.session.transcript].reverse().find((e) => e.kind === 'user')?.text,
    ask: (question) => void this.ask(question).catch(() => {}),
    settings: () => ({persist: this.persist === 'local', clientId: this.clientId, callback: this.oauthCallback}),
  });

  /** The conversation this element shows: DOM-free, also usable on its own. */
  readonly session: AgentSession = new AgentSession({
    auth: this.#prompts.auth,
    protocolMemory: storedVerdicts(() => this.persist === 'local'),
    // Settings are read when a question starts, so a bad one fails that question, not the call.
    prepare: async () => {
      this.session.configure(sessionSettings(this));
      await this.#widgets.load();
      await (await this.#webmcpLink)?.prepare();
    },
    // Checking a snapshot's widgets needs the widget catalogue and the autoui layer.
    prepareRestore: async () => {
      await this.#widgets.load();
    },
    // The question is answered once its widgets are on the canvas: a run-end listener finds them.
    settle: async (result) => {
      const ids = () => result.widgets.map((w) => w.id).filter((id) => this.session.widgets.get(id));
      if (this.isConnected) await this.canvasElement?.whenRendered(ids, WIDGET_WAIT_MS);
    },
  });

  @query('autoui-composer') private composer?: AutouiComposer;
  @query('autoui-canvas') private canvasElement?: AutouiCanvas;
  readonly #widgets = new WidgetEngine(this.session, () => this.#imageHosts(), () => this.requestUpdate());
  readonly #environment = new WidgetEnvironmentMemo();
  readonly #appHost = new AppHostMemo(this.session);
  /** The WebMCP link, loaded the first time `webmcp` is set. */
  #webmcpLink?: Promise<WebMcpLink | undefined>;
  /** Approvals this element answers with a card (the page did not take them), by request. */
  #cards: ReadonlyMap<ApprovalRequest, ApprovalResponder> = new Map();
  #observer?: MutationObserver;
  /** Where the session started from (`persist`, `share`, `snapshot`, `snapshot-src`), once, on first connect. */
  #start?: Promise<SessionStart | undefined>;
  /** The page chose what the session holds before the start could (its clear() or restore()): the start restores nothing. */
  #superseded?: 'cleared' | 'restored';
  readonly #onPageHide = () => void this.#start?.then((start) => start?.flush());

  constructor() {
    super();
    // A `snapshot` prop a framework set before the element was defined is an own property that
    // hides the accessor (and the method): it goes through the accessor instead.
    if (Object.prototype.hasOwnProperty.call(this, 'snapshot')) {
      const value: unknown = (this as unknown as {snapshot: unknown}).snapshot;
      delete (this as unknown as {snapshot?: unknown}).snapshot;
      this.snapshot = value;
    }
    defineCanvasElements();
    defineElement('autoui-composer', AutouiComposer);
    defineElement('autoui-transcript', AutouiTranscript);
    this.session.subscribe((event) => this.#onSessionEvent(event));
    // A child's token set as a property changes no attribute, so the observer below misses it.
    this.addEventListener(SERVER_CHANGE, (event) => {
      event.stopPropagation();
      if (this.#observer) this.#syncServers(); // only while connected
    });
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

  /**
   * Signs out of one MCP server (by name or URL), or of every server: forgets their tokens (also
   * the stored ones with `persist`); the next question asks the person to sign in again.
   */
  signOut(server?: string): Promise<void> {
    return this.session.signOut(server);
  }

  /**
   * The session as JSON: widgets (params, place, size, style), transcript, servers (name and
   * address, never a token). `{conversation: true}` adds the conversation as the model saw it.
   */
  get snapshot(): (options?: SnapshotOptions) => AutouiSnapshot {
    return this.#snapshot;
  }

  /**
   * A snapshot set as a property is the starting snapshot (`initialSnapshot`): what a framework
   * sets for a `snapshot` prop. A string is its JSON; an object is written as JSON.
   */
  set snapshot(value: unknown) {
    if (typeof value === 'string') this.initialSnapshot = value;
    else if (value && typeof value === 'object') {
      try {
        this.initialSnapshot = JSON.stringify(value);
      } catch {
        console.warn('autoui-agent: the snapshot property holds something that is not JSON; it is ignored.');
      }
    }
  }

  readonly #snapshot = (options?: SnapshotOptions): AutouiSnapshot => this.session.snapshot(options);

  /**
   * Replaces the canvas and transcript (and conversation, if it has one) with a snapshot's (an object,
   * or its JSON text), checked as untrusted input: unknown widgets and invalid params are left out,
   * with a notice. Resolves once its widgets are rendered.
   * Rejects with `SNAPSHOT_INVALID` or `SNAPSHOT_TOO_LARGE` (nothing changes), or `RUN_IN_PROGRESS`.
   */
  async restore(snapshot: unknown): Promise<RestoreResult> {
    // After where the element starts from (the stored copy, a link), which must not replace it;
    // before it has started, instead of it.
    if (this.#start) await this.#start;
    else this.#superseded = 'restored';
    const result = await this.session.restore(snapshot);
    if (this.isConnected) {
      const ids = () => result.widgets.map((w) => w.id).filter((id) => this.session.widgets.get(id));
      await this.canvasElement?.whenRendered(ids, WIDGET_WAIT_MS);
    }
    return result;
  }

  /**
   * This page's URL with the canvas in its fragment (`#autoui=…`, widgets only, compressed): an
   * element with `share` on this page shows it. Rejects with `SNAPSHOT_TOO_LARGE` over 64 kB.
   */
  async shareUrl(): Promise<string> {
    let engine: typeof import('../session/restore-engine.js');
    try {
      engine = await import('../session/restore-engine.js');
    } catch (error) {
      throw loadFailed('Part of autoui-agent', error);
    }
    return engine.shareUrlFor(location.href, await engine.encodeShareFragment(this.session.snapshot()));
  }

  /** Adds a page's own widget element (already defined by the page) with its schema and recipe. */
  registerWidget(definition: PageWidgetSpec): void {
    this.#widgets.register(definition);
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
    this.#observer.observe(this, {childList: true, subtree: true, attributes: true, attributeFilter: ['name', 'url', 'token', 'tools', 'approve', 'protocol', 'client-id']});
    this.#syncServers();
    window.addEventListener('pagehide', this.#onPageHide);
    this.#start ??= this.#startSession();
    this.#applyWebMcp();
  }

  /** Applies `webmcp` (its module comes on first use; nothing loads while it is off). */
  #applyWebMcp(): void {
    const wanted = this.isConnected ? this.webmcp : '';
    if (!this.#webmcpLink && (!wanted || wanted === 'off')) return;
    const previous = this.#webmcpLink ?? Promise.resolve(undefined);
    // One chain: each change applies after the one before, and a question waits for the last.
    this.#webmcpLink = previous.then(async (link) => {
      try {
        const {WebMcpLink, parseWebMcpMode} = await import('./webmcp-link.js');
        link ??= new WebMcpLink({id: () => this.id, readonly: () => this.readonly, session: this.session, ask: (q) => this.ask(q), loadWidgets: () => this.#widgets.load()});
        link.apply(this.isConnected ? parseWebMcpMode(this.webmcp) : 'off');
        return link;
      } catch (error) {
        console.warn('autoui-agent: the WebMCP part could not be loaded.', error);
        return link;
      }
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pagehide', this.#onPageHide);
    this.#onPageHide();
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#applyWebMcp();
    this.session.close();
  }

  protected override firstUpdated(): void {
    // The engine is not needed to paint the element (a question waits for it, and retries a failed load).
    whenPageIdle(() => void Promise.all([this.#widgets.load(), this.session.preload()]).catch(() => {}));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('servers') && this.isConnected) this.#syncServers();
    if (changed.has('webmcp') && this.isConnected) this.#applyWebMcp();
    // The console is a developer's tool: its code comes only with `debug`.
    if (changed.has('debug') && this.debug) {
      import('./autoui-console.js').then(
        (m) => defineElement('autoui-console', m.AutouiConsole),
        (error: unknown) => this.session.reportError(ErrorCodes.LOAD_FAILED, loadFailed('The debug console', error).message),
      );
    }
  }

  override render() {
    const s = stringsFor(this.language);
    const session = this.session;
    return html`<div part="base" class="frame">
      <div class="conversation">
        <slot name="transcript"><autoui-transcript part="transcript" .entries=${session.transcript} .strings=${s} .approvals=${this.#cards} .approvalView=${this.#widgets.approvalView} .promptView=${this.#prompts.view}></autoui-transcript></slot>
        ${this.readonly ? nothing : html`<slot name="composer"
          ><autoui-composer
            part="composer"
            .running=${session.running}
            .strings=${s}
            @composer-submit=${(e: CustomEvent<{text: string}>) => void this.ask(e.detail.text).catch(() => {})}
            @composer-stop=${() => this.abort()}
          ></autoui-composer
        ></slot>`}
        ${this.debug ? html`<autoui-console part="console" .servers=${session.servers} .runs=${session.runs} .strings=${s}></autoui-console>` : nothing}
        <slot></slot>
      </div>
      <autoui-canvas
        class="canvas"
        part="canvas"
        .store=${session.widgets}
        .readonly=${this.readonly}
        .registry=${this.#widgets.registry}
        .appHost=${this.#appHost.of(this.sandboxUrl, this.readonly)}
        .environment=${this.#environment.of(this.#language(), this.matches(':dir(rtl)') ? 'rtl' : 'ltr', this.#imageHosts())}
        @autoui-widget-rendered=${this.#onWidgetRendered}
        @autoui-widget-failed=${this.#onWidgetFailed}
      ></autoui-canvas>
    </div>`;
  }

  #onSessionEvent(event: SessionEvent): void {
    // The question is never lost: after a failure it goes back in the composer.
    if (event.type === 'run-end' && event.result.stopReason === 'error') this.composer?.restore(event.question);
    const shown = emitSessionEvent(this, event);
    this.#prompts.onSessionEvent(event, shown, () => this.session.servers);
    if (event.type === 'approval' && shown) this.#showCard(event.request, event.respond);
    else if (event.type === 'approval-settled') this.#cards = new Map([...this.#cards].filter(([request]) => request !== event.request));
    else if (event.type === 'cleared') {
      this.#cards = new Map();
      this.#superseded = 'cleared';
    }
    this.requestUpdate();
  }

  /** The page did not take the question: the built-in transcript asks, if the page still shows it. */
  #showCard(request: ApprovalRequest, respond: ApprovalResponder): void {
    const replaced = (this.shadowRoot?.querySelector<HTMLSlotElement>('slot[name="transcript"]')?.assignedElements().length ?? 0) > 0;
    // A readonly embed's visitors are not the ones to approve what the page's code asks.
    if (!replaced && !this.readonly) {
      this.#cards = new Map([...this.#cards, [request, respond]]);
      return;
    }
    // Nobody would see a card: deny at once rather than wait for an answer that cannot come.
    const why = this.readonly ? 'the element is readonly' : 'the page replaced the transcript (slot="transcript")';
    console.warn(`autoui-agent: ${request.name} needs approval, but ${why} and the page did not handle autoui-tool-approval; the call is denied.`);
    respond('deny', 'The page shows no way to approve it.');
  }

  /** Starts the session from a share link, the stored copy or a snapshot, when an attribute asks; the code for it is a lazy chunk. */
  #startSession(): Promise<SessionStart | undefined> {
    const attributes = {
      share: this.share,
      persist: this.persist,
      snapshot: this.initialSnapshot,
      snapshotSrc: this.snapshotSrc,
      storageKey: this.#storageKey(),
      superseded: () => this.#superseded,
    };
    if (!attributes.share && attributes.persist !== 'local' && !attributes.snapshot.trim() && !attributes.snapshotSrc.trim()) return Promise.resolve(undefined);
    const started = import('./session-start.js')
      .then(async ({SessionStart}) => {
        const start = new SessionStart(this.session);
        await start.start(attributes);
        return start;
      })
      .catch((error: unknown) => {
        // A part that did not load (the persistence chunk, say): the element works without it.
        this.session.reportError(ErrorCodes.LOAD_FAILED, loadFailed('Part of autoui-agent', error).message);
        return undefined;
      });
    // A question asked meanwhile continues what is restored.
    this.session.holdQuestions(started);
    return started;
  }

  /** Where `persist` keeps this element's session: the page's origin and path, and the element's id (else its place among the page's persisted elements). */
  #storageKey(): string {
    if (!this.id && this.persist === 'local') console.warn('autoui-agent: persist="local" without an id: the stored copy is keyed by the element\'s place among the page\'s persisted elements. Give it an id.');
    // By property, not attribute: a page may set `persist` as a property, which is not reflected.
    const persisted = [...document.querySelectorAll('autoui-agent')].filter((e) => (e as AutouiAgent).persist === 'local');
    const id = this.id || `autoui-agent-${persisted.indexOf(this)}`;
    return `${location.origin}${location.pathname}#${id}`;
  }

  #language(): ResolvedLanguage {
    return resolveLanguage(this.getAttribute('lang'), document.documentElement.lang);
  }

  #syncServers(): void {
    this.session.setServers([
      ...[...this.querySelectorAll(':scope > autoui-server')].map(serverConfigOf).map((c) => ({...c, url: resolveServerUrl(c.url)})),
      ...this.servers.split(/\s+/).filter(Boolean).map((url) => ({url: resolveServerUrl(url)})),
    ]);
    this.requestUpdate();
  }

  #imageHosts(): string[] {
    return allowedImageHosts(this.imageHosts, this.session.servers.map((s) => s.url), document.baseURI);
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
