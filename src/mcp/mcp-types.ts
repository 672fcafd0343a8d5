/**
 * The public shapes of the MCP side: what a page gives to connect one
 * server, and what a live connection hands to the agent.
 */
import type {McpLayer} from '../agent/types.js';
import type {AutouiError} from '../errors.js';

/** How to reach one MCP server (an `<autoui-server>` element, or an entry of `servers`). */
export interface McpServerOptions {
  /** The Streamable HTTP endpoint (or a legacy SSE endpoint), absolute or relative to the page. */
  url: string;
  /** The name used in tool prefixes. Default: the server's `serverInfo.name`, else the URL's host. */
  name?: string;
  /** Sent as `Authorization: Bearer <token>`; never shown in errors or events. */
  token?: string;
  /** Extra HTTP headers sent with every request to this server. */
  headers?: Record<string, string>;
  /** Allow-list of tool names: the others are not offered to the model. */
  tools?: string[];
  /** Milliseconds to wait for the handshake and the tool list. Default 10,000. */
  connectTimeoutMs?: number;
  /** Aborting cancels a pending connection (it then fails with `ABORTED`). */
  signal?: AbortSignal;
}

/** A tool the server offered that cannot be used, and why (e.g. its input schema is broken). */
export interface DisabledTool {
  name: string;
  reason: string;
}

/** What the server says about itself in the handshake. */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
}

/** A live connection to one MCP server. */
export interface McpConnection {
  /** The layer the agent uses: tools (annotations kept), recipes, description, `callTool`. */
  layer: McpLayer;
  serverInfo: McpServerInfo;
  /** `streamable-http`, or `sse` when the server only speaks the legacy transport. */
  transport: 'streamable-http' | 'sse';
  /** Tools left out of `layer.tools`, with the reason; the others work normally. */
  disabledTools: DisabledTool[];
  /** Ends the session (the server is told) and releases the connection. Never throws. */
  close(): Promise<void>;
}

/** The outcome of one server of {@link McpServerOptions}[] connected together. */
export type McpConnectResult =
  | {status: 'fulfilled'; options: McpServerOptions; connection: McpConnection}
  | {status: 'rejected'; options: McpServerOptions; error: AutouiError};
