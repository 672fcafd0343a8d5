/**
 * The approvals of one session: asks the person (through the session's `approval` event and the
 * app's `askApproval` hook) before a call that needs it, takes the first valid answer, remembers
 * "always allow" per server and tool until `clear()`, and retracts a question when its run stops.
 * An answer comes only through `respond` or the hook: nothing a model or a tool wrote is read.
 */
import {
  APPROVAL_DECISIONS,
  type ApprovalAnswer,
  type ApprovalDecision,
  type ApprovalGate,
  type ApprovalPolicy,
  type ApprovalRequest,
} from '../agent/approval.js';
import type {ToolLayer} from '../agent/types.js';

/** Where a request stands: waiting, or how it ended (`stopped`: the run ended while it waited). */
export type ApprovalState = 'pending' | 'allowed' | 'allowed-always' | 'denied' | 'stopped';

/** Answers a request. Valid once, with a known decision; anything else is ignored with a console warning. */
export type ApprovalResponder = (decision: ApprovalDecision, reason?: string) => void;

/**
 * An app's own way to ask (a dialog, a Worker's message to its page): resolves with the decision.
 * A rejection denies the call. Its signal aborts when the run stops.
 */
export type AskApproval = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision | ApprovalAnswer>;

/** What the session does when a request is asked and settled. Contract: must not throw. */
export interface ApprovalHooks {
  /** A request waits: tell subscribers and the transcript. Returns false when nobody can hear it. */
  asked(request: ApprovalRequest, respond: ApprovalResponder): boolean;
  /** A request was answered or retracted. */
  settled(id: string, state: ApprovalState): void;
  /** The app's hook, read at each request (it may be set after the session is made). */
  askApproval(): AskApproval | undefined;
}

const STATE_OF: Record<ApprovalDecision, ApprovalState> = {allow: 'allowed', 'allow-always': 'allowed-always', deny: 'denied'};

/** Said to the model when a call needed a person and the session had nobody to ask. */
const NOBODY_TO_ASK = 'No one was there to approve it (the session has no approval hook and no subscriber).';

/** One session's approvals. See the module comment. */
export class SessionApprovals {
  readonly #hooks: ApprovalHooks;
  /** "Always allow" answers: `approvalKey`s (server and tool). */
  readonly #always = new Set<string>();

  constructor(hooks: ApprovalHooks) {
    this.#hooks = hooks;
  }

  /** The gate of one run, with the policy of each layer. */
  gate(policyFor: (layer: ToolLayer) => ApprovalPolicy): ApprovalGate {
    return {policyFor, ask: (request, {signal, key}) => this.#ask(request, signal, key)};
  }

  /** Forgets every "always allow" (the conversation was cleared). */
  forget(): void {
    this.#always.clear();
  }

  #ask(request: ApprovalRequest, signal: AbortSignal, key: string): Promise<ApprovalAnswer> {
    if (this.#always.has(key)) return Promise.resolve({decision: 'allow'});
    return new Promise<ApprovalAnswer>((resolve) => {
      let done = false;
      const finish = (state: ApprovalState, answer: ApprovalAnswer) => {
        done = true;
        signal.removeEventListener('abort', onAbort);
        this.#hooks.settled(request.id, state);
        resolve(answer);
      };
      const onAbort = () => {
        if (!done) finish('stopped', {decision: 'deny'});
      };
      const respond = (decision: unknown, reason?: unknown, quiet = false) => {
        if (done) {
          if (!quiet) console.warn(`autoui-agent: the approval of ${request.name} (${request.id}) was already settled; this respond() is ignored.`);
          return;
        }
        if (!(APPROVAL_DECISIONS as readonly unknown[]).includes(decision)) {
          console.warn(`autoui-agent: respond() takes 'allow', 'allow-always' or 'deny', not ${describe(decision)}; ignored, the call still waits.`);
          return;
        }
        const known = decision as ApprovalDecision;
        if (known === 'allow-always') this.#always.add(key);
        finish(STATE_OF[known], {decision: known, ...(typeof reason === 'string' && reason.trim() ? {reason} : {})});
      };
      signal.addEventListener('abort', onAbort, {once: true});
      if (signal.aborted) return onAbort();

      const heard = this.#hooks.asked(request, (decision, reason) => respond(decision, reason));
      const hook = this.#hooks.askApproval();
      if (hook) {
        // A hook that answers after the run stopped has nothing to answer: no warning for that.
        Promise.resolve()
          .then(() => hook(request, signal))
          .then(
            (answer) => (typeof answer === 'string' ? respond(answer, undefined, signal.aborted) : respond(answer?.decision, answer?.reason, signal.aborted)),
            () => respond('deny', undefined, true),
          );
      } else if (!heard) {
        respond('deny', NOBODY_TO_ASK);
      }
    });
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
