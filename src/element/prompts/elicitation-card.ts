/**
 * The card of a server's question to the person (MCP elicitation), drawn by the transcript the
 * way it draws approval cards: the same look and keyboard rules (focus moves to the card when it
 * appears, Escape cancels, Tab reaches every field and button).
 *
 * - **Form mode**: the server's message and its requested fields, each with a `<label>`, its
 *   description tied by `aria-describedby`, and its error (`aria-invalid`, plus a live summary);
 *   **Submit**, **Decline**, **Cancel**. A schema outside MCP's flat subset is not drawn: the card
 *   says so and offers Decline and Cancel only. So does a question past a size limit, in either
 *   mode (`mcp/elicitation-limits.ts`): it says which limit, and shows the message cut short.
 * - **URL mode**: the server's message, the URL's host in large type and the full URL as text;
 *   **Open {host}**, **Decline**, **Cancel**. The URL opens (a new tab, without opener or referrer)
 *   only on the person's click and only when it is http(s); the card then waits, with **Done**
 *   (accept) and **Cancel**. A URL with a user name before its host (`https://bank.example@evil.example/`)
 *   is not offered: the card names its real host and offers Decline and Cancel.
 *
 * Everything on the card that came from the server (its message, labels, descriptions, option
 * names, the URL) is rendered as text, never as HTML, with characters that hide or reorder text
 * shown as escapes. Defaults fill the fields, but nothing a server sends submits the form: only
 * the person's click (or Enter, or Space) on Submit does; Enter inside a field does not.
 */
import {html, nothing, type TemplateResult} from 'lit';
import {ifDefined} from 'lit/directives/if-defined.js';
import {live} from 'lit/directives/live.js';
import {httpUrl} from '../../policy/url-rules.js';
import {revealHidden} from '../common/reveal-hidden.js';
import {focusOnArrival} from '../common/card-focus.js';
import {initialValue, readContent} from './elicitation-content.js';
import type {ElicitationField, ElicitationForm} from '../../mcp/elicitation-form.js';
import {readElicitationSchema} from '../../mcp/elicitation-schema.js';
import {messageOversize} from '../../mcp/elicitation-limits.js';
import {shortText, tooLargeText, userinfoRefusal} from './elicitation-too-large.js';
import {inputKind} from './elicitation-input-kind.js';
import {CardStore, liveCard} from '../common/live-card.js';
import type {PromptStrings as Strings} from './prompt-strings.js';

/** A server's question, as the card needs it (the session's `ElicitationPrompt` is one). */
export interface ElicitationCardEntry {
  /** Unique to this question: what the card's state (what the person typed) is kept under. */
  id: string;
  /** The server's name. */
  server: string;
  mode: 'form' | 'url';
  /** The server's message to the person (plain text). */
  message: string;
  /** Form mode: the server's `requestedSchema`. */
  schema?: Record<string, unknown>;
  /** URL mode: the page the server asks the person to open. */
  url?: string;
}

/** The person's answer: `content` only with `accept` in form mode. */
export interface ElicitationCardAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** A message this long or longer scrolls inside the card (and so takes Tab, to be scrolled by keys). */
const LONG_MESSAGE = 400;
/** A URL that is not opened is shown this far: enough to see what it was. */
const SHOWN_REFUSED_URL = 300;

/** What the card remembers between renders: the fields as typed, the errors, the URL's phase. */
class ElicitationCardState extends CardStore {
  readonly form: ElicitationForm;
  readonly values: Record<string, string | boolean | string[]>;
  errors: Record<string, string> = {};
  summary = '';
  opened = false;
  answered = false;

  constructor(entry: ElicitationCardEntry) {
    super();
    // Sizes first, in either mode: a question past a limit is never drawn (elicitation-limits.ts).
    const over = messageOversize(entry.message);
    this.form = over
      ? {ok: false, refusal: {reason: 'too-large', message: 'the message is too long', over}}
      : entry.mode === 'form'
        ? readElicitationSchema(entry.schema)
        : {ok: false, refusal: {reason: 'not-an-object', message: 'URL mode'}};
    this.values = this.form.ok ? Object.fromEntries(this.form.fields.map((f) => [f.key, initialValue(f)])) : {};
  }
}

