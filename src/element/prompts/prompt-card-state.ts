/**
 * Which sign-in and elicitation cards the built-in transcript shows, and what the person's clicks
 * on them answer. It comes in the cards' chunk: the element (`person-prompts.ts`) decides at each
 * event whether a card is due, and hands the state its events, in order, once it has loaded.
 */
import type {ElicitationAnswer} from '../../mcp/index.js';
import type {ElicitationPrompt, ElicitationResponder} from '../../session/session-elicitations.js';
import type {SignInRequest, SignInResponder} from '../../session/session-sign-ins.js';

/** Opens the sign-in window (`sign-in-host.ts`'s `openSignInWindow`, given by the cards, which load it). */
export type OpenSignInWindow = (url: string, serverUrl: string, question: string | undefined, respond: SignInResponder) => () => void;

/** A sign-in card's state: asking, or waiting for the window the person opened. */
export interface SignInCardState {
  state: 'asking' | 'waiting';
  respond: SignInResponder;
}

/** What the cards need from their element. */
export interface CardStateHost {
  requestUpdate(): void;
  /** The question being answered, saved across a same-tab sign-in. */
  currentQuestion(): string | undefined;
}

/** The cards of one element. See the module comment. */
export class PromptCardState {
  #signIns: ReadonlyMap<SignInRequest, SignInCardState> = new Map();
  #elicitations: ReadonlyMap<ElicitationPrompt, ElicitationResponder> = new Map();
  readonly #stopListening = new Map<SignInRequest, () => void>();

  constructor(private readonly host: CardStateHost) {}

  /** The sign-in cards the transcript shows. */
  get signIns(): ReadonlyMap<SignInRequest, SignInCardState> {
    return this.#signIns;
  }

  /** The elicitation cards the transcript shows. */
  get elicitations(): ReadonlyMap<ElicitationPrompt, ElicitationResponder> {
    return this.#elicitations;
  }

  /** A server asks the person to sign in: its card shows. */
  signInAsked(request: SignInRequest, respond: SignInResponder): void {
    this.#signIns = new Map([...this.#signIns, [request, {state: 'asking', respond}]]);
  }

  /** A sign-in was answered (here, by the page or by Stop): its card goes. */
  signInSettled(request: SignInRequest): void {
    this.#stopListening.get(request)?.();
    this.#stopListening.delete(request);
    this.#signIns = without(this.#signIns, request);
  }

  /** A server asks the person something: its card shows. */
  elicitationAsked(request: ElicitationPrompt, respond: ElicitationResponder): void {
    this.#elicitations = new Map([...this.#elicitations, [request, respond]]);
  }

  /** A server's question was answered or cancelled: its card goes. */
  elicitationSettled(request: ElicitationPrompt): void {
    this.#elicitations = without(this.#elicitations, request);
  }

  /** The conversation was cleared: no question of a server waits any more. */
  cleared(): void {
    this.#elicitations = new Map();
  }

  /** **Sign in** was clicked: `open` opens the window in this click's task. */
  signIn(request: SignInRequest, open: OpenSignInWindow): void {
    const card = this.#signIns.get(request);
    if (!card || card.state === 'waiting') return;
    this.#signIns = new Map([...this.#signIns, [request, {...card, state: 'waiting'}]]);
    this.#stopListening.set(request, open(request.url, request.serverUrl, this.host.currentQuestion(), card.respond));
    this.host.requestUpdate();
  }

  /** **Not now**: the question goes on without this server; the next one asks again. */
  later(request: SignInRequest): void {
    this.#signIns.get(request)?.respond('later');
  }

  /** **Cancel** while the window is open: the sign-in is refused. */
  cancel(request: SignInRequest): void {
    this.#stopListening.get(request)?.();
    this.#signIns.get(request)?.respond(new URLSearchParams({error: 'access_denied', error_description: 'the sign-in was cancelled'}));
  }

  /** The person's answer to an elicitation card. */
  answer(request: ElicitationPrompt, answer: ElicitationAnswer): void {
    this.#elicitations.get(request)?.(answer);
  }
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  return new Map([...map].filter(([k]) => k !== key));
}
