/**
 * The MCP servers of one session and what they ask of the person: the connections (`ServerSet`),
 * the sign-ins a server waits for and the questions a server asks (elicitation), each a card in
 * the transcript (`server-prompts.ts`, loaded when a server first asks). Before a question's model
 * starts, the servers still connecting get a while, and those that want a sign-in ask for it.
 */
import type {ToolLayer} from '../agent/types.js';
import {ErrorCodes} from '../errors.js';
import type {Conversation} from './conversation.js';
import {ServerSet, type ServerConfig, type ServerSetEvents, type ServerStatus} from './server-set.js';
import {lazyChunk} from './lazy-chunk.js';
import type {ServerPrompts} from './server-prompts.js';
import type {AgentSessionOptions} from './session-options.js';
import type {SessionSignInsApi} from './sign-out.js';

/** How long a question waits for servers still connecting, unless the session says otherwise. */
const DEFAULT_SERVER_WAIT_MS = 10_000;

/** The session's hooks the servers use. */
export type ServerHooks = Pick<AgentSessionOptions, 'auth' | 'askElicitation' | 'protocolMemory'> & {
  /** Runs a wait for the person (a sign-in, a server's question) as a span of the question's trace. */
  timed?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /** Runs a connection as traced work (`session.traced`): the span its requests are children of. */
  traced?: ServerSetEvents['traced'];
};

/** Runs `work` untimed. */
const untimed = <T>(_name: string, work: () => Promise<T>): Promise<T> => work();

/** One session's servers. See the module comment. */
export class SessionServers {
  /** Sign-out (`session.signIns`). */
  readonly signIns: SessionSignInsApi;
  readonly #set: ServerSet;
  /** The sign-ins and servers' questions, once a server has asked one. */
  #prompts?: ServerPrompts;
  readonly #loadPrompts: () => Promise<ServerPrompts>;

  constructor(conversation: Conversation, hooks: ServerHooks) {
    this.#loadPrompts = lazyChunk(() => import('./server-prompts.js').then(({serverPrompts}) => (this.#prompts ??= serverPrompts(conversation, hooks))));
    this.#set = new ServerSet({
      ...(hooks.traced ? {traced: hooks.traced} : {}),
      ready: (name, tools, protocol) => conversation.emit({type: 'server-ready', name, tools, protocol}),
      connectOptions: () => ({
        // A Stop while the chunk loads must not leave a card behind: an aborted ask is answered at once.
        elicit: async (request, signal) => {
          const prompts = await this.#loadPrompts();
          return signal.aborted ? {action: 'cancel'} : (hooks.timed ?? untimed)('await_elicitation', () => prompts.elicitations.ask(request, signal));
        },
        ...(hooks.protocolMemory ? {protocolMemory: hooks.protocolMemory} : {}),
        ...(hooks.auth
          ? {
              auth: {
                ...hooks.auth,
                authorize: async (request, signal) => {
                  const prompts = await this.#loadPrompts();
                  if (signal.aborted) throw signal.reason;
                  return (hooks.timed ?? untimed)('await_sign_in', () => prompts.signIns.authorize(request, signal));
                },
              },
            }
          : {}),
      }),
      error: (name, code, message) => {
        conversation.emit({type: 'server-error', name, code, message});
        // A configuration the page has not finished (a url bound a moment later) is for the page's
        // developer: the server-error event and the server's state, no notice in the transcript.
        if (code !== ErrorCodes.MCP_CONFIG) conversation.fail(code, message);
      },
    });
    // Signing out is rare: its code (forgetting tokens) comes with the first sign-out.
    const signOutChunk = lazyChunk(() => import('./sign-out.js'));
    this.signIns = {signOut: async (server) => (await signOutChunk()).signOut(hooks.auth?.store, this.#set, server)};
  }

  /** Each server's state, in the order they were given. */
  get statuses(): readonly ServerStatus[] {
    return this.#set.statuses;
  }

  /** The connected servers' layers. */
  get layers(): readonly ToolLayer[] {
    return this.#set.layers;
  }

  /** Connects the servers that are new, closes those no longer listed, keeps the others. */
  sync(servers: readonly ServerConfig[]): void {
    this.#set.sync(servers);
  }

  /** The configuration of the server behind `layer`, if it is one of these servers'. */
  configOf(layer: ToolLayer): ServerConfig | undefined {
    return this.#set.configOf(layer);
  }

  /**
   * What a question waits for before its model starts (each wait raced with `stopped`): servers
   * still connecting, at most `waitMs` (default 10 s); then the sign-ins servers want, each answered (no
   * timeout: a person is reading), and the servers signed in connecting.
   */
  async ready(signal: AbortSignal, stopped: Promise<unknown>, waitMs = DEFAULT_SERVER_WAIT_MS): Promise<void> {
    this.#set.retrySignIns();
    await Promise.race([this.#set.settled(waitMs), stopped]);
    // A server that asked for a sign-in records it once the chunk is there: waiting for the same
    // load comes after its own wait, so its request is counted.
    const prompts = this.#set.statuses.some((s) => s.state === 'sign-in') ? await this.#loadPrompts().catch(() => undefined) : this.#prompts;
    if (prompts?.signIns.pending) {
      await prompts.signIns.ask(signal);
      await Promise.race([this.#set.settled(waitMs), stopped]);
    }
  }

  /** Cancels the servers' open questions to the person (Stop, `clear()`). */
  cancelQuestions(): void {
    this.#prompts?.elicitations.cancelAll();
  }

  /** Closes every connection. */
  closeAll(): void {
    this.#set.closeAll();
  }
}