/** Questions' states by id, the most recent ones (a card lives for one question of a session). */
const states = new Map<string, ElicitationCardState>();
const REMEMBERED = 100;

function stateOf(entry: ElicitationCardEntry): ElicitationCardState {
  let state = states.get(entry.id);
  if (!state) {
    state = new ElicitationCardState(entry);
    states.set(entry.id, state);
    if (states.size > REMEMBERED) states.delete(states.keys().next().value!);
  }
  return state;
}

/** Ids in the transcript's shadow root: one number per card, since keys and ids come from servers. */
let serial = 0;
const domIds = new WeakMap<ElicitationCardState, string>();
const domId = (state: ElicitationCardState) => domIds.get(state) ?? (domIds.set(state, `elicitation-${++serial}`), domIds.get(state)!);

/**
 * The card of one question. `respond` is called at most once, with the person's answer; the
 * card keeps its state (what was typed, the errors) across renders under `entry.id`.
 */
export function elicitationCard(entry: ElicitationCardEntry, strings: Strings, respond: (answer: ElicitationCardAnswer) => void): TemplateResult {
  const state = stateOf(entry);
  const answer = (value: ElicitationCardAnswer) => {
    if (state.answered) return;
    // The state stays (bounded) until the card is gone: a render before the transcript takes the
    // card away must not show it afresh, with the defaults back and answerable again.
    state.answered = true;
    respond(value);
  };
  // A question too large is refused the same way in both modes: by formCard, which says why.
  const tooLarge = !state.form.ok && state.form.refusal.reason === 'too-large';
  const view = () => (entry.mode === 'url' && !tooLarge ? urlCard(entry, state, strings, answer) : formCard(entry, state, strings, answer));
  return html`${liveCard(state, view)}`;
}

type Answer = (value: ElicitationCardAnswer) => void;

/** The card's frame: title, message, body, actions; Escape cancels. */
function frame(entry: ElicitationCardEntry, state: ElicitationCardState, title: string, body: unknown, actions: unknown, answer: Answer): TemplateResult {
  const id = domId(state);
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    answer({action: 'cancel'});
  };
  const message = shortText(entry.message ?? '');
  const long = message.length >= LONG_MESSAGE;
  return html`<div part="elicitation" class="elicitation" role="group" tabindex="-1" data-mode=${entry.mode}
    aria-labelledby="${id}-title" aria-describedby="${id}-message" @keydown=${onKeydown} ${focusOnArrival(`elicitation:${entry.id}`)}>
    <h3 id="${id}-title" dir="auto">${title}</h3>
    <p id="${id}-message" class="message${long ? ' long' : ''}" dir="auto" tabindex=${ifDefined(long ? '0' : undefined)}>${message}</p>
    ${body}
    <div class="actions">${actions}</div>
  </div>`;
}

