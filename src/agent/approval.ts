/**
 * Tool approval: which calls wait for a person's yes, and what the loop is told. The rules are
 * pure functions of a layer, a tool and a policy, so the element, a session driven by an app and
 * a Worker all decide the same way. Only a person (through a view or an app's hook) answers: a
 * decision is never read from anything a model or a tool wrote.
 */
import type {LayerTool, ToolAnnotations, ToolLayer} from './types.js';

/**
 * When to ask. `writes` (the default): before every tool whose annotations do not say
 * `readOnlyHint: true`. `all`: before every tool. `never`: never (the page vouches for the server).
 */
export type ApprovalPolicy = 'writes' | 'all' | 'never';

/** The policies, for attribute parsing and error messages. */
export const APPROVAL_POLICIES: readonly ApprovalPolicy[] = ['writes', 'all', 'never'];

/** The default policy. */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = 'writes';

/** A person's answer: run it this once, run it and stop asking for this tool, or do not run it. */
export type ApprovalDecision = 'allow' | 'allow-always' | 'deny';

/** The decisions, to tell a known one from anything else a page passes. */
export const APPROVAL_DECISIONS: readonly ApprovalDecision[] = ['allow', 'allow-always', 'deny'];

/** A decision with the person's reason, if they gave one (a denial's reason reaches the model). */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  reason?: string;
}

/** One call waiting for a person's decision. Plain data: safe to post to a Worker or a page. */
export interface ApprovalRequest {
  /** The tool_use id of the call. */
  id: string;
  /** Prefix key of the server (`data` in `data_mcp_save_query`), as in `autoui-tool-call`. */
  server: string;
  /** The server's URL, for MCP servers. */
  serverUrl?: string;
  /** The tool's own name on its server. */
  tool: string;
  /** The name the model called (`data_mcp_save_query`). */
  name: string;
  /** The tool's human title (its annotation `title`), else its name. */
  title: string;
  /** The arguments that would be sent, as the server would receive them. */
  args: Record<string, unknown>;
  /** The tool's annotations as its server gives them (`readOnlyHint`, `destructiveHint`, ...). */
  annotations: ToolAnnotations;
}

/**
 * What the loop needs to ask before a call. Absent from a run: nothing asks (a loop run by code
 * that vouches for its tools).
 */
export interface ApprovalGate {
  /** The policy of one layer's tools (a server's own, else the agent's). */
  policyFor(layer: ToolLayer): ApprovalPolicy;
  /**
   * Asks a person (or answers from an earlier "always", remembered under `key`). Resolves with
   * their answer; a rejection counts as a denial. `signal` aborts when the run is stopped: the
   * dispatcher stops waiting at once, and the gate should retract its question.
   */
  ask(request: ApprovalRequest, options: {signal: AbortSignal; key: string}): Promise<ApprovalAnswer>;
}

/** `value` when it names a policy, else undefined (an unknown value falls back, never to `never`). */
export function parseApprovalPolicy(value: unknown): ApprovalPolicy | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (APPROVAL_POLICIES as readonly string[]).includes(text) ? (text as ApprovalPolicy) : undefined;
}

/**
 * True when calling `tool` of `layer` must wait for a person under `policy`. A page's in-page
 * tool speaks for itself: `consequentialHint` always asks and `readOnlyHint` never does, whatever
 * the policy, and tools that only show things on the canvas (`displays`, the built-in
 * `widget_display` and `canvas`) never ask. A server's tool follows the policy.
 */
export function needsApproval(policy: ApprovalPolicy, layer: ToolLayer, tool: LayerTool): boolean {
  const hints = tool.annotations ?? {};
  if (layer.protocol === 'webmcp') {
    if (hints.consequentialHint === true) return true;
    if (hints.readOnlyHint === true || tool.displays === true) return false;
  }
  if (policy === 'never') return false;
  if (policy === 'all') return true;
  return hints.readOnlyHint !== true;
}

/** The key "always allow" remembers: the server (its URL, for MCP servers) and the tool. */
export function approvalKey(layer: ToolLayer, tool: LayerTool): string {
  const server = layer.protocol === 'mcp' ? `mcp ${layer.serverUrl ?? layer.serverName}` : `webmcp ${layer.serverName}`;
  return `${server}\n${tool.name}`;
}

/** The text the model reads for a call the person denied. */
export function declinedText(name: string, reason?: string): string {
  const because = reason?.trim() ? ` Their reason: ${reason.trim().slice(0, 500)}` : '';
  return `The user declined this call of ${name}; nothing was sent to the server.${because} Do not call it again unless the user asks; tell them what you could not do.`;
}

/** The text the model reads for a call that was waiting for approval when the run was stopped. */
export function stoppedBeforeApprovalText(name: string): string {
  return `${name} was not run: the run was stopped while it waited for the user's approval; nothing was sent to the server.`;
}
