/**
 * The approvals of one session as the session keeps them. The approvals themselves come with the
 * run engine (a person is only ever asked during a question, or by an MCP App view), so they are
 * made the first time one of those needs them; "always allow" answers given back before then (a
 * stored copy read at start) wait here until they exist. Also each layer's policy: its server's
 * own `approve`, else the session's, else `writes`.
 */
import {DEFAULT_APPROVAL_POLICY, parseApprovalPolicy, type ApprovalGate, type ApprovalPolicy} from '../agent/approval.js';
import type {ToolLayer} from '../agent/types.js';
import type {Conversation} from './conversation.js';
import type {ApprovalHooks, SessionApprovals} from './session-approvals.js';

/** The part of the run engine that makes approvals. */
export interface ApprovalsMaker {
  SessionApprovals: typeof SessionApprovals;
}

/** What the session does when a request is asked and settled, and where a server's own policy is. Contract: must not throw. */
export interface LazyApprovalsDeps extends ApprovalHooks {
  /** The `approve` of the server behind `layer`, when it is an MCP server's layer that has one. */
  serverPolicy(layer: ToolLayer): unknown;
}

/** The approvals of a session, as a view reaches them (`session.approvals`). */
export interface SessionApprovalsApi {
  /** The "always allow" answers the session's stored copy keeps (MCP servers' only, by address and tool). */
  readonly alwaysAllowed: readonly string[];
  /**
   * Gives back answers {@link alwaysAllowed} listed: for the page's own stored copy of this
   * session, never for a snapshot (a snapshot cannot approve anything).
   */
  allowAlways(keys: readonly string[]): void;
}

/** One session's approvals, made on first use. See the module comment. */
export class LazyApprovals implements SessionApprovalsApi {
  /** What views may do (`session.approvals`). */
  readonly api: SessionApprovalsApi;
  readonly #deps: LazyApprovalsDeps;
  #approvals?: SessionApprovals;
  /** "Always allow" answers given back before the approvals exist. */
  #pending: string[] = [];

  constructor(deps: LazyApprovalsDeps) {
    this.#deps = deps;
    const approvals = this;
    this.api = {
      get alwaysAllowed() {
        return approvals.alwaysAllowed;
      },
      allowAlways: (keys) => this.allowAlways(keys),
    };
  }

  /** The session's approvals, made with `engine` the first time; kept for the session, as they remember "always". */
  of(engine: ApprovalsMaker): SessionApprovals {
    if (!this.#approvals) {
      this.#approvals = new engine.SessionApprovals(this.#deps);
      this.#approvals.remember(this.#pending.splice(0));
    }
    return this.#approvals;
  }

  /**
   * The gate of one question, with each layer's policy as the question starts: a change applies
   * to the next question, and a server reconnected meanwhile cannot lose its policy (a layer not
   * found asks about every call).
   */
  gate(engine: ApprovalsMaker, layers: readonly ToolLayer[], sessionPolicy: unknown): ApprovalGate {
    const policies = new Map(layers.map((layer) => [layer, this.policyFor(layer, sessionPolicy)]));
    return this.of(engine).gate((layer) => policies.get(layer) ?? 'all');
  }

  /**
   * A layer's approval policy: its server's own, else `sessionPolicy`, else `writes`. A value that
   * is set but names no policy is `writes`: a typo can only ask more, never less.
   */
  policyFor(layer: ToolLayer, sessionPolicy: unknown): ApprovalPolicy {
    const own = layer.protocol === 'mcp' ? this.#deps.serverPolicy(layer) : undefined;
    const chosen = own !== undefined && own !== '' ? own : sessionPolicy;
    if (chosen === undefined || chosen === '') return DEFAULT_APPROVAL_POLICY;
    return parseApprovalPolicy(chosen) ?? DEFAULT_APPROVAL_POLICY;
  }

  /** The "always allow" answers a stored copy keeps (MCP servers' only, by address and tool). */
  get alwaysAllowed(): readonly string[] {
    return this.#approvals?.remembered() ?? [...this.#pending];
  }

  /** Takes back answers {@link alwaysAllowed} listed (from the page's own stored copy, never a snapshot). */
  allowAlways(keys: readonly string[]): void {
    const valid = keys.filter((k) => typeof k === 'string' && k.includes('\n'));
    if (this.#approvals) this.#approvals.remember(valid);
    else this.#pending.push(...valid);
  }

  /** Forgets every "always allow" (the conversation was cleared or replaced). */
  forget(): void {
    this.#approvals?.forget();
    this.#pending = [];
  }
}

/** The approvals of a session whose cards go in `conversation`'s transcript. */
export const approvalsIn = (conversation: Pick<Conversation, 'cardAsked' | 'cardSettled'>, deps: Pick<LazyApprovalsDeps, 'askApproval' | 'serverPolicy'>): LazyApprovals =>
  new LazyApprovals({
    asked: (request, respond) => conversation.cardAsked({kind: 'approval', request, state: 'pending'}, {type: 'approval', request, respond}),
    settled: (request, state) => conversation.cardSettled({kind: 'approval', request, state}, {type: 'approval-settled', id: request.id, request, state}),
    ...deps,
  });