/** Form mode. */
function formCard(entry: ElicitationCardEntry, state: ElicitationCardState, s: Strings, answer: Answer): TemplateResult {
  const title = (entry.mode === 'url' ? s.elicitUrlTitle : s.elicitFormTitle).replace('{server}', revealHidden(entry.server));
  const {form} = state;
  if (!form.ok) {
    const {key, over} = form.refusal;
    const why = over ? tooLargeText(over, s) : key === undefined ? s.elicitUnsupported : s.elicitUnsupportedField.replace('{field}', revealHidden(key));
    return frame(entry, state, title, html`<p class="refused" dir="auto">${why}</p>`, declineAndCancel(s, answer), answer);
  }
  const id = domId(state);
  const submit = (event: Event) => {
    const result = readContent(form, state.values, s);
    if (result.ok) return answer({action: 'accept', content: result.content});
    state.errors = result.errors;
    const labels = form.fields.filter((f) => result.errors[f.key]).map((f) => revealHidden(f.label));
    state.summary = [labels.length ? s.elicitFix.replace('{fields}', labels.join(', ')) : '', result.formError ?? ''].filter(Boolean).join(' ');
    const card = (event.currentTarget as HTMLElement).closest('[part="elicitation"]');
    state.changed();
    // The person lands on the first answer to change; the summary is announced by the live region.
    (card?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null)?.focus();
  };
  const edited = (key: string, value: string | boolean | string[]) => {
    state.values[key] = value;
    if (state.errors[key] === undefined) return;
    // The message of a field goes as soon as the person changes it; the others stay until Submit.
    const {[key]: _fixed, ...rest} = state.errors;
    state.errors = rest;
    state.changed();
  };
  const fields = form.fields.map((field, index) => fieldView(field, `${id}-f${index}`, state.values[field.key], state.errors[field.key], s, edited));
  return frame(
    entry,
    state,
    title,
    html`${fields.length ? html`<div class="fields">${fields}</div>` : nothing}
      <p class="summary" role="alert" dir="auto">${state.summary}</p>`,
    html`<button type="button" part="elicitation-submit" class="primary" @click=${submit}>${s.elicitSubmit}</button>${declineAndCancel(s, answer)}`,
    answer,
  );
}

const declineAndCancel = (s: Strings, answer: Answer) =>
  html`<button type="button" part="elicitation-decline" @click=${() => answer({action: 'decline'})}>${s.elicitDecline}</button>
    <button type="button" part="elicitation-cancel" @click=${() => answer({action: 'cancel'})}>${s.elicitCancel}</button>`;

type Edited = (key: string, value: string | boolean | string[]) => void;

