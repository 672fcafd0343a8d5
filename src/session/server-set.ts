/**
 * The MCP servers of one session: reconciles the wanted servers (an element's `<autoui-server>`
 * children and its `servers` attribute, or a page's list) with live connections, connects in
 * parallel, keeps each server's state, and closes what is no longer wanted. The MCP client (SDK,
 * zod) is a lazy chunk loaded on the first server, so pages without servers never pay for it.
 */
import type {ApprovalPolicy} from '../agent/approval.js';
import type {McpLayer, ToolLayer} from '../agent/types.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import type {AuthorizationRequest, McpConnection, McpServerOptions} from '../mcp/index.js';
import {connectMcpServer, connectTracedServer, preloadMcp} from '../mcp/connect-lazily.js';
import type {ChildSpanOptions, TraceSpan} from '../telemetry/agent-tracer.js';
import {publicAddress} from '../policy/public-address.js';

/** One server to connect. */
export interface ServerConfig {
  /** Prefix of its tools (`{name}_mcp_{tool}`); default: the server's own name. */
  name?: string;
  /** Streamable HTTP endpoint (legacy SSE servers work too). */
  url: string;
  /** Sent as `Authorization: Bearer <token>` to this server only. */
  token?: string;
  /** Allow-list of tool names; absent: every tool. */
  tools?: string[];
  /** This server's approval policy; absent: the session's. Changing it does not reconnect. */
  approve?: ApprovalPolicy;
  /** `auto` (default), `2026-07-28` or `2025-11-25`: which MCP revision to speak. */
  protocol?: 'auto' | '2026-07-28' | '2025-11-25';
  /** OAuth client id for this server: a Client ID Metadata Document URL, or a pre-registered id. */
  clientId?: string;
}

/** A server's state. */
export interface ServerStatus {
  name: string;
  url: string;
  /** `sign-in`: the server waits for the person to sign in (see the session's `sign-in` event). */
  state: 'connecting' | 'sign-in' | 'ready' | 'error';
  toolCount: number;
  /** The MCP revision it speaks, once ready: `2026-07-28`, or the 2025 lifecycle's (`2025-11-25`, …). */
  protocol?: string;
  /** The error code of the `error` state. */
  code?: string;
  error?: string;
}

/** What the session hears about servers. Contract: must not throw. */
export interface ServerSetEvents {
  ready(name: string, tools: string[], protocol: string): void;
  error(name: string, code: string, message: string): void;
  /**
   * What a connection gets besides its configuration: the session's sign-in (whose `authorize`
   * this set wraps to keep the state), elicitation and protocol memory. May be absent.
   */
  connectOptions?(config: ServerConfig): Pick<McpServerOptions, 'auth' | 'elicit' | 'protocolMemory'>;
  /**
   * Runs a connection as traced work: a child of the question being answered, else a trace of its
   * own; `work` gets the span its requests are children of. May be absent (untraced).
   */
  traced?<T>(name: string, work: (span: TraceSpan) => Promise<T>, options: ChildSpanOptions): Promise<T>;
}

interface Entry {
  key: string;
  config: ServerConfig;
  status: ServerStatus;
  connection?: McpConnection;
  pending?: Promise<void>;
  /** Resolves when the connection stops to wait for a sign-in (it counts as settled then). */
  signInAsked?: Promise<void>;
  controller: AbortController;
}

const keyOf = (c: ServerConfig) => JSON.stringify([c.url, c.name ?? '', c.token ?? '', c.tools ?? [], c.protocol ?? 'auto', c.clientId ?? '']);

/** Codes after which a later question tries the server again: the person may sign in this time. */
const RETRIED = new Set<string>([ErrorCodes.MCP_AUTH_DENIED, ErrorCodes.MCP_AUTH_FAILED]);

/** Reconciles and holds the MCP connections of one session. Nothing is shared between sessions. */
export class ServerSet {
  readonly #events: ServerSetEvents;
  #entries: Entry[] = [];

  constructor(events: ServerSetEvents) {
    this.#events = events;
  }

