/**
 * The starter questions the element shows before the first question (in the lazy views chunk,
 * `../views.ts`, loaded when the page is idle: the first load holds only the `suggestions` property
 * and the line of the template that draws them).
 *
 * Shown while the transcript is empty, no question runs and the element is not `readonly`; drawn
 * again at each render of the element, so a server that becomes ready, a new `lang` or new
 * `suggestions` change it at once. What is offered is chosen by `session/starter-questions.ts`. Elements
 * the page puts in the `suggestions` slot replace the built-in list (under the same label, shown
 * and hidden by the same rules): a click on one asks its `data-question`, else its text.
 *
 * Picking one (a click, or Enter or Space on the focused button) fires `autoui-suggestion`
 * (cancelable); not canceled, the element asks the question, and the focus, which was on a
 * button that goes away with the list, moves to the composer. Questions are server or page text:
 * Lit writes them as text, never as markup.
 */
import {css, html, nothing} from 'lit';
import {resolveLanguage} from '../../policy/language.js';
import type {AgentSession} from '../../session/agent-session.js';
import {emit, type SuggestionDetail} from '../events.js';
import {chooseStarterQuestions, type StarterQuestion} from '../../session/starter-questions.js';
import {STARTER_QUESTIONS_STRINGS} from './starter-questions-strings.js';

/** What the list needs of its element. */
export interface StarterQuestionsHost extends HTMLElement {
  readonly session: AgentSession;
  readonly readonly: boolean;
  /** The page's own questions; undefined: the recipes' are offered. */
  readonly suggestions?: readonly string[];
  readonly language: 'fr' | 'en';
  readonly renderRoot: HTMLElement | DocumentFragment;
  ask(question: string): Promise<unknown>;
  requestUpdate(): void;
}

/** The list's styles (in the template: the element's first load carries none of them). Logical properties only: right to left works as is. */
const styles = css`
  .starters { display: grid; gap: var(--_space-s); min-width: 0; }
  .starters[hidden] { display: none; }
  .label { margin: 0; font-size: 0.85em; font-weight: 600; color: var(--_color-muted); }
  .items { display: flex; flex-wrap: wrap; gap: var(--_space-s); min-width: 0; }
  .list {
    flex: 1 1 100%; min-width: 0; display: grid; gap: var(--_space-s); margin: 0; padding: 0; list-style: none;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
  }
  .list li { display: flex; min-width: 0; }
  .starter {
    flex: 1; min-width: 0; box-sizing: border-box; margin: 0; cursor: pointer;
    padding-block: var(--_space-s); padding-inline: var(--_space-m);
    font: inherit; font-size: 0.9em; line-height: 1.35; text-align: start; overflow-wrap: anywhere;
    color: var(--_color-on-surface); background: var(--_color-surface-variant);
    border: 1px solid var(--_color-border); border-radius: var(--_radius);
    transition: background-color 0.15s, border-color 0.15s;
  }
  .starter:hover { background: var(--_color-accent-soft); border-color: var(--_color-accent); }
  .starter:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) { .starter { transition: none; } }
`;

/**
 * One element's starter questions: the list, or nothing while it is not to be shown. A function
 * of the element's state at each render, with nothing kept between two.
 */
export function starterQuestionsView(host: StarterQuestionsHost) {
  const session = host.session;
  if (host.readonly || session.running || session.transcript.length) return nothing;
  const page = Array.isArray(host.suggestions) ? host.suggestions : undefined;
  const locale = resolveLanguage(host.getAttribute('lang'), document.documentElement.lang).locale;
  const starters = chooseStarterQuestions({page, layers: session.layers, locale});
  const slotted = !!host.querySelector(':scope > [slot="suggestions"]');
  // The slot stays in the template while the list is empty, so that elements the page slots in
  // later show it (the label appears with the first, and goes with the last: a render each time).
  return html`<style>${styles.cssText}</style>
    <div part="suggestions" class="starters" role="group" aria-labelledby="starters-label" ?hidden=${!starters.length && !slotted}>
      <p id="starters-label" class="label">${STARTER_QUESTIONS_STRINGS[host.language].label}</p>
      <div class="items">
        <slot name="suggestions" @click=${(event: Event) => slottedClick(host, event)} @slotchange=${() => host.requestUpdate()}>
          <ul class="list">
            ${starters.map((starter) => html`<li><button part="suggestion" class="starter" type="button" dir="auto" @click=${() => pick(host, starter)}>${starter.question}</button></li>`)}
          </ul>
        </slot>
      </div>
    </div>`;
}

/** Fires `autoui-suggestion`; not canceled, asks the question. */
function pick(host: StarterQuestionsHost, {question, source, server, recipe}: StarterQuestion): void {
  if (host.session.running) return;
  const detail: SuggestionDetail = {question, source, ...(server ? {server} : {}), ...(recipe ? {recipe} : {})};
  if (!emit(host, 'autoui-suggestion', detail, true)) return;
  const focused = host.matches(':focus-within');
  void host.ask(question).catch(() => {
    // A failure is told by the run's events and the transcript.
  });
  if (focused) host.renderRoot.querySelector<HTMLElement>('autoui-composer')?.focus();
}

/**
 * A click in an element the page slotted: the nearest button or `[data-question]` from the
 * clicked node up to the slotted element asks its `data-question`, else its text. Clicks on the
 * built-in list (the slot's fallback) pass through: its buttons answer for themselves.
 */
function slottedClick(host: StarterQuestionsHost, event: Event): void {
  const slot = event.currentTarget as HTMLSlotElement;
  const path = event.composedPath();
  const top = path.findIndex((node) => node instanceof Element && node.assignedSlot === slot);
  if (top < 0) return;
  const chosen = path
    .slice(0, top + 1)
    .find((node): node is HTMLElement => node instanceof HTMLElement && (node.hasAttribute('data-question') || node.localName === 'button' || node.getAttribute('role') === 'button'));
  const question = (chosen?.dataset.question ?? chosen?.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (question) pick(host, {question, source: 'page'});
}
