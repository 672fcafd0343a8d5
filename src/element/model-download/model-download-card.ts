/**
 * The card that asks before a model is downloaded to run in the browser, and then shows the
 * download (the card's lazy chunk: only a page whose model must be downloaded loads it). It says
 * what the model is (for a local model: its file, size and host) and that nothing leaves the
 * device; **Download** starts it from the person's click (the browser lets a page start its own
 * model's download only then), **Not now** or Escape declines. While the model downloads, a
 * progress bar takes the card's place, with the bytes and the time left, and **Cancel** for a
 * local model.
 */
import {css, html, nothing, type TemplateResult} from 'lit';
import type {ModelDownloadAbout} from '../../providers/model-download.js';
import {focusOnArrival} from '../common/card-focus.js';
import {sizeText} from '../common/size-text.js';
import type {ModelDownloadStrings} from './model-download-strings.js';

/** What the card shows. */
export type ModelDownloadView =
  | {kind: 'asking'; key: string; about: ModelDownloadAbout}
  | {kind: 'downloading'; loaded: number; total: number; about: ModelDownloadAbout; startedAt: number};

/** What the person can do on the card. */
export interface ModelDownloadActions {
  /** Download (true) or not (false). */
  answer(yes: boolean): void;
  /** Stops a download under way. */
  cancel(): void;
}

/** The card's styles, adopted by the element's shadow root when the chunk arrives. */
export const modelDownloadStyles = css`
  .model-download { margin: var(--_space-s) 0; border: 1px solid var(--_color-accent); border-radius: var(--_radius);
    padding: var(--_space-s) var(--_space-m); background: var(--_color-surface); color: var(--_color-on-surface); }
  .model-download:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: -2px; }
  .model-download h3 { font-size: 1em; margin: 0 0 0.25rem; }
  .model-download p { margin: 0 0 0.5rem; }
  .model-download .actions { display: flex; flex-wrap: wrap; gap: var(--_space-s); }
  .model-download button { font: inherit; padding: 0.35rem 0.8rem; border-radius: var(--_radius); cursor: pointer;
    border: 1px solid var(--_color-border); background: var(--_color-surface); color: var(--_color-on-surface); }
  .model-download button.accept { background: var(--_color-accent); color: var(--_color-on-accent); border-color: transparent; }
  .model-download button:focus-visible { outline: 2px solid var(--_color-accent); outline-offset: 2px; }
  .model-download progress { width: 100%; }
`;

/** The card for `view`, in `language`. */
export function modelDownloadCard(view: ModelDownloadView, s: ModelDownloadStrings, language: 'fr' | 'en', actions: ModelDownloadActions): TemplateResult {
  const answer = actions.answer;
  const local = view.about.provider === 'local';
  if (view.kind === 'downloading') {
    const percent = view.total > 0 ? Math.round((100 * view.loaded) / view.total) : 0;
    return html`<div part="model-download" class="model-download">
      <p role="status">${s.downloading} (${percent} %)${local && view.total > 1 ? html`<br /><span part="model-download-bytes">${s.progress(sizeText(view.loaded, language), sizeText(view.total, language), timeLeft(view, language))}</span>` : nothing}</p>
      <progress part="model-download-progress" value=${view.loaded} max=${view.total} aria-label=${s.downloading}></progress>
      ${local ? html`<div class="actions"><button type="button" part="model-download-cancel" @click=${() => actions.cancel()}>${s.cancel}</button></div>` : nothing}
    </div>`;
  }
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    answer(false);
  };
  return html`<div part="model-download" class="model-download" role="group" tabindex="-1" aria-labelledby="model-download-title"
    aria-describedby="model-download-body" @keydown=${onKeydown} ${focusOnArrival(view.key)}>
    <h3 id="model-download-title">${local ? s.localTitle : s.title}</h3>
    <p id="model-download-body">${local ? s.localBody(view.about.name ?? view.about.model, view.about.bytes ? sizeText(view.about.bytes, language) : '', view.about.host ?? '') : s.body}</p>
    <div class="actions">
      <button type="button" part="model-download-accept" class="accept" @click=${() => answer(true)}>${s.download}</button>
      <button type="button" part="model-download-decline" @click=${() => answer(false)}>${s.notNow}</button>
    </div>
  </div>`;
}

/** "40 s", "3 min": the time left at the rate so far, once a second has passed; empty before. */
function timeLeft(view: Extract<ModelDownloadView, {kind: 'downloading'}>, language: 'fr' | 'en'): string {
  const elapsed = (Date.now() - view.startedAt) / 1000;
  if (elapsed < 1 || view.loaded <= 0 || view.loaded >= view.total) return '';
  const seconds = ((view.total - view.loaded) * elapsed) / view.loaded;
  const [value, unit] = seconds < 90 ? [Math.max(1, Math.round(seconds)), 'second'] : [Math.round(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, {style: 'unit', unit, unitDisplay: 'short'}).format(value);
}
