/**
 * A sign-in or a server's question once it is no longer a card (answered, or answered by the
 * page in its own UI), as one line of the conversation, like an answered approval: a mark, what
 * became of it, and which server. The server's name came from the page's markup or the server:
 * rendered as text, hidden characters revealed.
 */
import {html, type TemplateResult} from 'lit';
import type {ElicitationState} from '../../session/session-elicitations.js';
import type {SignInState} from '../../session/session-sign-ins.js';
import {revealHidden} from '../common/reveal-hidden.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

/** The line of a sign-in in state `state`. Parts: `sign-in-status`, classed by state. */
export function signInLine(server: string, state: SignInState, s: Strings): TemplateResult {
  const text = {
    pending: s.signInLinePending,
    'signed-in': s.signInLineDone,
    later: s.signInLineLater,
    failed: s.signInLineFailed,
    stopped: s.signInLineStopped,
  }[state];
  const mark = state === 'signed-in' ? '✓' : state === 'pending' ? '…' : '✗';
  return html`<li part="sign-in-status" class="prompt-line ${state}" dir="auto">${mark} ${text.replace('{server}', revealHidden(server))}</li>`;
}

/** The line of a server's question in state `state`. Parts: `elicitation-status`, classed by state. */
export function elicitationLine(server: string, state: ElicitationState, s: Strings): TemplateResult {
  const text = {pending: s.elicitLinePending, accepted: s.elicitLineAccepted, declined: s.elicitLineDeclined, cancelled: s.elicitLineCancelled}[state];
  const mark = state === 'accepted' ? '✓' : state === 'pending' ? '…' : '✗';
  return html`<li part="elicitation-status" class="prompt-line ${state}" dir="auto">${mark} ${text.replace('{server}', revealHidden(server))}</li>`;
}
