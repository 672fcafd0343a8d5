/**
 * The approval card of the built-in transcript: before a call that needs a person's yes, the
 * server (its name and host), the tool's title and every argument that would be sent, in readable
 * form, long ones folded (never cut: what a person approves is what they could read), with
 * **Allow once**, **Always allow this tool** and **Deny** as buttons (Escape denies). Once
 * answered, or when a page answers in its own UI, the approval is one line of the transcript.
 *
 * Every text on the card (title, names, arguments) came from a server or a model: it is rendered
 * as text, never as HTML; characters that hide or reorder text (bidi controls, zero-width ones)
 * are shown as escapes; and nothing on it can answer for the person. It comes with the element's
 * engine chunk (a person is only asked during a question, after that chunk has loaded), with its
 * styles, which the transcript adopts when the view arrives.
 */
import {html, nothing, type TemplateResult} from 'lit';
import type {ApprovalDecision, ApprovalRequest} from '../../agent/approval.js';
import type {ApprovalResponder, ApprovalState} from '../../session/session-approvals.js';
import {revealHidden} from '../common/reveal-hidden.js';
import type {Strings} from '../common/strings.js';
import type {ApprovalEntry, ApprovalView} from '../common/transcript-views.js';
import {approvalStyles} from './approval-card.styles.js';

/** One argument as the card shows it. */
export interface ReadableArgument {
  key: string;
  /** The value as text: a string in quotes (so `"5"` and `5` differ), the rest as indented JSON. */
  text: string;
  /** True when the value is long enough to be folded behind its first words. */
  long: boolean;
}

/** Characters (or lines) past which a value is folded. */
const FOLD_CHARS = 120;
const FOLD_LINES = 3;
/** Arguments shown open; the others are behind one more fold, all of them there. */
const OPEN_ARGUMENTS = 12;
/** A title longer than this is cut: it names the tool, the arguments are what is sent. */
const TITLE_CHARS = 120;

/** The arguments of a call as a person reads them, all of them, in the order the model gave them. */
export function readableArguments(args: Record<string, unknown>): ReadableArgument[] {
  return Object.entries(args ?? {}).map(([key, value]) => {
    let text: string;
    if (typeof value === 'string') text = `"${value}"`;
    else {
      try {
        text = JSON.stringify(value, null, 2) ?? String(value);
      } catch {
        text = String(value);
      }
    }
    text = revealHidden(text);
    return {key: revealHidden(key), text, long: text.length > FOLD_CHARS || text.split('\n').length > FOLD_LINES};
  });
}

/** An approval as one line: how it stands (answered, or waiting for the page's own prompt). */
function approvalLine(entry: ApprovalEntry, s: Strings): TemplateResult {
  const {request, state} = entry;
  const from = request.from ? ` · ${s.approvalFromApp.replace('{tool}', request.from.app.tool)}` : '';
  return html`<li part="approval-status" class="approval-line ${state}" dir="auto">${stateMark(state)} ${stateText(state, s)}: ${titleOf(request)} (${request.server} · ${request.tool})${from}</li>`;
}

/** The card asking the person; `index` makes its ids unique in the transcript. */
function approvalCard(entry: ApprovalEntry, index: number, s: Strings, respond: ApprovalResponder): TemplateResult {
  const {request} = entry;
  const args = readableArguments(request.args);
  const open = args.slice(0, OPEN_ARGUMENTS);
  const folded = args.slice(OPEN_ARGUMENTS);
  const answer = (decision: ApprovalDecision) => () => respond(decision);
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    respond('deny');
  };
  const host = hostOf(request.serverUrl);
  return html`<div part="approval" class="approval" role="group" tabindex="-1"
    aria-labelledby="approval-${index}-title" aria-describedby="approval-${index}-where" @keydown=${onKeydown}>
    <h3 id="approval-${index}-title" dir="auto">${s.approvalAsk} ${titleOf(request)}</h3>
    <p class="where" id="approval-${index}-where" dir="auto">${s.approvalServer} ${request.server}${host ? ` (${host})` : ''} · ${request.tool}</p>
    ${request.from ? html`<p class="from" dir="auto">${s.approvalFromApp.replace('{tool}', request.from.app.tool)}</p>` : nothing}
    ${args.length
      ? html`<dl aria-label=${s.approvalArguments}>${open.map(argument)}</dl>
          ${folded.length ? html`<details><summary>${s.approvalMoreArguments.replace('{count}', String(folded.length))}</summary><dl>${folded.map(argument)}</dl></details>` : nothing}`
      : html`<p class="none">${s.approvalNoArguments}</p>`}
    <div class="actions">
      <button type="button" part="approval-allow" class="allow" @click=${answer('allow')}>${s.allowOnce}</button>
      <button type="button" part="approval-always" @click=${answer('allow-always')}>${s.allowAlways}</button>
      <button type="button" part="approval-deny" @click=${answer('deny')}>${s.deny}</button>
    </div>
  </div>`;
}

/** What the transcript renders approvals with, once the engine has loaded. */
export const approvalView: ApprovalView = {styles: [approvalStyles], line: approvalLine, card: approvalCard};

const argument = (a: ReadableArgument) =>
  html`<dt dir="auto">${a.key}</dt><dd dir="auto">${a.long ? html`<details><summary>${firstWords(a.text)}</summary><div class="full" tabindex="0">${a.text}</div></details>` : a.text}</dd>`;

const firstWords = (text: string) => `${text.replace(/\s+/g, ' ').slice(0, 60)}…`;

const titleOf = (request: ApprovalRequest) => {
  const title = revealHidden(request.title);
  return title.length > TITLE_CHARS ? `${title.slice(0, TITLE_CHARS)}…` : title;
};

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

const stateMark = (state: ApprovalState) => (state === 'allowed' || state === 'allowed-always' ? '✓' : state === 'pending' ? '…' : '✗');

function stateText(state: ApprovalState, s: Strings): string {
  switch (state) {
    case 'pending':
      return s.approvalWaiting;
    case 'allowed':
      return s.approvalAllowed;
    case 'allowed-always':
      return s.approvalAllowedAlways;
    case 'denied':
      return s.approvalDenied;
    case 'stopped':
      return s.approvalStopped;
  }
}
