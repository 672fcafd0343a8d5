/**
 * The approvals of one session: asks the person (through the session's `approval` event and the
 * app's `askApproval` hook) before a call that needs it, takes the first valid answer, remembers
 * "always allow" until `clear()` (per server address, without its query, and tool for MCP servers; per layer object and
 * tool for in-page layers, so a layer replaced under the same name is asked about again), and
 * retracts a question when its run stops. An answer comes only through `respond` or the hook:
 * nothing a model or a tool wrote is read.
 */
import {
  APPROVAL_DECISIONS,
  type ApprovalAnswer,
  type ApprovalDecision,
  type ApprovalGate,
  type ApprovalPolicy,
  type ApprovalRequest,
} from '../agent/approval.js';
import type {LayerTool, ToolLayer} from '../agent/types.js';
import {publicAddress} from '../policy/public-address.js';

/** Where a request stands: waiting, or how it ended (`stopped`: the run ended while it waited). */
export type ApprovalState = 'pending' | 'allowed' | 'allowed-always' | 'denied' | 'stopped';

/** Answers a request. Valid once, with a known decision; anything else is ignored with a console warning. */
export type ApprovalResponder = (decision: ApprovalDecision, reason?: string) => void;

/**
 * An app's own way to ask (a dialog, a Worker's message to its page): resolves with the decision.
 * A rejection, or anything but a decision, denies the call. Its signal aborts when the request is
 * settled another way (a subscriber answered, the run stopped), so the app can close its dialog.
 */
export type AskApproval = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision | ApprovalAnswer>;

/** What the session does when a request is asked and settled. Contract: must not throw. */
export interface ApprovalHooks {
  /** A request waits: tell subscribers and the transcript. Returns false when nobody can hear it. */
  asked(request: ApprovalRequest, respond: ApprovalResponder): boolean;
  /** A request was answered or retracted (`request` is the object `asked` was given). */
  settled(request: ApprovalRequest, state: Exclude<ApprovalState, 'pending'>): void;
  /** The app's hook, read at each request (it may be set after the session is made). */
  askApproval(): AskApproval | undefined;
}

const STATE_OF: Record<ApprovalDecision, ApprovalState> = {allow: 'allowed', 'allow-always': 'allowed-always', deny: 'denied'};

/** Said to the model when a call needed a person and the session had nobody to ask. */
const NOBODY_TO_ASK = 'No one was there to approve it (the session has no approval hook and no subscriber).';

const isDecision = (value: unknown): value is ApprovalDecision => (APPROVAL_DECISIONS as readonly unknown[]).includes(value);

/** One session's approvals. See the module comment. */
export class SessionApprovals {
  readonly #hooks: ApprovalHooks;
  /** "Always allow" answers for MCP servers: `url \n tool`. */
  #alwaysByUrl = new Set<string>();
  /** "Always allow" answers for in-page layers, by the layer object. */
  #alwaysByLayer = new WeakMap<ToolLayer, Set<string>>();
  /** Requests waiting for an answer: an "always allow" also answers the others of that tool (two views polling it). */
  #waiting = new Set<{layer: ToolLayer; tool: LayerTool; respond: (decision: ApprovalDecision) => void}>();

  constructor(hooks: ApprovalHooks) {
    this.#hooks = hooks;
  }

  /** The gate of one run, with the policy of each layer. */
  gate(policyFor: (layer: ToolLayer) => ApprovalPolicy): ApprovalGate {
    return {policyFor, ask: (request, {signal, layer, tool}) => this.#ask(request, signal, layer, tool)};
  }

  /**
   * The "always allow" answers that outlive an in-page layer object: MCP servers' (`url \n tool`),
   * for the session's stored copy. In-page layers' answers are not kept: a reloaded page has new layers.
   */
  remembered(): string[] {
    return [...this.#alwaysByUrl];
  }

  /** Takes back answers {@link remembered} gave (from the session's own stored copy, never a snapshot). */
  remember(keys: readonly string[]): void {
    for (const key of keys) this.#alwaysByUrl.add(key);
  }

  /** Forgets every "always allow" (the conversation was cleared). */
  forget(): void {
    this.#alwaysByUrl = new Set();
    this.#alwaysByLayer = new WeakMap();
  }

  #isAlways(layer: ToolLayer, tool: LayerTool): boolean {
    if (layer.protocol === 'mcp') return this.#alwaysByUrl.has(alwaysKey(layer, tool));
    return this.#alwaysByLayer.get(layer)?.has(tool.name) === true;
  }

  #rememberAlways(layer: ToolLayer, tool: LayerTool): void {
    if (layer.protocol === 'mcp') {
      this.#alwaysByUrl.add(alwaysKey(layer, tool));
      return;
    }
    const tools = this.#alwaysByLayer.get(layer) ?? new Set<string>();
    tools.add(tool.name);
    this.#alwaysByLayer.set(layer, tools);
  }