/** One field: its label, its control, its description and its error, tied together by ids. */
function fieldView(field: ElicitationField, id: string, value: unknown, error: string | undefined, s: Strings, edited: Edited): TemplateResult {
  const label = html`${revealHidden(field.label)}${field.required ? html` <span class="required">${s.elicitRequired}</span>` : nothing}`;
  const help = field.help ? html`<p id="${id}-help" class="help" dir="auto">${revealHidden(field.help)}</p>` : nothing;
  const problem = error ? html`<p id="${id}-error" class="error" dir="auto">${error}</p>` : nothing;
  const describedBy = [field.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? 'true' : 'false';
  const required = field.required ? 'true' : undefined;
  switch (field.kind) {
    case 'boolean':
      return html`<div class="field check">
        <input id=${id} type="checkbox" .checked=${live(value === true)} aria-invalid=${invalid} aria-describedby=${ifDefined(describedBy)}
          @change=${(e: Event) => edited(field.key, (e.target as HTMLInputElement).checked)} />
        <label for=${id} dir="auto">${label}</label>${help}${problem}
      </div>`;
    case 'select': {
      const chosen = typeof value === 'string' ? value : '';
      return html`<div class="field">
        <label for=${id} dir="auto">${label}</label>${help}
        <select id=${id} aria-invalid=${invalid} aria-required=${ifDefined(required)} aria-describedby=${ifDefined(describedBy)}
          @change=${(e: Event) => edited(field.key, (e.target as HTMLSelectElement).value)}>
          ${chosen === '' || !field.required ? html`<option value="" ?selected=${chosen === ''}>${s.elicitChoose}</option>` : nothing}
          ${field.options.map((o) => html`<option value=${o.value} ?selected=${o.value === chosen}>${revealHidden(o.label)}</option>`)}
        </select>${problem}
      </div>`;
    }
    case 'multiselect': {
      const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
      // The boxes as they are now (several may change between two renders), in the server's order.
      const toggle = (e: Event) => {
        const group = (e.target as HTMLElement).closest('fieldset');
        edited(field.key, field.options.filter((_, i) => group?.querySelector<HTMLInputElement>(`#${id}-o${i}`)?.checked).map((o) => o.value));
      };
      return html`<fieldset class="field" aria-describedby=${ifDefined(describedBy)}>
        <legend dir="auto">${label}</legend>${help}
        ${field.options.map(
          (o, i) => html`<div class="check">
            <input id="${id}-o${i}" type="checkbox" .checked=${live(chosen.has(o.value))} aria-invalid=${invalid} @change=${toggle} />
            <label for="${id}-o${i}" dir="auto">${revealHidden(o.label)}</label>
          </div>`,
        )}${problem}
      </fieldset>`;
    }
    case 'number':
    case 'text': {
      const {type, inputmode, autocomplete} = inputKind(field);
      const maxLength = field.kind === 'text' ? field.constraints.maxLength : undefined;
      return html`<div class="field">
        <label for=${id} dir="auto">${label}</label>${help}
        <input id=${id} type=${type} inputmode=${ifDefined(inputmode)} autocomplete=${autocomplete} maxlength=${ifDefined(maxLength)} dir="auto"
          .value=${live(typeof value === 'string' ? value : '')} aria-invalid=${invalid} aria-required=${ifDefined(required)} aria-describedby=${ifDefined(describedBy)}
          @input=${(e: Event) => edited(field.key, (e.target as HTMLInputElement).value)} />${problem}
      </div>`;
    }
  }
}

/** URL mode. */
function urlCard(entry: ElicitationCardEntry, state: ElicitationCardState, s: Strings, answer: Answer): TemplateResult {
  const server = revealHidden(entry.server);
  const title = s.elicitUrlTitle.replace('{server}', server);
  const url = httpUrl(entry.url);
  if (!url) {
    const shown = shortText(String(entry.url ?? ''), SHOWN_REFUSED_URL);
    return frame(entry, state, title, html`<p class="refused" dir="auto">${s.elicitUrlRefused}</p>${shown ? html`<p class="href" dir="ltr">${shown}</p>` : nothing}`, declineAndCancel(s, answer), answer);
  }
  const hidden = userinfoRefusal(url, s);
  if (hidden) {
    const body = html`<p class="refused" dir="auto">${hidden}</p><p class="href" dir="ltr">${shortText(url.href, SHOWN_REFUSED_URL)}</p>`;
    return frame(entry, state, title, body, declineAndCancel(s, answer), answer);
  }
  const open = (event: Event) => {
    // Checked again at the click: only ever an http(s) URL, in a tab that cannot reach this page.
    const target = httpUrl(url.href);
    if (!target || target.username || target.password || state.answered) return;
    window.open(target.href, '_blank', 'noopener,noreferrer');
    state.opened = true;
    const card = (event.currentTarget as HTMLElement).closest('[part="elicitation"]');
    state.changed();
    // The Open button is gone: the person lands on Done, the next thing to press.
    card?.querySelector<HTMLElement>('[part="elicitation-done"]')?.focus();
  };
  const where = html`<p class="site"><span class="label">${s.elicitUrlSite}</span> <strong class="host" dir="ltr">${url.host}</strong></p>
    <p class="full"><span class="label">${s.elicitUrlFull}</span> <span class="href" dir="ltr">${revealHidden(url.href)}</span></p>`;
  if (state.opened) {
    return frame(
      entry,
      state,
      title,
      html`${where}<p class="waiting" role="status" dir="auto">${s.elicitUrlWaiting.replace('{server}', server)}</p>`,
      html`<button type="button" part="elicitation-done" class="primary" @click=${() => answer({action: 'accept'})}>${s.elicitDone}</button>
        <button type="button" part="elicitation-cancel" @click=${() => answer({action: 'cancel'})}>${s.elicitCancel}</button>`,
      answer,
    );
  }
  return frame(
    entry,
    state,
    title,
    html`${where}<p class="hint" dir="auto">${s.elicitUrlNewTab}</p>`,
    html`<button type="button" part="elicitation-open" class="primary" @click=${open}>${s.elicitOpen.replace('{host}', url.host)}</button>${declineAndCancel(s, answer)}`,
    answer,
  );
}
