/**
 * The questions servers ask the person (MCP elicitation), for one session: each becomes a card
 * in the transcript (the session's `elicitation` event) and waits for the person's answer, or
 * the app's own `askElicitation` hook. Nobody to ask means decline; Stop or `clear()` cancels.
 * What a person submits is what the view collected: nothing a server sends can fill or submit it.
 */
import type {ElicitationAnswer, ElicitationRequest} from '../mcp/index.js';

/** A server's question as the session shows it. Every text in it came from the server. */
export type ElicitationPrompt = ElicitationRequest & {id: string};

/** Where an elicitation card stands. */
export type ElicitationState = 'pending' | 'accepted' | 'declined' | 'cancelled';

/** Answers an elicitation; only the first valid answer counts. */
export type ElicitationResponder = (answer: ElicitationAnswer) => void;

/** An app's own way to ask: resolves with the person's answer (a rejection cancels). */
export type AskElicitation = (request: ElicitationPrompt, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** What the session does around a question. Contract: must not throw. */
export interface ElicitationHooks {
  /** A question waits: tell subscribers and the transcript. Returns false when nobody can hear it. */
  asked(request: ElicitationPrompt, respond: ElicitationResponder): boolean;
  settled(request: ElicitationPrompt, state: Exclude<ElicitationState, 'pending'>): void;
  askElicitation(): AskElicitation | undefined;
}

const STATE_OF = {accept: 'accepted', decline: 'declined', cancel: 'cancelled'} as const;

/** One session's elicitations. See the module comment. */
export class SessionElicitations {
  readonly #hooks: ElicitationHooks;
  readonly #open = new Set<() => void>();

  constructor(hooks: ElicitationHooks) {
    this.#hooks = hooks;
  }

  /** The handler a connection is given (see `ElicitationHandler`). */
  readonly ask = (request: ElicitationRequest, signal: AbortSignal): Promise<ElicitationAnswer> =>
    new Promise<ElicitationAnswer>((resolve) => {
      const prompt: ElicitationPrompt = {...request, id: crypto.randomUUID()};
      let over = false;
      const hookSignal = new AbortController();
      const finish = (answer: ElicitationAnswer) => {
        if (over) return;
        over = true;
        this.#open.delete(cancel);
        signal.removeEventListener('abort', cancel);
        hookSignal.abort();
        this.#hooks.settled(prompt, STATE_OF[answer.action]);
        resolve(answer);
      };
      const cancel = () => finish({action: 'cancel'});
      this.#open.add(cancel);
      signal.addEventListener('abort', cancel, {once: true});
      const respond: ElicitationResponder = (answer) => {
        if (answer && answer.action in STATE_OF) finish(answer.action === 'accept' ? answer : {action: answer.action});
        else console.warn('autoui-agent: an elicitation answer must be {action: "accept" | "decline" | "cancel", content?}; ignored.');
      };
      const heard = this.#hooks.asked(prompt, respond);
      const hook = this.#hooks.askElicitation();
      if (hook) hook(prompt, hookSignal.signal).then(respond, cancel);
      else if (!heard) finish({action: 'decline'});
    });

  /** Cancels every open question (Stop, `clear()`, the session closing). */
  cancelAll(): void {
    for (const cancel of [...this.#open]) cancel();
  }
}