  #ask(request: ApprovalRequest, signal: AbortSignal, layer: ToolLayer, tool: LayerTool): Promise<ApprovalAnswer> {
    if (this.#isAlways(layer, tool)) return Promise.resolve({decision: 'allow'});
    return new Promise<ApprovalAnswer>((resolve) => {
      let done = false;
      // While `asked` tells the subscribers, an answer given inside a listener waits for the
      // telling to end, so every subscriber hears `approval` before `approval-settled`.
      let telling = true;
      let later: (() => void) | undefined;
      const settledHere = new AbortController();
      const finish = (state: Exclude<ApprovalState, 'pending'>, answer: ApprovalAnswer) => {
        done = true;
        this.#waiting.delete(waiting);
        signal.removeEventListener('abort', onAbort);
        settledHere.abort();
        const run = () => {
          this.#hooks.settled(request, state);
          resolve(answer);
        };
        if (telling) later = run;
        else run();
      };
      const onAbort = () => {
        if (!done) finish('stopped', {decision: 'deny'});
      };
      const respond = (decision: unknown, reason?: unknown) => {
        if (done) {
          console.warn(`autoui-agent: the approval of ${request.name} (${request.id}) was already settled; this respond() is ignored.`);
          return;
        }
        if (!isDecision(decision)) {
          console.warn(`autoui-agent: respond() takes 'allow', 'allow-always' or 'deny', not ${describe(decision)}; ignored, the call still waits.`);
          return;
        }
        if (decision === 'allow-always') this.#rememberAlways(layer, tool);
        finish(STATE_OF[decision] as Exclude<ApprovalState, 'pending'>, {decision, ...(typeof reason === 'string' && reason.trim() ? {reason} : {})});
        // The person said this tool may run without asking: its other open questions are answered too.
        if (decision === 'allow-always') for (const other of [...this.#waiting]) if (this.#isAlways(other.layer, other.tool)) other.respond('allow-always');
      };
      const waiting = {layer, tool, respond};
      this.#waiting.add(waiting);
      signal.addEventListener('abort', onAbort, {once: true});
      if (signal.aborted) {
        telling = false;
        return onAbort();
      }

      let heard = false;
      try {
        heard = this.#hooks.asked(request, (decision, reason) => respond(decision, reason));
      } finally {
        telling = false;
        later?.();
      }
      if (done) return;
      const hook = this.#hooks.askApproval();
      if (hook) this.#askHook(hook, request, eitherAborts(signal, settledHere.signal), () => done, respond);
      else if (!heard) respond('deny', NOBODY_TO_ASK);
    });
  }

  /** Asks the app's hook; its answer counts unless the request was settled meanwhile. Anything but a decision denies. */
  #askHook(hook: AskApproval, request: ApprovalRequest, signal: AbortSignal, settled: () => boolean, respond: (decision: unknown, reason?: unknown) => void): void {
    Promise.resolve()
      .then(() => hook(request, signal))
      .then(
        (answer) => {
          if (settled()) return;
          const decision = typeof answer === 'string' ? answer : answer?.decision;
          if (isDecision(decision)) return respond(decision, typeof answer === 'string' ? undefined : answer?.reason);
          console.warn(`autoui-agent: askApproval resolved with ${describe(answer)}, not a decision; the call is denied.`);
          respond('deny');
        },
        () => {
          if (!settled()) respond('deny');
        },
      );
  }
}

/**
 * The key of an MCP tool's "always allow": its server's public address (no query or credentials,
 * which may hold a token: the key is stored with `persist`) and the tool's name.
 */
function alwaysKey(layer: ToolLayer & {protocol: 'mcp'}, tool: LayerTool): string {
  return `${layer.serverUrl ? publicAddress(layer.serverUrl) : layer.serverName}\n${tool.name}`;
}

/** A signal that aborts when either does (`AbortSignal.any`, which browsers before 2024 lack). */
function eitherAborts(a: AbortSignal, b: AbortSignal): AbortSignal {
  const both = new AbortController();
  const abort = () => both.abort();
  for (const signal of [a, b]) {
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, {once: true});
  }
  return both.signal;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
