/**
 * The element's cards for what servers ask of the person: signing in (OAuth) and answering a
 * server's question (elicitation). It keeps which cards the built-in transcript shows and their
 * state, turns the person's clicks into answers to the session, and gives the session the
 * element's sign-in settings (token store, callback page, client id, a sign-in that comes back
 * from a same-tab redirect). A page that handles `autoui-sign-in` or `autoui-elicitation` itself
 * (or replaced the transcript) gets no card from here.
 */
import type {AuthStore, ElicitationAnswer, McpAuthOptions} from '../mcp/index.js';
import {publicAddress} from '../policy/public-address.js';
import type {ElicitationPrompt, ElicitationResponder} from '../session/session-elicitations.js';
import type {SessionEvent} from '../session/session-events.js';
import type {SignInRequest, SignInResponder} from '../session/session-sign-ins.js';
import type {PromptView} from './autoui-transcript.js';
import {transcriptReplaced} from './transcript-slot.js';

/** The browser side of sign-in (stores, the window): loaded when a server first needs it. */
const signInHost = () => import('./sign-in-host.js');

/** Opens the sign-in window (`sign-in-host.ts`'s `openSignInWindow`, given by the cards, which load it). */
export type OpenSignInWindow = (url: string, serverUrl: string, question: string | undefined, respond: SignInResponder) => () => void;

/** A sign-in card's state: asking, waiting for the window, or failed (with the reason, to try again). */
export interface SignInCardState {
  state: 'asking' | 'waiting';
  respond: SignInResponder;
}

/** What the cards need from their element. */
export interface PromptHost {
  requestUpdate(): void;
  /** True when the built-in transcript is shown (a card can be seen and answered). */
  canShowCards(): boolean;
  /** The question being answered, saved across a same-tab sign-in. */
  currentQuestion(): string | undefined;
  /** Asks a question again (after a same-tab sign-in came back). */
  ask(question: string): void;
  /** The element's attributes for sign-in. */
  settings(): {persist: boolean; clientId?: string; callback?: string};
}

/** What {@link promptHostOf} reads on an element (`<autoui-agent>`'s properties of those names). */
export interface PromptElement extends Element {
  readonly readonly: boolean;
  readonly persist: string;
  readonly clientId: string;
  readonly oauthCallback: string;
  /** Read only once the cards work (the element makes its session after its cards: it needs their `auth`). */
  readonly session: {readonly transcript: ReadonlyArray<{kind: string; text?: string}>};
  ask(question: string): Promise<unknown>;
  requestUpdate(): void;
}

/** The cards' host for an element: cards only in its built-in transcript, its sign-in attributes. */
export function promptHostOf(element: PromptElement): PromptHost {
  return {
    requestUpdate: () => element.requestUpdate(),
    canShowCards: () => !element.readonly && !transcriptReplaced(element),
    currentQuestion: () => [...element.session.transcript].reverse().find((e) => e.kind === 'user')?.text,
    ask: (question) => void element.ask(question).catch(() => {}),
    settings: () => ({persist: element.persist === 'local', clientId: element.clientId, callback: element.oauthCallback}),
  };
}

/** The sign-in and elicitation cards of one element. See the module comment. */
export class PersonPrompts {
  readonly #host: PromptHost;
  #signIns: ReadonlyMap<SignInRequest, SignInCardState> = new Map();
  #elicitations: ReadonlyMap<ElicitationPrompt, ElicitationResponder> = new Map();
  #stopListening = new Map<SignInRequest, () => void>();
  #stores: {session?: AuthStore; persistent?: AuthStore} = {};
  /** A question saved before a same-tab sign-in, asked again once its server is back. */
  #returningQuestion?: {server: string; question: string};

  /** How the transcript draws the cards, once their chunk has loaded. */
  view?: PromptView;
  #loading?: Promise<void>;

  constructor(host: PromptHost) {
    this.#host = host;
  }

