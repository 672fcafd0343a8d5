/**
 * The MCP servers of one session: reconciles the wanted servers (an element's `<autoui-server>`
 * children and its `servers` attribute, or a page's list) with live connections, connects in
 * parallel, keeps each server's state, and closes what is no longer wanted. The MCP client (SDK,
 * zod) is a lazy chunk loaded on the first server, so pages without servers never pay for it.
 */
import type {ApprovalPolicy} from '../agent/approval.js';
import type {McpLayer, ToolLayer} from '../agent/types.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import type {McpConnection} from '../mcp/index.js';
import {connectMcpServer} from '../mcp/connect-lazily.js';
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
}

/** A server's state. */
export interface ServerStatus {
  name: string;
  url: string;
  state: 'connecting' | 'ready' | 'error';
  toolCount: number;
  error?: string;
}

/** What the session hears about servers. Contract: must not throw. */
export interface ServerSetEvents {
  ready(name: string, tools: string[]): void;
  error(name: string, code: string, message: string): void;
}

interface Entry {
  key: string;
  config: ServerConfig;
  status: ServerStatus;
  connection?: McpConnection;
  pending?: Promise<void>;
  controller: AbortController;
}

const keyOf = (c: ServerConfig) => JSON.stringify([c.url, c.name ?? '', c.token ?? '', c.tools ?? []]);

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

  /** Resolves when every pending connection has settled (or after `timeoutMs`). */
  async settled(timeoutMs: number): Promise<void> {
    const pending = this.#entries.flatMap((e) => (e.pending ? [e.pending] : []));
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** Closes every connection (the session is closed: its element left the page). */
  closeAll(): void {
    for (const entry of this.#entries) this.#close(entry);
    this.#entries = [];
  }

  #connect(key: string, config: ServerConfig): Entry {
    const name = config.name ?? hostOf(config.url);
    const entry: Entry = {key, config, controller: new AbortController(), status: {name, url: config.url, state: 'connecting', toolCount: 0}};
    entry.pending = (async () => {
      try {
        const connection = await connectMcpServer({url: config.url, name: config.name, token: config.token, tools: config.tools, signal: entry.controller.signal});
        if (entry.controller.signal.aborted) {
          await connection.close();
          return;
        }
        entry.connection = connection;
        entry.status = {...entry.status, name: connection.layer.serverName, state: 'ready', toolCount: connection.layer.tools.length};
        this.#events.ready(connection.layer.serverName, connection.layer.tools.map((t) => t.name));
      } catch (error) {
        if (entry.controller.signal.aborted) return;
        const code = AutouiError.isInstance(error) ? error.code : ErrorCodes.MCP_CONNECT;
        const message = errorMessage(error);
        entry.status = {...entry.status, state: 'error', error: message};
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
