/**
 * Asking the person before the browser downloads its model, then showing the download: the card's
 * state, the person's answer, the progress told as `autoui-model-download` (the lazy chunk of
 * `model-download.ts`, with the card's view and texts). Nothing is downloaded without the person's
 * click; a readonly embed, or a page that replaced the transcript, has nobody to ask, so the model
 * is declined at once. The end of the question, or `clear()`, retracts the card.
 */
import type {ModelDownloadProgress} from '../../providers/browser/browser-model.js';
import type {SessionEvent} from '../../session/session-events.js';
import {transcriptReplaced} from '../common/transcript-slot.js';
import {emit} from '../events.js';
import {MODEL_DOWNLOAD_STRINGS} from './model-download-strings.js';
import {modelDownloadCard, modelDownloadStyles, type ModelDownloadView} from './model-download-card.js';

/** What the feature reads of its element. */
export interface ModelDownloadHost extends HTMLElement {
  readonly readonly: boolean;
  readonly language: 'fr' | 'en';
  requestUpdate(): void;
}

/** One element's questions before a download. See the module comment. */
export class ModelDownloadAsker {
  #view?: ModelDownloadView;
  #asked?: (yes: boolean) => void;
  #asks = 0;

  constructor(private readonly host: ModelDownloadHost) {
    // The card's styles join the element's own, once, as this chunk arrives.
    const root = host.shadowRoot;
    if (root && modelDownloadStyles.styleSheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, modelDownloadStyles.styleSheet];
  }

  /** The card, while there is one to show. */
  card() {
    return this.#view && modelDownloadCard(this.#view, MODEL_DOWNLOAD_STRINGS[this.host.language], (yes) => this.#answer(yes));
  }

  /** Hears the session: the end of a question, or `clear()`, retracts a question still asked. */
  sessionEvent(event: SessionEvent): void {
    if (event.type !== 'run-end' && event.type !== 'cleared') return;
    if (this.#asked) this.#answer(false);
    else if (this.#view) this.#show(undefined);
  }

  /** Asks the person; resolves true once they chose Download. */
  ask(): Promise<boolean> {
    const host = this.host;
    if (host.readonly || transcriptReplaced(host)) {
      console.warn('autoui-agent: the browser must download its model first, but nobody can be asked here (readonly, or the transcript was replaced); the question is declined.');
      return Promise.resolve(false);
    }
    this.#asked?.(false);
    return new Promise<boolean>((resolve) => {
      this.#asked = resolve;
      this.#show({kind: 'asking', key: `model-download-${++this.#asks}`});
    });
  }

  #answer(yes: boolean): void {
    const resolve = this.#asked;
    this.#asked = undefined;
    this.#show(yes ? {kind: 'downloading', loaded: 0, total: 1} : undefined);
    resolve?.(yes);
  }

  /** Shows and tells the download's progress. */
  progress({loaded, total}: ModelDownloadProgress): void {
    emit(this.host, 'autoui-model-download', {provider: 'browser', model: 'built-in', loaded, total});
    this.#show(loaded >= total ? undefined : {kind: 'downloading', loaded, total});
  }

  #show(view: ModelDownloadView | undefined): void {
    this.#view = view;
    this.host.requestUpdate();
  }
}
