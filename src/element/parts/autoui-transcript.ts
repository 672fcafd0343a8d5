import {LitElement, adoptStyles, css, html, nothing, type PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import type {ApprovalRequest} from '../../agent/approval.js';
import type {ApprovalResponder} from '../../session/session-approvals.js';
import {STRINGS, type Strings} from '../common/strings.js';
import type {ApprovalView, FileNoticeText, PromptEntry, PromptView} from '../common/transcript-views.js';
import {tokens} from '../../styles/tokens.js';
import {hasLongWord} from '../../styles/long-words.js';
import type {Notice, TranscriptEntry} from '../../session/transcript.js';
import type {ToolCall} from '../../agent/dispatcher.js';
import {groupToolCalls, toolGroup, toolGroupStyles, toolPill, type GroupedEntry} from './tool-group.js';

/** The parts of the cards that take focus when they appear. */
const CARD_PARTS = '[part="approval"], [part~="sign-in"], [part~="elicitation"]';

/**
 * The conversation of `<autoui-agent>`: questions, streamed answers (as text: model output is
 * never parsed as HTML), compact tool-call pills (consecutive calls as one line that opens to
 * them) and notices. A polite live region, so screen readers hear answers as they complete; it
 * scrolls, so it takes keyboard focus (arrow keys and Page Up/Down scroll it). Questions and
 * answers take their direction from their own text: an English answer on a right-to-left page
 * reads left to right.
 *
 * @csspart log - The scrolling live region around the list.
 * @csspart user - A question.
 * @csspart assistant - An answer.
 * @csspart tool-pill - One tool call: ✓ or ✗, the tool's name with its server (`atlas · browse_skills`), its time.
 * @csspart tool-group - Two or more consecutive tool calls: one line ("Used 4 tools ›") with their pills below it when open (a failed one always).
 * @csspart tool-group-toggle - The button of that line, which opens and closes the group (`aria-expanded`).
 * @csspart notice - A stop or error notice.
 * @csspart thinking - A model's thinking before its answer (a `<details>`, closed).
 * @csspart approval - The card asking the person to approve a tool call.
 * @csspart approval-allow - Its **Allow once** button.
 * @csspart approval-always - Its **Always allow this tool** button.
 * @csspart approval-deny - Its **Deny** button.
 * @csspart approval-status - An approval once answered (or answered by the page).
 * @csspart sign-in - The card asking the person to sign in to an MCP server.
 * @csspart elicitation - The card with an MCP server's question to the person.
 *
 * @tagname autoui-transcript
 */
export class AutouiTranscript extends LitElement {
  static override styles = [tokens, toolGroupStyles, css`
    :host { display: block; }
    .log { max-height: var(--autoui-transcript-max-height, 20rem); overflow-y: auto; }
    ol { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_space-s); }
    li { white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.45; }
    /* Text with a very long unbroken word: see styles/long-words.ts. */
    li.long-words { font-kerning: none; }
    .user { align-self: flex-end; background: var(--_color-accent-soft); color: var(--_color-on-surface); padding: 0.4rem 0.7rem;
      border-radius: var(--_radius); max-width: 85%; }
    .user.from-app { background: var(--_color-surface-variant); border: 1px dashed var(--_color-border); }
    .from { font-size: 0.85em; color: var(--_color-muted); }
    .thinking { font-size: 0.85em; color: var(--_color-muted); margin-bottom: 0.25rem; }
    .thinking summary { cursor: pointer; width: fit-content; }
    .by { display: block; margin-top: 0.25rem; font-size: 0.8em; color: var(--_color-muted); }
    .notice { font-size: 0.9em; color: var(--_color-muted); }
    .notice.error { color: var(--_color-danger); }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  `];

  /** The entries to show, oldest first. */
  @property({attribute: false}) entries: readonly TranscriptEntry[] = [];

  /** The language of its texts (the element's). */
  @property({attribute: false}) language: 'fr' | 'en' = 'fr';

  /**
   * The approvals this view answers, by request: they show as cards with buttons, below the log.
   * An approval the page answers in its own UI is not here, and shows as a line in the log.
   */
  @property({attribute: false}) approvals: ReadonlyMap<ApprovalRequest, ApprovalResponder> = new Map();

  /** Renders approval entries; given by the host once its engine has loaded (before any question runs). */
  @property({attribute: false}) approvalView?: ApprovalView;

  /** Renders sign-in and elicitation entries; given by the host once their cards have loaded. */
  @property({attribute: false}) promptView?: PromptView;

  /** Words the `file` notices; given by the host with the transcript's chunk. */
  @property({attribute: false}) fileNoticeText?: FileNoticeText;

  /** Requests whose card has taken focus, so each takes it once. */
  readonly #focused = new WeakSet<object>();
  /** Whether focus was on a card when this update started (it must not fall to the page when the card goes). */
  #focusWasOnCard = false;
  /** The groups of tool calls the person opened, by their first call (a group keeps it as it grows). */
  readonly #openGroups = new WeakSet<ToolCall>();
  /** Set when the person opened or closed a group: an update for that alone must not scroll the log. */
  #toggled = false;

  override render() {
    const s = STRINGS[this.language];
    const view = this.approvalView;
    // A waiting card is outside the live log, which only says that a question waits (its title):
    // the log does not read every argument aloud. The log holds answered approvals as lines.
    const cards = view
      ? this.entries.flatMap((entry, index) => {
          const respond = entry.kind === 'approval' && entry.state === 'pending' ? this.approvals.get(entry.request) : undefined;
          return respond && entry.kind === 'approval' ? [view.card(entry, index, s, respond)] : [];
        })
      : [];
    const prompts = this.promptView;
    const promptCards = prompts
      ? this.entries.flatMap((entry) => (isPrompt(entry) && entry.state === 'pending' ? [prompts.card(entry, s)].filter((c) => c !== undefined) : []))
      : [];
    // The live region wraps the list: `log` is not a role an <ol> may take, and the items stay a list.
    // Entries only ever grow at the end (or all go at clear()): plain mapping keeps each <li>
    // (a lone call's becomes its group's when a second call follows it).
    return html`<div part="log" class="log" role="log" aria-live="polite" aria-label=${s.transcript} tabindex="0">
        <ol>
          ${groupToolCalls(this.entries).map((entry) => this.#entry(entry, s))}
        </ol>
      </div>
      ${cards}${promptCards}`;
  }

  /** A model's thinking: closed until the person opens it, and apart from the answer (it is not one). */
  #thinking(thinking: string, s: Strings) {
    return html`<details part="thinking" class="thinking"><summary>${s.thinking}</summary><span dir="auto">${thinking}</span></details>`;
  }

  /** Opens or closes the group that starts with `first`. */
  #toggleGroup(first: ToolCall): void {
    if (this.#openGroups.has(first)) this.#openGroups.delete(first);
    else this.#openGroups.add(first);
    this.#toggled = true;
    this.requestUpdate();
  }

  #entry(entry: GroupedEntry, s: Strings) {
    switch (entry.kind) {
      case 'sign-in':
      case 'elicitation':
        return this.promptView?.line(entry, s) ?? nothing;
      case 'approval': {
        if (entry.state === 'pending' && this.approvals.has(entry.request)) {
          return html`<li class="visually-hidden" dir="auto">${s.approvalAsk} ${entry.request.title.slice(0, 120)}</li>`;
        }
        return this.approvalView?.line(entry, s) ?? nothing;
      }
      case 'user':
        // The label has its own dir, so `dir="auto"` reads the direction from the question alone.
        // A view's message is labelled as the view's, visibly: the person did not type it.
        if (entry.from) {
          return html`<li part="user from-app" class="user from-app${longWords(entry.text)}" dir="auto"
            ><span class="from" dir="ltr">${s.fromApp.replace('{tool}', entry.from.app.tool)}: </span>${entry.text}</li
          >`;
        }
        return html`<li part="user" class="user${longWords(entry.text)}" dir="auto"><span class="visually-hidden" dir="ltr">${s.you}: </span>${entry.text}</li>`;
      case 'assistant':
        return html`<li part="assistant" class="assistant${longWords(entry.text)}" dir="auto" aria-busy=${entry.streaming ? 'true' : 'false'}>${entry.thinking ? this.#thinking(entry.thinking, s) : nothing}${entry.text}${entry.by ? html`<small part="answered-by" class="by" dir="ltr">${answeredBy(entry.by, s)}</small>` : nothing}</li>`;
      case 'tool':
        return html`<li>${toolPill(entry.call)}</li>`;
      case 'tools': {
        const first = entry.calls[0];
        return toolGroup(entry.calls, this.#openGroups.has(first), () => this.#toggleGroup(first), s);
      }
      case 'notice': {
        const text = noticeText(entry, s, this.language, this.fileNoticeText);
        // An error is also an alert (on an inner span: a list item may not take that role).
        return html`<li part="notice" class="notice ${entry.level}${longWords(String(text))}" dir="auto">${entry.level === 'error' ? html`<span role="alert">${text}</span>` : text}</li>`;
      }
    }
  }

  /** True when nothing on the page has focus, or the element this transcript belongs to has it. */
  #focusIsOurs(): boolean {
    const active = document.activeElement;
    const root = this.getRootNode();
    const owner = root instanceof ShadowRoot ? root.host : this;
    return !active || active === document.body || active === owner || owner.contains(active);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The cards' styles come with their chunks: added to this root's own once they are there.
    if ((changed.has('promptView') || changed.has('approvalView')) && this.shadowRoot) {
      const cards = [...(this.approvalView?.styles ?? []), ...(this.promptView?.styles ?? [])];
      adoptStyles(this.shadowRoot, [...(this.constructor as typeof AutouiTranscript).elementStyles, ...cards]);
    }
    this.#focusWasOnCard = this.shadowRoot?.activeElement?.closest(CARD_PARTS) != null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const log = this.renderRoot.querySelector<HTMLElement>('.log');
    // Opening a group reads what is above the end: the log stays where the person is.
    const onlyToggled = this.#toggled && changed.size === 0;
    this.#toggled = false;
    if (log && !onlyToggled) log.scrollTop = log.scrollHeight;
    const card = this.renderRoot.querySelector<HTMLElement>(CARD_PARTS);
    const waiting = this.entries.find((e) => (e.kind === 'approval' && this.approvals.has(e.request)) || isPrompt(e) ? e.state === 'pending' : false);
    const request = waiting && (waiting.kind === 'approval' || isPrompt(waiting)) ? waiting.request : undefined;
    if (card && request && !this.#focused.has(request)) {
      // A new card takes focus once, so keyboard and screen-reader users land on the question;
      // not from a field elsewhere on the page, where a person's next keys are not for the card.
      this.#focused.add(request);
      if (this.#focusIsOurs()) card.focus();
    } else if (!card && this.#focusWasOnCard && !this.shadowRoot?.activeElement) {
      // The card was answered (here, by the page or by Stop): focus stays in the conversation.
      log?.focus();
    }
  }
}

