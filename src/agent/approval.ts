/**
 * The vocabulary of tool approval: policies, decisions, the request a person answers and the gate
 * a run asks through. Only a person (through a view or an app's hook) answers: a decision is never
 * read from anything a model or a tool wrote. The rules (which calls ask) are in
 * `approval-rules.ts`, with the loop; this module is small because the session and the element
 * need it from the first load.
 */
import type {LayerTool, ToolAnnotations, ToolLayer} from './types.js';

/**
 * When to ask. `writes` (the default): before every tool whose annotations do not say
 * `readOnlyHint: true`. `all`: before every tool. `never`: never (the page vouches for the server).
 */
export type ApprovalPolicy = 'writes' | 'all' | 'never';

/** The three policies; any other value is none (the default applies). */
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
  /** Set when an MCP App view makes the call (a button in it), not the model: which view. */
  from?: {app: {server: string; tool: string}};
}

/**
 * What the loop needs to ask before a call. Absent from a run: nothing asks (a loop run by code
 * that vouches for its tools).
 */
export interface ApprovalGate {
  /** The policy of one layer's tools (a server's own, else the agent's). */
  policyFor(layer: ToolLayer): ApprovalPolicy;
  /**
   * Asks a person (or answers from an earlier "always" for this `layer` and `tool`). Resolves
   * with their answer; a rejection counts as a denial. `signal` aborts when the run is stopped:
   * the dispatcher stops waiting at once, and the gate should retract its question.
   */
  ask(request: ApprovalRequest, options: {signal: AbortSignal; layer: ToolLayer; tool: LayerTool}): Promise<ApprovalAnswer>;
}

/** `value` when it names a policy, else undefined (an unknown value falls back, never to `never`). */
export function parseApprovalPolicy(value: unknown): ApprovalPolicy | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (APPROVAL_POLICIES as readonly string[]).includes(text) ? (text as ApprovalPolicy) : undefined;
}