  /** Loads the cards (once); the element re-renders when they are there. */
  #load(): void {
    this.#loading ??= import('./prompt-cards.js').then(
      ({promptView}) => {
        this.view = promptView(this);
        this.#host.requestUpdate();
      },
      (error: unknown) => console.warn('autoui-agent: the sign-in and question cards could not be loaded.', error),
    );
  }

  /** The sign-in cards the transcript shows. */
  get signIns(): ReadonlyMap<SignInRequest, SignInCardState> {
    return this.#signIns;
  }

  /** The elicitation cards the transcript shows. */
  get elicitations(): ReadonlyMap<ElicitationPrompt, ElicitationResponder> {
    return this.#elicitations;
  }

  /**
   * The session's sign-in settings, read when a server connects (getters: the attributes'
   * values at that moment). Tokens in `sessionStorage`, or IndexedDB with `persist`.
   */
  readonly auth: Omit<McpAuthOptions, 'authorize'> = Object.defineProperties({} as Omit<McpAuthOptions, 'authorize'>, {
    store: {enumerable: true, get: () => this.#store()},
    redirectUrl: {enumerable: true, get: () => this.#callbackUrl()},
    clientId: {enumerable: true, get: () => this.#host.settings().clientId || undefined},
    clientName: {enumerable: true, value: 'autoui-agent'},
    resume: {
      enumerable: true,
      value: async (serverUrl: string) => {
        const returned = (await signInHost()).takeReturnedSignIn(publicAddress(serverUrl));
        if (returned?.question) this.#returningQuestion = {server: publicAddress(serverUrl), question: returned.question};
        return returned?.params;
      },
    },
  });

  /** Keeps the cards in step with the session. `shown`: the page did not cancel the event. */
  onSessionEvent(event: SessionEvent, shown: boolean, servers: () => ReadonlyArray<{name: string; url: string}>): void {
    if (event.type === 'sign-in' || event.type === 'elicitation') this.#load();
    switch (event.type) {
      case 'sign-in':
        if (shown && this.#host.canShowCards()) this.#signIns = new Map([...this.#signIns, [event.request, {state: 'asking', respond: event.respond}]]);
        else if (shown) {
          console.warn(`autoui-agent: ${event.request.server} asks to sign in, but the page replaced the transcript and did not handle autoui-sign-in; the question goes on without it.`);
          event.respond('later');
        }
        break;
      case 'sign-in-settled':
        this.#stopListening.get(event.request)?.();
        this.#stopListening.delete(event.request);
        this.#signIns = without(this.#signIns, event.request);
        break;
      case 'elicitation':
        if (shown && this.#host.canShowCards()) this.#elicitations = new Map([...this.#elicitations, [event.request, event.respond]]);
        else if (shown) event.respond({action: 'decline'});
        break;
      case 'elicitation-settled':
        this.#elicitations = without(this.#elicitations, event.request);
        break;
      case 'server-ready': {
        const url = servers().find((s) => s.name === event.name)?.url;
        const returning = this.#returningQuestion;
        if (returning && url && publicAddress(new URL(url, location.href).href) === returning.server) {
          this.#returningQuestion = undefined;
          queueMicrotask(() => this.#host.ask(returning.question));
        }
        break;
      }
      case 'cleared':
        this.#elicitations = new Map();
        break;
    }
  }

  /** **Sign in** was clicked: `open` opens the window in this click's task. */
  signIn(request: SignInRequest, open: OpenSignInWindow): void {
    const card = this.#signIns.get(request);
    if (!card || card.state === 'waiting') return;
    this.#signIns = new Map([...this.#signIns, [request, {...card, state: 'waiting'}]]);
    this.#stopListening.set(request, open(request.url, request.serverUrl, this.#host.currentQuestion(), card.respond));
    this.#host.requestUpdate();
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

  /** `sessionStorage`, or IndexedDB with `persist`: loaded with the first use. */
  #store(): AuthStore {
    const kind = this.#host.settings().persist ? 'persistent' : 'session';
    const existing = this.#stores[kind];
    if (existing) return existing;
    const made = signInHost().then((h) => (kind === 'persistent' ? h.persistentAuthStore() : h.sessionAuthStore()));
    const store: AuthStore = {
      get: async (key) => (await made).get(key),
      set: async (key, value) => (await made).set(key, value),
      delete: async (key) => (await made).delete(key),
      keys: async (prefix) => (await made).keys(prefix),
    };
    return (this.#stores[kind] = store);
  }

  /** The `oauth-callback` attribute, or `oauth-callback.html` beside the page. */
  #callbackUrl(): string {
    return new URL(this.#host.settings().callback || 'oauth-callback.html', document.baseURI).href;
  }
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  return new Map([...map].filter(([k]) => k !== key));
}
