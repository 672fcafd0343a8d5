/**
 * The host side of one MCP App view (spec 2026-01-26), on the MCP Apps SDK's `AppBridge` over a
 * {@link FrameTransport}: the sandbox's `sandbox-proxy-ready` gets the view's HTML and declared
 * CSP and permissions; `ui/initialize` gets our capabilities and context; once the view says
 * `initialized`, it hears the call as it goes (`tool-input-partial`, `tool-input` once,
 * `tool-result` or `tool-cancelled`), and then whatever changes (`host-context-changed`).
 *
 * What the view asks is answered here and only here, and each answer is the host's to give:
 * `tools/call` and `resources/read` go to the view's own server through the session (which checks
 * the tool's visibility and asks approval), `ui/open-link` opens http(s) links only, in a new
 * tab without an opener, `ui/message` becomes the next question, `ui/update-model-context` waits
 * for it, `ui/request-display-mode` switches between inline and full screen, `size-changed`
 * resizes the frame, `notifications/message` goes to the console. The bridge is made without an
 * MCP client, so it forwards nothing by itself: every other method is answered "method not found".
 */
import {AppBridge, type McpUiHostContext} from '@modelcontextprotocol/ext-apps/app-bridge';
import {httpUrl} from '../../policy/url-rules.js';
import type {McpAppHost, McpAppResource, McpAppViewParams, McpAppViewRef} from '../../schema/mcp-app-view.js';
import {FrameTransport} from './frame-transport.js';
import type {DisplayMode, ViewHostContext} from './host-context.js';

/** How the host introduces itself to views. */
const HOST_INFO = {name: 'autoui-agent', version: '0.1.0'};

const DISPLAY_MODES: readonly DisplayMode[] = ['inline', 'fullscreen'];

/** What one bridge needs from its widget element. */
export interface ViewBridgeOptions {
  /** The sandbox frame's window, once it is rendered. */
  frame(): Window | null | undefined;
  /** The sandbox page's origin: the only one messages go to and are heard from. */
  sandboxOrigin: string;
  /** The host as of now (read at each request: `readonly` may change while the view is shown). */
  host(): McpAppHost;
  /** The view as requests name it (its widget id arrives once the draft became a widget). */
  view(): McpAppViewRef;
  resource: McpAppResource;
  /** The context as of now (theme, locale, sizes, display mode). */
  hostContext(): ViewHostContext;
  /** The view's content is this high (CSS pixels). */
  resize(height: number): void;
  /** The view asked for this mode, which the host allows: switch to it. */
  switchMode(mode: DisplayMode): void;
  /** The current display mode. */
  displayMode(): DisplayMode;
  /** The sandbox page said it is ready (it answered in time). */
  ready(): void;
  /**
   * The sandbox page said it is ready a second time: its frame was reloaded (moved in the DOM),
   * a new document. This bridge is done; the element makes a new one for the new document.
   */
  reloaded(): void;
  /** True when the sandbox page already said it is ready (to a bridge before this one): the HTML goes at once. */
  proxyReady?: boolean;
  /** True when the person's focus is in this view's frame (a click or a key in it, not elsewhere on the page). */
  focused(): boolean;
}