const isPrompt = (entry: TranscriptEntry): entry is PromptEntry => entry.kind === 'sign-in' || entry.kind === 'elicitation';

/** A notice in the element's words: the session says what happened, the view says it. */
function noticeText(notice: Notice, s: Strings, language: 'fr' | 'en', fileText: FileNoticeText | undefined): string {
  switch (notice.reason) {
    case 'busy':
      return s.busy;
    case 'aborted':
      return s.aborted;
    case 'max_iterations':
      return s.maxIterations;
    case 'max_tokens':
      return s.maxTokens;
    case 'error':
      return `${s.errorPrefix}${notice.message ?? ''}`;
    case 'storage':
      return `${s.storagePrefix}${notice.message ?? ''}`;
    case 'app':
      return notice.message ?? '';
    case 'restored':
      return restoredText(notice, s);
    case 'file':
      return fileText?.(notice, s, language) ?? notice.message ?? '';
    case 'trimmed':
      return s.trimmed.replace('{window}', String(notice.trimmed?.contextWindow ?? '?')).replace('{count}', String(notice.trimmed?.dropped ?? '?'));
  }
}

/** "Restored from your last visit (3 widgets; left out: map, foo)." */
function restoredText(notice: Notice, s: Strings): string {
  const restored = notice.restored;
  const lead = restored?.source === 'local' ? s.restoredLocal : restored?.source === 'share' ? s.restoredShare : s.restoredSnapshot;
  const count = restored?.widgets ?? 0;
  const widgets = count === 1 ? s.oneWidget : s.manyWidgets.replace('{count}', String(count));
  const dropped = restored?.dropped.length ? `; ${s.restoredDropped.replace('{types}', [...new Set(restored.dropped)].slice(0, 8).join(', '))}` : '';
  return `${lead} (${widgets}${dropped}).`;
}

/** The class of a transcript line whose text has a very long unbroken word (see styles/long-words.ts). */
const longWords = (text: string) => (hasLongWord(text) ? ' long-words' : '');

/** "This browser's model" or the local model's file name: who wrote an answer on the device. */
function answeredBy(by: {provider: string; id: string}, s: Strings): string {
  if (by.provider === 'browser') return s.byBrowserModel;
  const file = by.id.slice(by.id.lastIndexOf('/') + 1).split(/[?#]/)[0] || by.id;
  return s.byLocalModel.replace('{model}', file);
}
