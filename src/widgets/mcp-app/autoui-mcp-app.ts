/**
 * `<autoui-mcp-app>`, the `mcp-app` widget's element. Beside it: where a view is framed
 * (view-sandbox.ts), its size (view-size.ts), the text shown instead (view-fallback.ts), the
 * MCP Apps bridge (view-bridge.ts) and the context a view is given (host-context.ts).
 */
import {html, nothing, type PropertyValues} from 'lit';
import {property, state} from 'lit/decorators.js';
import {consume} from '@lit/context';
import {isMcpAppViewParams, type McpAppHost, type McpAppResource, type McpAppViewParams, type McpAppViewRef} from '../../schema/mcp-app-view.js';
import {AutouiWidgetElement} from '../widget-element.js';
import {mcpAppHostContext} from '../widget-context.js';
import {hostContextOf, type DisplayMode, type ViewHostContext} from './host-context.js';
import {mcpAppStyles} from './mcp-app.styles.js';
import {ViewBridge} from './view-bridge.js';
import {fallbackNotice, renderFallback, type Fallback} from './view-fallback.js';
import {SANDBOX_READY_MS, allowOf, parkFrame, sandboxUrlOf} from './view-sandbox.js';
import {ViewWidth, viewHeight} from './view-size.js';
import {textTable} from '../../policy/text-table.js';

const TEXTS = textTable(
  {title: (tool: string) => `MCP App: ${tool}`, exit: 'Exit full screen'},
  {title: (tool: string) => `MCP App : ${tool}`, exit: 'Quitter le plein écran'},
);

/**
 * `<autoui-mcp-app>`: one MCP App view, the `mcp-app` widget. Its outer frame is the sandbox
 * proxy page (`sandbox-url`, another origin than the page's), which shows the view's HTML in an
 * inner frame with no origin of its own; the bridge ({@link ViewBridge}) speaks MCP Apps with it,
 * heard only from that frame and that origin. Without a usable sandbox, never a frame on the
 * page's origin: the call's text result, and a notice that says why.
 *
 * @tagname autoui-mcp-app
 * @summary An MCP App view (a server's `ui://` HTML), sandboxed on another origin.
 * @csspart frame - The sandbox frame.
 * @csspart fallback - The text shown instead of the view.
 */
export class AutouiMcpAppWidget extends AutouiWidgetElement<McpAppViewParams> {
  static override styles = [AutouiWidgetElement.styles, mcpAppStyles];

  /** The agent's MCP App host (its session's side of views), from context. */
  @consume({context: mcpAppHostContext, subscribe: true})
  @property({attribute: false})
  host?: McpAppHost;

  /** The widget's id on the canvas, set by the canvas (a draft has none yet). */
  @property({attribute: false}) widgetId?: string;
  /** The draft's key while the model writes the call, set by the canvas. */
  @property({attribute: false}) draftKey?: string;

  /** Shown as text instead, and why. */
  @state() protected fallback?: Fallback;
  @state() protected failure = '';
  /** The sandbox page's URL once the view is ready to be framed. */
  @state() protected frameSrc?: string;
  @state() protected frameAllow = '';
  @state() protected height = 160;
  @state() protected mode: DisplayMode = 'inline';

  #bridge?: ViewBridge;
  #started = false;
  #resource?: McpAppResource;
  #unwatch?: () => void;
  readonly #width = new ViewWidth(this, () => this.#bridge?.contextChanged());
  #readyTimer?: ReturnType<typeof setTimeout>;
  #iframe?: HTMLIFrameElement;
  /** Closed or cleared: this view never comes back. */
  #tornDown = false;
  /** Its agent took it off the page (not closed): back on it, it starts again. */
  #left = false;
  /** Bumped at each start: a start that awaited a read gives up when a newer one began. */
  #generation = 0;
  /** This view's own key (see `McpAppViewRef.key`). */
  readonly #key = crypto.randomUUID();
  /** The id the removal watch is for. */
  #watching?: string;
  #unwatchApprovals?: () => void;

  #ref(): McpAppViewRef {
    return {key: this.#key, ...(this.widgetId ? {widgetId: this.widgetId} : {}), server: this.params.server, channel: this.params.channel, tool: this.params.tool};
  }