/** Text of MCP content blocks (a `ui/message`, a context update, a tool result), with the structured part as JSON. */
export function textOf(content: unknown, structured?: unknown): string {
  const blocks = Array.isArray(content) ? content : content && typeof content === 'object' ? [content] : [];
  const texts = blocks.filter((b) => b?.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
  if (structured && typeof structured === 'object') texts.push(JSON.stringify(structured));
  return texts.join('\n');
}

/** An error the bridge sends back as the JSON-RPC error of the view's request. */
const refusal = (message: string) => Object.assign(new Error(message), {code: -32000});

/**
 * True when the person has just clicked or typed (in the view: activation reaches the page that
 * frames it). A view may send the next question or take the whole window only then, never on its
 * own. Browsers without `navigator.userActivation` cannot tell, and are not refused.
 */
const personActed = () => (navigator as Navigator & {userActivation?: {isActive: boolean}}).userActivation?.isActive ?? true;

/** One message per activation: a person's click lasts this long (the browsers' transient activation). */
const MESSAGE_GAP_MS = 5000;

const LOG_LEVELS: Record<string, 'debug' | 'info' | 'warn' | 'error'> = {debug: 'debug', info: 'info', notice: 'info', warning: 'warn'};

/** One view's bridge. */
export class ViewBridge {
  readonly #options: ViewBridgeOptions;
  readonly #bridge: AppBridge;
  readonly #transport: FrameTransport;
  #initialized = false;
  #inputSent = false;
  #ended = false;
  #params?: McpAppViewParams;
  #closed = false;
  /** Set once the teardown began: the view is going, and may only still read and call its server. */
  #closing = false;
  /** The sandbox page said it was ready before: another "ready" is a new document (the frame was reloaded). */
  #served = false;
  /** When the view's last message was taken. */
  #messagedAt = -Infinity;

  constructor(options: ViewBridgeOptions) {
    this.#options = options;
    const host = options.host();
    this.#transport = new FrameTransport(options.frame, options.sandboxOrigin);
    this.#bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        // As of the view's start; requests check the host of the moment.
        ...(host.readonly ? {} : {message: {text: {}}, updateModelContext: {text: {}, structuredContent: {}}}),
        sandbox: {
          ...(options.resource.csp ? {csp: options.resource.csp} : {}),
          ...(options.resource.permissions ? {permissions: options.resource.permissions} : {}),
        },
      },
      {hostContext: options.hostContext() as McpUiHostContext},
    );
    const bridge = this.#bridge;
    /**
     * The host, for a view that is still here. A view being torn down may still read and call
     * its server (approvals apply) to save what it must; it may not speak to the person or the
     * model any more, nor open anything.
     */
    const live = ({whileClosing = false} = {}) => {
      if (this.#closed || (this.#closing && !whileClosing)) throw refusal('This view is being closed.');
      return options.host();
    };
    bridge.onsandboxready = () => {
      options.ready();
      if (this.#served) return options.reloaded();
      this.#served = true;
      this.#sendResource();
    };
    bridge.oninitialized = () => {
      this.#initialized = true;
      this.#flush();
      // The context given in the answer to ui/initialize was the one of this bridge's start.
      this.contextChanged();
    };
    bridge.onsizechange = ({height}) => {
      if (typeof height === 'number' && Number.isFinite(height)) options.resize(height);
    };
    bridge.oncalltool = async (params, extra) => {
      const host = live({whileClosing: true});
      if (host.readonly) throw refusal('This agent is read-only: its views cannot call tools.');
      const args = params.arguments && typeof params.arguments === 'object' ? (params.arguments as Record<string, unknown>) : {};
      return (await host.callTool(options.view(), params.name, args, extra.mcpReq.signal)) as never;
    };
    bridge.onreadresource = async (params, extra) => (await live({whileClosing: true}).readResource(options.view(), params.uri, extra.mcpReq.signal)) as never;
    bridge.onopenlink = async ({url}) => {
      live();
      const link = httpUrl(url);
      if (!link) throw refusal('Only http(s) links are opened.');
      window.open(link.href, '_blank', 'noopener,noreferrer');
      return {};
    };
    bridge.onmessage = async (params) => {
      const host = live();
      if (host.readonly) throw refusal('This agent is read-only: its views cannot send messages.');
      if (!personActed() || !options.focused()) throw refusal('A view sends a message only when the person has just acted in it (a click).');
      if (performance.now() - this.#messagedAt < MESSAGE_GAP_MS) throw refusal('One message per click: the view sent one a moment ago.');
      const text = textOf(params.content);
      if (!text.trim()) throw refusal('Only text messages are taken.');
      await host.message(options.view(), text);
      this.#messagedAt = performance.now();
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      const host = live();
      if (host.readonly) throw refusal('This agent is read-only: its views cannot update the model context.');
      host.updateModelContext(options.view(), textOf(params.content, params.structuredContent));
      return {};
    };
    bridge.onrequestdisplaymode = async ({mode}) => {
      live();
      const offered = bridge.getAppCapabilities()?.availableDisplayModes;
      // Going full screen covers the page: only when the person just acted. Going back, always.
      const acted = mode !== 'fullscreen' || (personActed() && options.focused());
      const allowed = acted && (DISPLAY_MODES as readonly string[]).includes(mode) && (!offered || offered.includes(mode));
      if (allowed && mode !== options.displayMode()) options.switchMode(mode as DisplayMode);
      return {mode: options.displayMode()};
    };
    bridge.onloggingmessage = ({level, logger, data}) => {
      const method = LOG_LEVELS[level] ?? 'error';
      const view = options.view();
      console[method](`autoui-agent: MCP App ${view.tool} of ${view.server}${logger ? ` (${logger})` : ''}:`, data);
    };
  }

  /** Starts listening (before the sandbox frame is rendered, so its first message is heard). */
  async start(): Promise<void> {
    await this.#bridge.connect(this.#transport);
    if (this.#options.proxyReady) {
      this.#served = true;
      this.#sendResource();
    }
  }

  #sendResource(): void {
    const {html, csp, permissions} = this.#options.resource;
    void this.#bridge.sendSandboxResourceReady({html, ...(csp ? {csp} : {}), ...(permissions ? {permissions} : {})}).catch(() => undefined);
  }

  /** The widget's params changed: the view hears what it has not heard yet. */
  update(params: McpAppViewParams): void {
    this.#params = params;
    this.#flush();
  }

  /** Something of the context changed (size, theme, locale, mode): the view hears what did. */
  contextChanged(): void {
    // Before `initialized` the view may hear nothing; it gets the whole context in its answer then.
    if (this.#initialized && !this.#closed) this.#bridge.setHostContext(this.#options.hostContext() as McpUiHostContext);
  }

  #flush(): void {
    const params = this.#params;
    if (!this.#initialized || this.#closed || !params) return;
    const bridge = this.#bridge;
    if (!this.#inputSent && params.input) {
      if (params.partial) void bridge.sendToolInputPartial({arguments: params.input}).catch(() => undefined);
      else {
        this.#inputSent = true;
        void bridge.sendToolInput({arguments: params.input}).catch(() => undefined);
      }
    }
    if (this.#ended || params.partial) return;
    if (params.result) {
      this.#ended = true;
      if (!this.#inputSent) {
        this.#inputSent = true;
        void bridge.sendToolInput({arguments: params.input ?? {}}).catch(() => undefined);
      }
      void bridge.sendToolResult(params.result as never).catch(() => undefined);
    } else if (params.cancelled !== undefined) {
      this.#ended = true;
      void bridge.sendToolCancelled({reason: params.cancelled}).catch(() => undefined);
    }
  }

  /**
   * `ui/resource-teardown`, then the end: waits for the view's answer (so it can save what it
   * must) up to `timeoutMs`. A view still waiting for its call's result hears `tool-cancelled`
   * first. From now on it may only still read and call its server. Only after `initialized`: a view that never
   * started has nothing to lose.
   */
  async teardown(reason: string, timeoutMs = 1500): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    if (this.#initialized) {
      if (!this.#ended) {
        this.#ended = true;
        await this.#bridge.sendToolCancelled({reason}).catch(() => undefined);
      }
      const signal = AbortSignal.timeout(timeoutMs);
      await this.#bridge.teardownResource({reason}, {signal, timeout: timeoutMs}).catch(() => undefined);
    }
    this.close();
  }

  /** Stops listening; the view hears nothing more. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    void this.#bridge.close().catch(() => undefined);
  }
}
