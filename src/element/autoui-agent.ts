import {html, nothing} from 'lit';
import type {AgentResult} from '../agent/agent-loop.js';
import type {ToolLayer} from '../agent/types.js';
import {resolveLanguage, uiLanguage, type ResolvedLanguage} from '../policy/language.js';
import {AgentSession, type RestoreResult} from '../session/agent-session.js';
import {preloadRunEngine} from '../session/engine-chunks.js';
import type {SessionEvent} from '../session/session-events.js';
import type {PageWidgetSpec} from '../widgets/widget-registry.js';
import {composerSlot, defineComposer, restoreQuestion, type ComposerActions} from './parts/composer-slot.js';
import {agentStyles, layoutClass} from './autoui-agent.styles.js';
import {emitSessionEvent} from './events.js';
import {PersonPrompts, promptHostOf} from './prompts/person-prompts.js';
import {elementStores} from './element-stores.js';
import {resolveServerUrl, whenPageIdle} from './page.js';
import {WidgetEngine} from './widget-engine.js';
import {allowedImageHosts} from './canvas-binding/image-hosts.js';
import {AutouiAgentAttributes} from './autoui-agent-attributes.js';
import {ServerSyncController} from './servers/server-sync-controller.js';
import {SessionStartController} from './start/session-start-controller.js';
import {WebMcpController} from './webmcp/webmcp-controller.js';
import {DebugConsoleController} from './console/debug-console-controller.js';
import {shareUrlOf} from './start/share-url.js';
import {ElementViews} from './element-views.js';
import {FilesController} from './files/files-controller.js';
import {ModelDownload} from './model-download/model-download.js';
import type {AutouiFileDetail} from './events.js';

// The event detail types, beside the class whose events they are (the JSX types generated from
// the manifest import them from here).
export type {AgentStateDetail, AutouiFileDetail, ErrorDetail, ToolApprovalDetail, MessageDetail, ModelDownloadDetail, RestoredDetail, RunEndDetail, RunStartDetail, ServerErrorDetail, ServerReadyDetail} from './events.js';
export type {SignInDetail, ElicitationDetail, SuggestionDetail, TextDetail, ToolCallDetail, WidgetCreateDetail, WidgetCreatedDetail, WidgetRemovedDetail, WidgetUpdatedDetail} from './events.js';
export type {ToolCall} from '../agent/dispatcher.js';

