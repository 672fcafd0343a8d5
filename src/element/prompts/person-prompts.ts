/**
 * The element's side of what servers ask of the person: signing in (OAuth) and answering a
 * server's question (elicitation). It gives the session the element's sign-in settings (token
 * store, callback page, client id, a sign-in that comes back from a same-tab redirect) and decides
 * at each event whether the built-in transcript shows a card; the cards, their state and what the
 * person's clicks answer are a lazy chunk (`prompt-cards.ts`), loaded with the first such event
 * and handed the events in order. A page that handles `autoui-sign-in` or `autoui-elicitation`
 * itself (or replaced the transcript) gets no card from here.
 */
import type {AuthStore, McpAuthOptions} from '../../mcp/index.js';
import {publicAddress} from '../../policy/public-address.js';
import type {SessionEvent} from '../../session/session-events.js';
import type {PromptView} from '../common/transcript-views.js';
import type {PromptCardState} from './prompt-card-state.js';
import {transcriptReplaced} from '../common/transcript-slot.js';
import {elementStores, type StoresElement, type TokenStorage} from '../element-stores.js';

/** The browser side of sign-in (stores, the window): loaded when a server first needs it. */
const signInHost = () => import('./sign-in-host.js');

/** What the cards need from their element. */
export interface PromptHost {
  requestUpdate(): void;
  /** True when the built-in transcript is shown (a card can be seen and answered). */
  canShowCards(): boolean;
  /** The question being answered, saved across a same-tab sign-in. */
  currentQuestion(): string | undefined;
  /** Asks a question again (after a same-tab sign-in came back). */
  ask(question: string): void;
  /** The session's servers now (a returning sign-in is matched to its server by URL). */
  servers(): ReadonlyArray<{name: string; url: string}>;
  /** The element's attributes for sign-in (`tokens`: where its stores keep them). */
  settings(): {tokens: TokenStorage; clientId?: string; callback?: string};
}

/** What {@link promptHostOf} reads on an element (`<autoui-agent>`'s properties of those names). */
export interface PromptElement extends StoresElement {
  readonly readonly: boolean;
  readonly clientId: string;
  readonly oauthCallback: string;
  /** Read only once the cards work (the element makes its session after its cards: it needs their `auth`). */
  readonly session: {readonly transcript: ReadonlyArray<{kind: string; text?: string}>; readonly servers: ReadonlyArray<{name: string; url: string}>};
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
    servers: () => element.session.servers,
    settings: () => ({tokens: elementStores(element).tokenStorage, clientId: element.clientId, callback: element.oauthCallback}),
  };
}

/** The sign-in and elicitation side of one element. See the module comment. */
export class PersonPrompts {
  readonly #host: PromptHost;
  #stores: Partial<Record<TokenStorage, AuthStore>> = {};
  /** A question saved before a same-tab sign-in, asked again once its server is back. */
  #returningQuestion?: {server: string; question: string};
  /** The cards' state once their chunk has loaded, and the events that came before it. */
  #cards?: PromptCardState;
  #waiting?: Array<(cards: PromptCardState) => void>;

  /** How the transcript draws the cards, once their chunk has loaded. */
  view?: PromptView;

  constructor(host: PromptHost) {
    this.#host = host;
  }

  /** Loads the cards (once); the element re-renders when they are there. */
  #load(): void {
    if (this.#waiting || this.#cards) return;
    this.#waiting = [];
    import('./prompt-cards.js').then(
      ({promptCards}) => {
        const {state, view} = promptCards(this.#host);
        for (const apply of this.#waiting ?? []) apply(state);
        this.#waiting = undefined;
        this.#cards = state;
        this.view = view;
        this.#host.requestUpdate();
      },
      (error: unknown) => console.warn('autoui-agent: the sign-in and question cards could not be loaded.', error),
    );
  }

  /** Applies `change` to the cards now, or once they have loaded (nothing when they were never asked for). */
  #withCards(change: (cards: PromptCardState) => void): void {
    if (this.#cards) change(this.#cards);
    else this.#waiting?.push(change);
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
  sessionEvent(event: SessionEvent, shown: boolean): void {
    // The view also draws the lines of what the page answered itself.
    if (event.type === 'sign-in' || event.type === 'elicitation') this.#load();
    switch (event.type) {
      case 'sign-in':
        if (!shown) break;
        if (this.#host.canShowCards()) this.#withCards((cards) => cards.signInAsked(event.request, event.respond));
        else {
          console.warn(`autoui-agent: ${event.request.server} asks to sign in, but the page replaced the transcript and did not handle autoui-sign-in; the question goes on without it.`);
          event.respond('later');
        }
        break;
      case 'sign-in-settled':
        this.#withCards((cards) => cards.signInSettled(event.request));
        break;
      case 'elicitation':
        if (!shown) break;
        if (this.#host.canShowCards()) this.#withCards((cards) => cards.elicitationAsked(event.request, event.respond));
        else event.respond({action: 'decline'});
        break;
      case 'elicitation-settled':
        this.#withCards((cards) => cards.elicitationSettled(event.request));
        break;
      case 'server-ready': {
        const url = this.#host.servers().find((s) => s.name === event.name)?.url;
        const returning = this.#returningQuestion;
        if (returning && url && publicAddress(new URL(url, location.href).href) === returning.server) {
          this.#returningQuestion = undefined;
          queueMicrotask(() => this.#host.ask(returning.question));
        }
        break;
      }
      case 'cleared':
        this.#withCards((cards) => cards.cleared());
        break;
    }
  }

  /** `sessionStorage`, or IndexedDB with `persist` (as the element's stores say now): loaded with the first use. */
  #store(): AuthStore {
    const kind = this.#host.settings().tokens;
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
