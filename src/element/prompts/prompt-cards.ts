/**
 * How the built-in transcript shows what servers ask of the person: the sign-in and elicitation
 * cards while they wait, a line once settled. Loaded with the first such question (a lazy chunk:
 * pages whose servers never ask pay nothing for it).
 */
import {signInCard} from './sign-in-card.js';
import {elicitationCard} from './elicitation-card.js';
import {elicitationLine, signInLine} from './prompt-lines.js';
import type {PromptEntry, PromptView} from '../common/transcript-views.js';
import type {Strings} from '../common/strings.js';
import {promptStringsFor} from './prompt-strings.js';
import {openSignInWindow} from './sign-in-host.js';
import {elicitationStyles} from './elicitation-card.styles.js';
import {promptLineStyles, signInStyles} from './sign-in-card.styles.js';
import type {ElicitationAnswer} from '../../mcp/index.js';
import type {ElicitationPrompt} from '../../session/session-elicitations.js';
import type {SignInRequest} from '../../session/session-sign-ins.js';
import {PromptCardState, type CardStateHost} from './prompt-card-state.js';

/** What the cards read and do: their state (`prompt-card-state.ts`). */
export interface PromptActions {
  readonly signIns: ReadonlyMap<SignInRequest, {state: 'asking' | 'waiting'}>;
  readonly elicitations: ReadonlyMap<ElicitationPrompt, unknown>;
  signIn(request: SignInRequest, open: typeof openSignInWindow): void;
  later(request: SignInRequest): void;
  cancel(request: SignInRequest): void;
  answer(request: ElicitationPrompt, answer: ElicitationAnswer): void;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The cards of `prompts` (the element's), as the transcript renders them. */
export function promptView(prompts: PromptActions): PromptView {
  return {
    styles: [elicitationStyles, signInStyles, promptLineStyles],
    card(entry: PromptEntry, elementStrings: Strings) {
      const s = promptStringsFor(elementStrings);
      if (entry.kind === 'sign-in') {
        const card = prompts.signIns.get(entry.request);
        if (!card) return undefined;
        const {request} = entry;
        return signInCard({id: request.id, server: request.server, serverHost: hostOf(request.serverUrl), ...(request.issuer ? {issuer: request.issuer} : {}), state: card.state}, s, {
          signIn: () => prompts.signIn(request, openSignInWindow),
          later: () => prompts.later(request),
          cancel: () => prompts.cancel(request),
        });
      }
      if (!prompts.elicitations.has(entry.request)) return undefined;
      return elicitationCard(entry.request, s, (answer) => prompts.answer(entry.request, answer));
    },
    line(entry: PromptEntry, elementStrings: Strings) {
      const s = promptStringsFor(elementStrings);
      return entry.kind === 'sign-in' ? signInLine(entry.request.server, entry.state, s) : elicitationLine(entry.request.server, entry.state, s);
    },
  };
}

/** The cards of one element: their state, and the view the transcript draws them with. */
export function promptCards(host: CardStateHost): {state: PromptCardState; view: PromptView} {
  const state = new PromptCardState(host);
  return {state, view: promptView(state)};
}