/**
 * `<autoui-agent>`: gives a page an LLM tool-calling agent over its MCP servers. People ask in
 * the composer (or the page calls `ask()`); the agent reads the servers' recipes, calls their
 * tools and shows widgets on its canvas. The element is a view over one {@link AgentSession}
 * (`session`): its attributes become the session's settings, the session's events its DOM events.
 *
 * @tagname autoui-agent
 * @summary An LLM agent that renders widgets from MCP data.
 *
 * @attr lang - Language of the prompt and of the element's texts (`fr` or `en`; another tag gives English texts and that tag's numbers and dates); default: the page's `<html lang>`.
 * @attr dir - Text direction (`ltr`, `rtl`); default: the page's.
 *
 * @slot - `<autoui-server>` children: the MCP servers.
 * @slot composer - Replaces the built-in composer (call `ask()` from yours).
 * @slot transcript - Replaces the built-in transcript (an empty element hides it).
 * @slot suggestions - Replaces the built-in starter questions (shown before the first question); a click on one of its elements (a button, or one with `data-question`) asks its `data-question`, else its text.
 *
 * @fires {CustomEvent<WidgetCreateDetail>} autoui-widget-create - Before a widget is shown; cancelable. detail: `{type, params}`.
 * @fires {CustomEvent<WidgetCreatedDetail>} autoui-widget-created - A widget was shown. detail: `{id, type, params, element}`.
 * @fires {CustomEvent<WidgetUpdatedDetail>} autoui-widget-updated - A widget's params changed. detail: `{id, type, params}`.
 * @fires {CustomEvent<WidgetRemovedDetail>} autoui-widget-removed - A widget was removed. detail: `{id}`.
 * @fires {CustomEvent<ToolApprovalDetail>} autoui-tool-approval - A tool call waits for a person's yes; cancelable: `preventDefault()`, then `respond('allow' | 'allow-always' | 'deny', reason?)`. Otherwise the transcript shows a card. detail: `{id, server, serverUrl, tool, name, title, args, annotations, respond}`.
 * @fires {CustomEvent<ToolCallDetail>} autoui-tool-call - A tool call finished. detail: `{id, name, args, result, error, elapsed, guided, server, tool, label, alias}`: `name` as the model wrote it, `label` as the transcript and the console show it (`atlas · browse_skills (list_recipes)`).
 * @fires {CustomEvent<TextDetail>} autoui-text - Streamed assistant text. detail: `{delta}`.
 * @fires {CustomEvent<MessageDetail>} autoui-message - A complete message. detail: `{role, text}`.
 * @fires {CustomEvent<RunStartDetail>} autoui-run-start - A question starts. detail: `{question}`.
 * @fires {CustomEvent<RunEndDetail>} autoui-run-end - A question ended. detail: `{result}`.
 * @fires {CustomEvent<ErrorDetail>} autoui-error - Something failed. detail: `{code, message}`.
 * @fires {CustomEvent<ServerReadyDetail>} autoui-server-ready - An MCP server connected. detail: `{name, tools, protocol}` (`protocol`: the MCP revision it speaks).
 * @fires {CustomEvent<SignInDetail>} autoui-sign-in - An MCP server asks the person to sign in, as a question starts; cancelable: `preventDefault()`, open `authorizationUrl`, then `respond(callbackQuery | 'later')`. Otherwise the transcript shows a sign-in card. detail: `{server, url, issuer, authorizationUrl, respond}`.
 * @fires {CustomEvent<ElicitationDetail>} autoui-elicitation - An MCP server asks the person something (a form or a URL); cancelable: `preventDefault()`, then `respond({action, content?})`. Otherwise the transcript shows a card. detail: `{server, mode, message, schema?, url?, respond}`.
 * @fires {CustomEvent<ServerErrorDetail>} autoui-server-error - An MCP server failed. detail: `{name, code, message}`.
 * @fires {CustomEvent<AutouiFileDetail>} autoui-file-attached - A local file was read and attached (dropped, picked, pasted or `attach()`). detail: `{name, size, rows, columns}`.
 * @fires {CustomEvent<AutouiFileDetail>} autoui-file-removed - An attached file was removed. detail: `{name, size, rows, columns}`.
 * @fires {CustomEvent<SuggestionDetail>} autoui-suggestion - The person picked a starter question; cancelable: `preventDefault()` and the element does not ask it. detail: `{question, source, server?, recipe?}` (`source`: `page` or `recipe`).
 * @fires {CustomEvent<ModelDownloadDetail>} autoui-model-download - The browser's model is downloading, after the person agreed on the card. detail: `{provider, model, loaded, total}`.
 * @fires {CustomEvent<AgentStateDetail>} autoui-agent-state - The site's own agent (`agent`) changed its state. detail: `{state}`.
 * @fires {CustomEvent<RestoredDetail>} autoui-restored - A snapshot, a share link or the stored copy replaced the canvas. detail: `{source, widgets, dropped, conversation}`.
 *
 * @csspart base - The element's layout frame.
 * @csspart transcript - The built-in transcript.
 * @csspart composer - The built-in composer.
 * @csspart canvas - The widget canvas.
 * @csspart console - The debug console.
 * @csspart widget - Every widget on the canvas.
 * @csspart files - The list of attached files above the composer.
 * @csspart file - One attached file's chip.
 * @csspart file-remove - The remove button of a file's chip.
 * @csspart drop-target - What covers the element while files are dragged over it.
 * @csspart suggestions - The starter questions shown before the first question (label and list).
 * @csspart suggestion - One starter question's button.
 * @csspart model-download - The card asking before the browser downloads its model, then its progress.
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
export class AutouiAgent extends AutouiAgentAttributes {
  static override styles = agentStyles;

  /** Sign-in and elicitation cards, and the sign-in settings the session reads. */
  readonly #prompts: PersonPrompts = new PersonPrompts(promptHostOf(this));

  /** The conversation this element shows: DOM-free, also usable on its own. */
  override readonly session: AgentSession = new AgentSession({
    auth: this.#prompts.auth,
    protocolMemory: elementStores(this).verdicts,
    // Settings are read when a question starts (with the engine, which brings their code), so a
    // bad one fails that question, not the call.
    prepare: async () => {
      // Told before anything loads (the session reads it as it calls this): with the site's own
      // agent, the session loads the agent's engine, never the loop's.
      this.session.configure({agent: this.agent?.trim() ? resolveServerUrl(this.agent.trim()) : undefined});
      await this.#widgets.load();
      this.session.configure(this.#widgets.sessionSettings!(this, this.#download.hooks));
      await this.#webmcp.prepare();
    },
    // Checking a snapshot's widgets needs the widget catalogue and the autoui layer.
    prepareRestore: () => this.#widgets.load().then(() => undefined),
    // The question is answered once its widgets are on the canvas: a run-end listener finds them.
    settle: (result) => this.#whenRendered(result.widgets),
    attachedFiles: () => this.#files.loaded?.snapshotFiles() ?? [],
  });

  /** The transcript and the canvas: a chunk of their own, which the first render does without. */
  readonly #views = new ElementViews(this, this.session);
  readonly #widgets = new WidgetEngine({session: this.session, element: this, loadViews: this.#views.load, imageHosts: () => this.#imageHosts(), loaded: () => this.requestUpdate()});

  // The element's features, one module each (the sign-in cards above: the session needs them);
  // the controllers among them hear the element's life cycle in this order.
  readonly #servers = new ServerSyncController(this);
  readonly #start = new SessionStartController(this);
  readonly #webmcp = new WebMcpController(this, () => this.#widgets.load());
  readonly #console = new DebugConsoleController(this);
  readonly #files: FilesController = new FilesController(this);
  readonly #download = new ModelDownload(this);
  /** The features that hear the session's events, after the page's listeners (`shown`: the page did not cancel the event). */
  readonly #hearing: ReadonlyArray<{sessionEvent(event: SessionEvent, shown: boolean): void}> = [this.#prompts, this.#widgets, this.#start, this.#files, this.#download];

  constructor() {
    super();
    defineComposer();
    this.session.subscribe((event) => this.#onSessionEvent(event));
  }

  /** Widgets on the canvas now. */
  get widgets(): Array<{id: string; type: string; params: unknown}> {
    return this.session.widgets.list().map(({id, type, params}) => ({id, type, params}));
  }

  /** Every tool layer a question would use now: connected servers, the page's layers, and `autoui` once the engine has loaded. */
  get layers(): readonly ToolLayer[] {
    return this.session.layers;
  }

  /** The language of the prompt and the element's texts (`policy/language.ts`): `lang`, else the page's (not the locale, whose `Intl` call would cost the first render a millisecond). */
  get language(): 'fr' | 'en' {
    return uiLanguage(this.getAttribute('lang')?.trim() || document.documentElement.lang);
  }

  /** The site's own agent's state (`agent`; read-only): as its last state event left it, undefined before any. */
  get agentState(): unknown {
    return this.session.agentState;
  }

  /** The local files attached (read-only): `{name, size, rows, columns}` each, in the order they were attached. */
  get files(): AutouiFileDetail[] {
    return this.#files.loaded?.files ?? [];
  }

  /**
   * Reads a local file (csv, tsv, json, jsonl, xlsx, ods, parquet, as `files` allows) into tables the
   * agent queries in this page: nothing is uploaded. Resolves with `{name, size, rows, columns}`;
   * rejects with `FILE_REFUSED` (a kind not taken, over `files-max-bytes`, files off) or
   * `FILE_UNREADABLE`, also told as `autoui-error` and in the transcript.
   */
  attach(file: File): Promise<AutouiFileDetail> {
    return this.#files.attach(file);
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
    return this.session.signIns.signOut(server);
  }

  /**
   * Ends the local models this page runs (`provider="local"`) and deletes their files kept in this
   * browser; the next question asks again before downloading. Resolves with the bytes freed.
   */
  clearLocalModels(): Promise<number> {
    return import('../providers/local/local-model.js').then((local) => local.clearLocalModels());
  }

  /**
   * Replaces the canvas and transcript (and conversation, if it has one) with a snapshot's (an object,
   * or its JSON text), checked as untrusted input: unknown widgets and invalid params are left out,
   * with a notice. Resolves once its widgets are rendered.
   * Rejects with `SNAPSHOT_INVALID` or `SNAPSHOT_TOO_LARGE` (nothing changes), or `RUN_IN_PROGRESS`.
   */
  async restore(snapshot: unknown): Promise<RestoreResult> {
    await this.#start.beforeRestore();
    const result = await this.session.restore(snapshot);
    await Promise.all([this.#whenRendered(result.widgets), this.#files.restoring]);
    return result;
  }

  /**
   * This page's URL with the canvas in its fragment (`#autoui=…`, widgets only, compressed): an
   * element with `share` on this page shows it. Rejects with `SNAPSHOT_TOO_LARGE` over 64 kB.
   */
  shareUrl(): Promise<string> {
    return shareUrlOf(this.session);
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session.close();
  }

  protected override firstUpdated(): void {
    // The engine is not needed to paint the element (a question waits for it, and retries a failed load).
    // Nor are the files' (their button shows then; a file dropped earlier loads them at once).
    // With `agent`, the site's agent answers: the loop's engine is never needed.
    whenPageIdle(() => void Promise.all([this.#widgets.load(), this.agent ? undefined : preloadRunEngine(), this.#files.load()]).catch(() => {}));
  }

  override render() {
    const language = this.language;
    const session = this.session;
    return html`<div part="base" class="frame ${layoutClass(this.layout)}">
      <div class="conversation">
        <slot name="transcript"><autoui-transcript part="transcript" .entries=${session.transcript} .language=${language} .approvals=${this.#widgets.approvalsShown} .approvalView=${this.#widgets.approvalView} .promptView=${this.#prompts.view} .fileNoticeText=${this.#views.fileNoticeText}></autoui-transcript></slot>
        ${this.#download.card()} ${this.#views.starters?.(this)}
        ${this.debug ? html`<autoui-console part="console" .servers=${session.servers} .runs=${this.#console.runs} .language=${language}></autoui-console>` : nothing}
        <slot></slot>
      </div>
      ${this.#views.canvas(() => ({readonly: this.readonly, registry: this.#widgets.registry, sandboxUrl: this.sandboxUrl,
        language: this.#language(), dir: this.matches(':dir(rtl)') ? 'rtl' : 'ltr', imageHosts: this.#imageHosts()}))}
      <div class="ask">
        ${this.#files.loaded?.view() ?? nothing}
        ${this.readonly ? nothing : composerSlot({running: session.running, language, accept: this.#files.loaded?.accept}, this.#composerActions)}
      </div>
    </div>`;
  }

  #onSessionEvent(event: SessionEvent): void {
    // The question is never lost: after a failure it goes back in the composer.
    if (event.type === 'run-end' && event.result.stopReason === 'error') restoreQuestion(this.renderRoot, event.question);
    const shown = emitSessionEvent(this, event);
    for (const feature of this.#hearing) feature.sessionEvent(event, shown);
    // A server's notice can come before the engine: the transcript that tells it loads now.
    if (this.session.transcript.length > 0) this.#views.load().catch((error: unknown) => console.warn('autoui-agent: the transcript could not be loaded.', error));
    this.requestUpdate();
  }

  /** What the built-in composer asks of the element. */
  readonly #composerActions: ComposerActions = {take: (files) => this.#files.take(files), ask: (question) => void this.ask(question).catch(() => {}), abort: () => this.abort()};
  /** Waits (a while) for these widgets to render, when the canvas can show them: a listener then finds their elements. */
  readonly #whenRendered = (widgets: ReadonlyArray<{id: string}>) => (this.isConnected && this.#widgets.registry ? this.#views.whenRendered(this.renderRoot, widgets) : Promise.resolve());
  readonly #language = (): ResolvedLanguage => resolveLanguage(this.getAttribute('lang'), document.documentElement.lang);
  readonly #imageHosts = (): string[] => allowedImageHosts(this.imageHosts, this.session.servers.map((s) => s.url), document.baseURI);
}

declare global {
  interface HTMLElementTagNameMap {
    'autoui-agent': AutouiAgent;
  }
}
