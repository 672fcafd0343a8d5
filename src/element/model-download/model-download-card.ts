/**
 * The card that asks before the browser downloads its model, and then shows the download (the
 * card's lazy chunk: only a page on `provider="browser"` whose browser lacks the model loads it).
 * It says what the model is and that nothing leaves the device; **Download** starts it from the
 * person's click (the browser lets a page start a download only then), **Not now** or Escape
 * declines. While the model downloads, a progress bar takes the card's place.
 */
import {css, html, type TemplateResult} from 'lit';
import {focusOnArrival} from '../common/card-focus.js';
import type {ModelDownloadStrings} from './model-download-strings.js';

/** What the card shows. */
export type ModelDownloadView = {kind: 'asking'; key: string} | {kind: 'downloading'; loaded: number; total: number};

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

/** The card for `view`, in `s`'s language; `answer(true)` downloads, `answer(false)` declines. */
export function modelDownloadCard(view: ModelDownloadView, s: ModelDownloadStrings, answer: (yes: boolean) => void): TemplateResult {
  if (view.kind === 'downloading') {
    const percent = view.total > 0 ? Math.round((100 * view.loaded) / view.total) : 0;
    return html`<div part="model-download" class="model-download" role="status">
      <p>${s.downloading} (${percent} %)</p>
      <progress part="model-download-progress" value=${view.loaded} max=${view.total} aria-label=${s.downloading}></progress>
    </div>`;
  }
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    answer(false);
  };
  return html`<div part="model-download" class="model-download" role="group" tabindex="-1" aria-labelledby="model-download-title"
    aria-describedby="model-download-body" @keydown=${onKeydown} ${focusOnArrival(view.key)}>
    <h3 id="model-download-title">${s.title}</h3>
    <p id="model-download-body">${s.body}</p>
    <div class="actions">
      <button type="button" part="model-download-accept" class="accept" @click=${() => answer(true)}>${s.download}</button>
      <button type="button" part="model-download-decline" @click=${() => answer(false)}>${s.notNow}</button>
    </div>
  </div>`;
}