  /**
   * Connects servers that are new, closes those no longer listed; keeps the others as they are.
   * A configuration that cannot be used (no URL, not http(s)) is kept in the error state and
   * reported once, as `MCP_CONFIG`, so a page's mistake is never silent.
   */
  sync(configs: readonly ServerConfig[]): void {
    const keep: Entry[] = [];
    for (const config of configs) {
      const key = keyOf(config);
      const existing = this.#entries.find((e) => e.key === key && !keep.includes(e));
      const problem = existing ? undefined : configProblem(config);
      // What the key leaves out (the approval policy) changes in place.
      if (existing) existing.config = config;
      keep.push(existing ?? (problem ? this.#refuse(key, config, problem) : this.#connect(key, config)));
    }
    for (const entry of this.#entries) if (!keep.includes(entry)) this.#close(entry);
    this.#entries = keep;
  }

  /** Layers of the servers that are connected, in the order they are listed. */
  get layers(): McpLayer[] {
    return this.#entries.flatMap((e) => (e.connection ? [e.connection.layer] : []));
  }

  /** The configuration a connected layer came from, if it is one of this set's. */
  configOf(layer: ToolLayer): ServerConfig | undefined {
    return this.#entries.find((e) => e.connection?.layer === layer)?.config;
  }

  /** Each server's state, in the order they are listed. */
  get statuses(): ServerStatus[] {
    return this.#entries.map((e) => e.status);
  }

  /**
   * Resolves when every pending connection has settled (or after `timeoutMs`). A server waiting
   * for a sign-in counts as settled: the person is asked separately.
   */
  async settled(timeoutMs: number): Promise<void> {
    const pending = this.#entries.flatMap((e) => (e.pending && e.status.state !== 'sign-in' ? [e.signInAsked ? Promise.race([e.pending, e.signInAsked]) : e.pending] : []));
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** Connects again the servers whose sign-in failed or was refused: a new question may be a new try. */
  retrySignIns(): void {
    this.#entries = this.#entries.map((e) => (e.status.state === 'error' && RETRIED.has(e.status.code ?? '') ? this.#connect(e.key, e.config) : e));
  }

  /** Closes and connects again the servers whose configuration `match` accepts (after a sign-out). */
  reconnect(match: (config: ServerConfig) => boolean): void {
    this.#entries = this.#entries.map((e) => {
      if (!match(e.config) || e.config.token) return e;
      this.#close(e);
      return this.#connect(e.key, e.config);
    });
  }

  /** The configuration of the server named `name` (its prefix) or with that URL. */
  find(server: string): ServerConfig | undefined {
    return this.#entries.find((e) => e.status.name === server || e.config.url === server)?.config;
  }

  /** Closes every connection (the session is closed: its element left the page). */
  closeAll(): void {
    for (const entry of this.#entries) this.#close(entry);
    this.#entries = [];
  }

  #connect(key: string, config: ServerConfig): Entry {
    const name = config.name ?? hostOf(config.url);
    const entry: Entry = {key, config, controller: new AbortController(), status: {name, url: config.url, state: 'connecting', toolCount: 0}};
    let askedSignIn = () => {};
    entry.signInAsked = new Promise<void>((resolve) => (askedSignIn = resolve));
    entry.pending = (async () => {
      try {
        const extra = this.#events.connectOptions?.(config) ?? {};
        const auth = extra.auth && {
          ...extra.auth,
          // While the person signs in the server is in the `sign-in` state, not `connecting`.
          authorize: async (request: AuthorizationRequest, signal: AbortSignal) => {
            entry.status = {...entry.status, state: 'sign-in'};
            askedSignIn();
            try {
              return await extra.auth!.authorize(request, signal);
            } finally {
              if (entry.status.state === 'sign-in') entry.status = {...entry.status, state: 'connecting'};
              // Connecting again: a question waits for it, until it settles or asks once more.
              entry.signInAsked = new Promise<void>((resolve) => (askedSignIn = resolve));
            }
          },
        };
        const options: McpServerOptions = {
          url: config.url,
          name: config.name,
          token: config.token,
          tools: config.tools,
          signal: entry.controller.signal,
          ...(config.protocol ? {protocol: config.protocol} : {}),
          ...extra,
          ...(auth ? {auth: config.clientId ? {...auth, clientId: config.clientId} : auth} : {}),
        };
        // Traced, the first connection waits for the tracing chunk: the MCP client loads meanwhile.
        preloadMcp();
        const connect = (trace: TraceSpan) => (trace.recording ? connectTracedServer(options, trace) : connectMcpServer(options));
        const connection = await (this.#events.traced?.(`connect ${name}`, connect, {attributes: {'autoui.request.source': 'connect'}}) ?? connectMcpServer(options));
        if (entry.controller.signal.aborted) {
          await connection.close();
          return;
        }
        entry.connection = connection;
        entry.status = {...entry.status, name: connection.layer.serverName, state: 'ready', toolCount: connection.layer.tools.length, protocol: connection.protocol};
        this.#events.ready(connection.layer.serverName, connection.layer.tools.map((t) => t.name), connection.protocol);
      } catch (error) {
        if (entry.controller.signal.aborted) return;
        const code = AutouiError.isInstance(error) ? error.code : ErrorCodes.MCP_CONNECT;
        const message = errorMessage(error);
        entry.status = {...entry.status, state: 'error', code, error: message};
        this.#events.error(name, code, message);
      } finally {
        entry.pending = undefined;
      }
    })();
    return entry;
  }

  #refuse(key: string, config: ServerConfig, problem: string): Entry {
    const name = config.name || (config.url ? hostOf(config.url) : 'server');
    const entry: Entry = {key, config, controller: new AbortController(), status: {name, url: config.url, state: 'error', toolCount: 0, error: problem}};
    // Reported a task later, like a connection failure: a page's listeners added after the
    // markup hear it, and a configuration completed right away (name, then url) is never reported.
    setTimeout(() => {
      if (!entry.controller.signal.aborted) this.#events.error(name, ErrorCodes.MCP_CONFIG, problem);
    }, 0);
    return entry;
  }

  #close(entry: Entry): void {
    entry.controller.abort();
    void entry.connection?.close().catch(() => {
      // Closing a connection to a server that is already gone is not worth reporting.
    });
  }
}

/** Why a configuration cannot be connected, or undefined when it can. Relative URLs resolve against the page. */
function configProblem(config: ServerConfig): string | undefined {
  const label = config.name ? `MCP server "${config.name}"` : 'An MCP server';
  const url = typeof config.url === 'string' ? config.url.trim() : '';
  if (!url) return `${label} has no URL: set its url attribute (or property) to its Streamable HTTP endpoint.`;
  let parsed: URL;
  try {
    // Relative to the page or worker (the element resolves against its page's base URL first).
    parsed = new URL(url, globalThis.location?.href);
  } catch {
    return `${label} has a URL that is not one: "${publicAddress(url)}".`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${label} has a ${parsed.protocol} URL; only http(s) endpoints are supported.`;
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').host;
  } catch {
    return url;
  }
}
