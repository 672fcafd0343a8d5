/**
 * The approval card of the built-in transcript: before a call that needs a person's yes, the
 * server, the tool's title and its arguments in readable form (long ones folded), with **Allow
 * once**, **Always allow this tool** and **Deny** as buttons (Escape denies). Once answered, or
 * when a page answers in its own UI, the entry is one line saying how it stands.
 *
 * Every text on the card (title, names, arguments) came from a server or a model: it is rendered
 * as text, never as HTML, and nothing on it can answer for the person. It comes with the element's
 * engine chunk (a person is only asked during a question, after that chunk has loaded); its styles
 * are in the transcript's sheet (approval-card.styles.ts).
 */
import {html, nothing, type TemplateResult} from 'lit';
import type {ApprovalDecision} from '../agent/approval.js';
import type {ApprovalResponder, ApprovalState} from '../session/session-approvals.js';
import type {TranscriptEntry} from '../session/transcript.js';
import type {Strings} from './strings.js';

type ApprovalEntry = Extract<TranscriptEntry, {kind: 'approval'}>;

/** One argument as the card shows it. */
export interface ReadableArgument {
  key: string;
  /** The value as text: strings as they are, the rest as indented JSON. */
  text: string;
  /** True when the value is long enough to be folded. */
  long: boolean;
}

/** Characters (or lines) past which a value is folded behind its first words. */
const FOLD_CHARS = 120;
const FOLD_LINES = 3;
/** A value is shown up to this many characters: a card is for reading, not for megabytes. */
const MAX_CHARS = 4000;
/** Arguments beyond this many are summarised in one line. */
const MAX_ARGUMENTS = 20;

/** The arguments of a call as a person reads them, in the order the model gave them. */
export function readableArguments(args: Record<string, unknown>): ReadableArgument[] {
  return Object.entries(args ?? {}).map(([key, value]) => {
    let text: string;
    if (typeof value === 'string') text = value;
    else {
      try {
        text = JSON.stringify(value, null, 2) ?? String(value);
      } catch {
        text = String(value);
      }
    }
    if (text.length > MAX_CHARS) text = `${text.slice(0, MAX_CHARS)}…`;
    return {key, text, long: text.length > FOLD_CHARS || text.split('\n').length > FOLD_LINES};
  });
}

/**
 * One approval entry: the card when this view answers it (`respond` given), else a line.
 * `index` makes the card's ids unique in the transcript.
 */
export function approvalEntry(entry: ApprovalEntry, index: number, s: Strings, respond: ApprovalResponder | undefined): TemplateResult {
  const {request, state} = entry;
  const where = `${request.server} · ${request.tool}`;
  if (state !== 'pending' || !respond) {
    return html`<li part="approval-status" class="approval-line ${state}" dir="auto">${stateMark(state)} ${stateText(state, s)}: ${request.title} (${where})</li>`;
  }
  const args = readableArguments(request.args);
  const shown = args.slice(0, MAX_ARGUMENTS);
  const answer = (decision: ApprovalDecision) => () => respond(decision);
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    respond('deny');
  };
  // The group is inside the item: a list item keeps its role, so the list stays a list.
  return html`<li><div part="approval" class="approval" role="group" tabindex="-1" data-approval=${request.id}
    aria-labelledby="approval-${index}-title" aria-describedby="approval-${index}-where" @keydown=${onKeydown}>
    <h3 id="approval-${index}-title" dir="auto">${s.approvalAsk} ${request.title}</h3>
    <p class="where" id="approval-${index}-where" dir="auto">${s.approvalServer} ${where}</p>
    ${shown.length
      ? html`<dl aria-label=${s.approvalArguments}>
          ${shown.map((a) => html`<dt dir="auto">${a.key}</dt><dd dir="auto">${a.long ? html`<details><summary>${firstWords(a.text)}</summary>${a.text}</details>` : a.text}</dd>`)}
        </dl>`
      : html`<p class="none">${s.approvalNoArguments}</p>`}
    ${args.length > shown.length ? html`<p class="none">+${args.length - shown.length}</p>` : nothing}
    <div class="actions">
      <button type="button" part="approval-allow" class="allow" @click=${answer('allow')}>${s.allowOnce}</button>
      <button type="button" part="approval-always" @click=${answer('allow-always')}>${s.allowAlways}</button>
      <button type="button" part="approval-deny" @click=${answer('deny')}>${s.deny}</button>
    </div>
  </div></li>`;
}

const firstWords = (text: string) => `${text.replace(/\s+/g, ' ').slice(0, 60)}…`;

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

/** The card's renderer, as the transcript receives it once the engine has loaded. */
export type ApprovalView = typeof approvalEntry;
