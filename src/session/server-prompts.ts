/**
 * What servers ask of the person, made when a server first asks: the sign-ins a server waits for
 * (`SessionSignIns`) and its questions (elicitation, `SessionElicitations`), each a card in the
 * transcript. A chunk of its own, so a page's first load does without it.
 */
import type {Conversation} from './conversation.js';
import {SessionElicitations} from './session-elicitations.js';
import type {AgentSessionOptions} from './session-options.js';
import {SessionSignIns} from './session-sign-ins.js';

/** One session's sign-ins and servers' questions. */
export interface ServerPrompts {
  signIns: SessionSignIns;
  elicitations: SessionElicitations;
}

/** Makes the sign-ins and questions of the session whose conversation this is. */
export function serverPrompts(conversation: Conversation, hooks: Pick<AgentSessionOptions, 'askElicitation'>): ServerPrompts {
  return {
    signIns: new SessionSignIns({
      shown: (request, respond) => void conversation.cardAsked({kind: 'sign-in', request, state: 'pending'}, {type: 'sign-in', request, respond}),
      settled: (request, state) => conversation.cardSettled({kind: 'sign-in', request, state}, {type: 'sign-in-settled', id: request.id, request, state}),
    }),
    elicitations: new SessionElicitations({
      asked: (request, respond) => conversation.cardAsked({kind: 'elicitation', request, state: 'pending'}, {type: 'elicitation', request, respond}),
      settled: (request, state) => conversation.cardSettled({kind: 'elicitation', request, state}, {type: 'elicitation-settled', id: request.id, request, state}),
      askElicitation: () => hooks.askElicitation,
    }),
  };
}
