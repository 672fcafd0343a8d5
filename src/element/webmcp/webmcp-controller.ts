/**
 * The element's `webmcp` attribute: its link with the browser's own agent API (`webmcp-link.ts`),
 * applied on connect and on each change, and turned off on disconnect. The link's module is a lazy
 * chunk: nothing loads while the attribute is absent or `off`.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {AgentResult} from '../../agent/agent-loop.js';
import type {AgentSession} from '../../session/agent-session.js';
import type {WebMcpLink} from './webmcp-link.js';

/** What the WebMCP link needs from its element. */
export interface WebMcpControllerHost extends ReactiveControllerHost, HTMLElement {
  /** `expose`, `consume`, `both`, `off` or empty (the `webmcp` attribute). */
  readonly webmcp: string;
  readonly readonly: boolean;
  readonly session: AgentSession;
  ask(question: string): Promise<AgentResult>;
}

/** Applies `webmcp` to one element. See the module comment. */
export class WebMcpController implements ReactiveController {
  readonly #host: WebMcpControllerHost;
  readonly #loadWidgets: () => Promise<unknown>;
  /** The link, loaded the first time `webmcp` is set: one chain, each change after the one before. */
  #link?: Promise<WebMcpLink | undefined>;
  /** The attribute as last applied while connected, to apply again only when it changes. */
  #applied?: string;

  /** `loadWidgets` loads the widget engine, so the display tools the link exposes exist. */
  constructor(host: WebMcpControllerHost, loadWidgets: () => Promise<unknown>) {
    this.#host = host;
    this.#loadWidgets = loadWidgets;
    host.addController(this);
  }

  hostConnected(): void {
    this.#apply();
  }

  hostDisconnected(): void {
    this.#apply();
  }

  hostUpdate(): void {
    if (this.#host.isConnected && this.#host.webmcp !== this.#applied) this.#apply();
  }

  /** Before each question: the page's tools as they are now, once the last change has applied. */
  async prepare(): Promise<void> {
    await (await this.#link)?.prepare();
  }

  /** Applies `webmcp` (off while disconnected). */
  #apply(): void {
    const host = this.#host;
    this.#applied = host.isConnected ? host.webmcp : undefined;
    const wanted = host.isConnected ? host.webmcp : '';
    if (!this.#link && (!wanted || wanted === 'off')) return;
    const previous = this.#link ?? Promise.resolve(undefined);
    // One chain: each change applies after the one before, and a question waits for the last.
    this.#link = previous.then(async (link) => {
      try {
        return (await import('./webmcp-link.js')).applyWebMcp(link, host, this.#loadWidgets);
      } catch (error) {
        console.warn('autoui-agent: the WebMCP part could not be loaded.', error);
        return link;
      }
    });
  }
}
