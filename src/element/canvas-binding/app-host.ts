/**
 * The MCP App host an `<autoui-agent>` lends the views on its canvas: its session's side (servers,
 * approvals, questions, model context) with the element's settings (`sandbox-url`, `readonly`).
 * One object per change of those settings, so views re-read it only when it changed. A notice
 * that a view cannot be shown is told once per conversation, however many views it concerns.
 */
import type {AgentSession} from '../../session/agent-session.js';
import type {McpAppHost} from '../../schema/mcp-app-view.js';
import type {AutouiErrorCode} from '../../errors.js';

/** Gives the same host until `sandbox-url` or `readonly` changes. */
export class AppHostMemo {
  readonly #session: AgentSession;
  #last?: {sandboxUrl: string; readonly: boolean; host: McpAppHost};
  #told = new Set<string>();

  constructor(session: AgentSession) {
    this.#session = session;
    session.subscribe((event) => event.type === 'cleared' && this.#told.clear());
  }

  /** The host for these settings (`sandboxUrl` resolved against the page). */
  of(sandboxUrl: string, readonly: boolean): McpAppHost {
    const last = this.#last;
    if (last && last.sandboxUrl === sandboxUrl && last.readonly === readonly) return last.host;
    const resolved = resolve(sandboxUrl);
    const host: McpAppHost = {
      ...this.#session.apps,
      ...(resolved ? {sandboxUrl: resolved} : {}),
      readonly,
      onApproval: (listener) => this.#session.subscribe((event) => event.type === 'approval' && listener()),
      notice: (code, message) => {
        if (this.#told.has(message)) return;
        this.#told.add(message);
        this.#session.notices.report({reason: 'app', level: 'info', code: code as AutouiErrorCode, message});
      },
    };
    this.#last = {sandboxUrl, readonly, host};
    return host;
  }
}

/** `url` made absolute against the page, or undefined when it is empty or no URL. */
function resolve(url: string): string | undefined {
  if (!url.trim()) return undefined;
  try {
    return new URL(url.trim(), document.baseURI).href;
  } catch {
    return undefined;
  }
}
