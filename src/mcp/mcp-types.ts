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
  /**
   * Which MCP revision to speak: `auto` (default) probes with `server/discover` and speaks
   * 2026-07-28 when the server does, the 2025-11-25 lifecycle otherwise; a date pins that one.
   */
  protocol?: McpProtocolChoice;
  /** Remembers each server's revision between connections (default: for the page's lifetime). */
  protocolMemory?: ProtocolMemory;
  /** Sign-in with OAuth when the server asks for it (HTTP 401). Absent: a 401 fails with `MCP_AUTH_REQUIRED`. */
  auth?: McpAuthOptions;
  /** Answers the server's questions to the person (elicitation). Absent: every question is declined. */
  elicit?: ElicitationHandler;
}

/** The `protocol` choices. */
export type McpProtocolChoice = 'auto' | '2026-07-28' | '2025-11-25';

/** What was learnt of a server's revision: the stateless one (with its `server/discover` answer) or the 2025 lifecycle. */
export type ProtocolVerdict = {kind: 'modern'; discover: Record<string, unknown>} | {kind: 'legacy'};

/** Where verdicts are kept, by server URL. Contract: must not throw (a failing store is a miss). */
export interface ProtocolMemory {
  get(url: string): ProtocolVerdict | undefined | Promise<ProtocolVerdict | undefined>;
  set(url: string, verdict: ProtocolVerdict): void | Promise<void>;
}

/** A string store for sign-in state (tokens, registrations, the PKCE verifier). Contract: must not throw. */
export interface AuthStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (for sign-out). */
  keys(prefix: string): Promise<string[]>;
}

/** What a sign-in asks of the app: a person to open `url`, sign in, and come back. */
export interface AuthorizationRequest {
  /** The server's name (its prefix, or its host before it is known). */
  server: string;
  /** The MCP server's URL (without credentials). */
  serverUrl: string;
  /** The authorization server that will ask the person to sign in. */
  issuer?: string;
  /** The URL to open: the authorization server's page. */
  url: URL;
}

/** OAuth sign-in to MCP servers (the MCP authorization flow: PKCE, resource indicators, `iss` checks). */
export interface McpAuthOptions {
  /**
   * A Client ID Metadata Document URL (https), used when the authorization server supports them;
   * or a client id registered with it beforehand. Absent: dynamic registration.
   */
  clientId?: string;
  /** The secret of a pre-registered confidential client (never in a browser page). */
  clientSecret?: string;
  /** Where the authorization server sends the person back (the page's callback page). */
  redirectUrl: string;
  /** The app's name, shown by the authorization server when registering dynamically. */
  clientName?: string;
  /** Where tokens and registrations are kept. */
  store: AuthStore;
  /**
   * Opens `request.url` for the person (a popup, a tab) and resolves with the query of the
   * redirect back (`code`, `state`, `iss`, or `error`). Rejecting, or an `error`, ends the
   * sign-in with `MCP_AUTH_DENIED`. It may wait as long as the person needs: no connect timeout runs.
   */
  authorize(request: AuthorizationRequest, signal: AbortSignal): Promise<URLSearchParams>;
  /**
   * The answer of a sign-in that left the page (the same-tab redirect when popups are blocked)
   * and came back with it, for the server at `serverUrl`: its code is exchanged before connecting.
   */
  resume?(serverUrl: string): Promise<URLSearchParams | undefined>;
}

/** A server's question to the person (MCP elicitation). Text in it is untrusted. */
export type ElicitationRequest =
  | {server: string; mode: 'form'; message: string; schema: Record<string, unknown>}
  | {server: string; mode: 'url'; message: string; url: string; elicitationId?: string};

/** The person's answer. `content` only with `accept` in form mode. */
export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Asks the person. Contract: resolves (a rejection is taken as `cancel`). */
export type ElicitationHandler = (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;

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
  /** The layer the agent uses: tools (annotations kept), recipes, description, `execute`. */
  layer: McpLayer;
  serverInfo: McpServerInfo;
  /** `streamable-http`, or `sse` when the server only speaks the legacy transport. */
  transport: 'streamable-http' | 'sse';
  /** The revision spoken: `2026-07-28` (stateless), or the one the 2025 lifecycle negotiated (`2025-11-25`, …). */
  protocol: string;
  /** Tools left out of `layer.tools`, with the reason; the others work normally. */
  disabledTools: DisabledTool[];
  /** Ends the session (the server is told) and releases the connection. Never throws. */
  close(): Promise<void>;
}

/** The outcome of one server of {@link McpServerOptions}[] connected together. */
export type McpConnectResult =
  | {status: 'fulfilled'; options: McpServerOptions; connection: McpConnection}
  | {status: 'rejected'; options: McpServerOptions; error: AutouiError};