  /** The sandbox frame, once rendered: kept, since a teardown moves it out of this element. */
  #frame(): HTMLIFrameElement | null {
    this.#iframe ??= this.renderRoot?.querySelector('iframe') ?? undefined;
    return this.#iframe ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The view hears it is going before it goes: closed or cleared as a widget, or, as a draft,
    // because its call was not run (denied, a cut stream, Stop).
    if (changed.has('widgetId') || changed.has('draftKey') || changed.has('host')) this.#watch();
  }

  /** Hears when its widget (or draft) is about to leave the canvas, for the teardown. */
  #watch(): void {
    const id = this.widgetId ?? this.draftKey;
    if (!this.host || !id || this.#tornDown || (this.#unwatch && this.#watching === id)) return;
    this.#unwatch?.();
    this.#watching = id;
    this.#unwatch = this.host.onRemove(id, () => void this.#teardown(this.widgetId ? 'The view was closed.' : 'The call was not run.'));
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!isMcpAppViewParams(this.params) || !this.host) return;
    if (!this.#started) void this.#start(this.host);
    if (changed.has('params')) this.#bridge?.update(this.params);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page after its agent left it: the view starts again.
    if (this.#left && !this.#tornDown) {
      this.#left = false;
      this.#started = false;
      this.frameSrc = undefined;
      this.#iframe = undefined;
      this.requestUpdate();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Removed with its agent, or moved: the view is gone with its frame (a closed widget was torn down first).
    if (!this.isConnected) {
      queueMicrotask(() => {
        if (this.isConnected || this.#tornDown) return;
        this.#close();
        this.#left = true;
      });
    }
  }

  async #start(host: McpAppHost): Promise<void> {
    this.#started = true;
    const generation = ++this.#generation;
    this.#watch();
    // A question for the person (an approval card) is never hidden under a view in full screen.
    this.#unwatchApprovals?.();
    this.#unwatchApprovals = host.onApproval(() => this.mode === 'fullscreen' && this.#switchMode('inline'));
    const sandbox = sandboxUrlOf(host);
    if (!(sandbox instanceof URL)) return this.#giveUp(sandbox, host);
    const ref = this.#ref();
    try {
      this.#resource = await host.readView(ref, this.params.resourceUri);
    } catch (error) {
      if (generation !== this.#generation) return;
      this.fallback = 'failed';
      this.failure = error instanceof Error ? error.message : String(error);
      return;
    }
    // Taken off the page, closed, or started again meanwhile: this start is not the view's any more.
    if (generation !== this.#generation || this.#tornDown || !this.isConnected) return;
    const resource = this.#resource;
    if (resource.prefersBorder) this.setAttribute('bordered', '');
    await this.#connect(sandbox, host, resource, false);
    this.frameAllow = allowOf(resource.permissions);
    this.frameSrc = sandbox.href;
    const bridge = this.#bridge;
    this.#readyTimer = setTimeout(() => {
      if (!bridge || this.#bridge !== bridge) return;
      this.#close();
      this.frameSrc = undefined;
      this.#giveUp('noAnswer', host);
    }, SANDBOX_READY_MS);
  }

  /**
   * A bridge for the sandbox frame's current document. `proxyReady`: the frame was reloaded
   * (moved in the DOM) and its sandbox page already said it is ready, to the bridge before.
   */
  async #connect(sandbox: URL, host: McpAppHost, resource: McpAppResource, proxyReady: boolean): Promise<void> {
    const bridge = new ViewBridge({
      frame: () => this.#frame()?.contentWindow,
      sandboxOrigin: sandbox.origin,
      host: () => this.host ?? host,
      view: () => this.#ref(),
      resource,
      hostContext: () => this.#hostContext(),
      resize: (height) => (this.height = viewHeight(height)),
      switchMode: (mode) => this.#switchMode(mode),
      displayMode: () => this.mode,
      ready: () => clearTimeout(this.#readyTimer),
      reloaded: () => {
        if (this.#bridge !== bridge) return;
        // A new document in the same frame: the old bridge's pending requests end with it.
        bridge.close();
        this.#bridge = undefined;
        void this.#connect(sandbox, host, resource, true);
      },
      proxyReady,
      focused: () => this.shadowRoot?.activeElement === this.#frame(),
    });
    this.#bridge = bridge;
    await bridge.start();
    bridge.update(this.params);
  }

  #giveUp(why: Fallback, host: McpAppHost): void {
    this.fallback = why;
    host.notice('APP_SANDBOX', fallbackNotice(why, this.params.tool, this.failure));
  }

  #hostContext(): ViewHostContext {
    return hostContextOf(this, {
      tool: this.params.tool,
      locale: this.environment.locale,
      mode: this.mode,
      width: this.#width.width,
    });
  }

  #switchMode(mode: DisplayMode): void {
    this.mode = mode;
    queueMicrotask(() => this.#bridge?.contextChanged());
  }

  /** `ui/resource-teardown`, keeping the frame alive (moved out of the canvas) until the view answered. */
  async #teardown(reason: string): Promise<void> {
    const bridge = this.#bridge;
    const frame = this.#frame();
    this.#tornDown = true;
    this.#generation++;
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#unwatchApprovals?.();
    this.#unwatchApprovals = undefined;
    // What it asked the model to know goes with it.
    this.host?.updateModelContext(this.#ref(), '');
    if (!bridge) return;
    this.#bridge = undefined;
    // The canvas removes this element in a moment: the frame's document is kept alive meanwhile,
    // where the page cannot see it, so the view can answer before it goes.
    const unpark = parkFrame(frame);
    await bridge.teardown(reason);
    unpark();
  }

  #close(): void {
    clearTimeout(this.#readyTimer);
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#unwatchApprovals?.();
    this.#unwatchApprovals = undefined;
    this.#watching = undefined;
    this.#bridge?.close();
    this.#bridge = undefined;
  }

  protected override render() {
    const t = TEXTS[this.environment.language];
    const params = this.params;
    if (!isMcpAppViewParams(params)) return nothing;
    if (this.fallback) return renderFallback(this.fallback, this.failure, params, this.environment.language);
    if (!this.frameSrc) return html`<div class="loading" role="status" aria-label=${t.title(params.tool)}>…</div>`;
    const full = this.mode === 'fullscreen';
    return html`<div class="wrap ${full ? 'fullscreen' : ''}">
      ${full ? html`<button class="exit" type="button" @click=${() => this.#switchMode('inline')}>${t.exit}</button>` : nothing}
      <iframe
        class="frame"
        part="frame"
        title=${t.title(params.tool)}
        src=${this.frameSrc}
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow=${this.frameAllow || nothing}
        referrerpolicy="origin"
        style="height: ${this.height}px"
      ></iframe>
    </div>`;
  }
}
