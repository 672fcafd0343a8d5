/**
 * Asking the person before a model is downloaded to run in the browser, then showing the download:
 * the card's state, the person's answer, Cancel, the progress told as `autoui-model-download` (the
 * lazy chunk of `model-download.ts`, with the card's view and texts). Nothing is downloaded without
 * the person's click; a readonly embed, or a page that replaced the transcript, has nobody to ask,
 * so the model is declined at once. The end of the question, or `clear()`, retracts the card.
 */
import type {ModelDownloadAbout, ModelDownloadProgress} from '../../providers/model-download.js';
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
  #about: ModelDownloadAbout = {provider: 'browser', model: 'built-in'};
  /** Aborted by the card's Cancel; a new one for each download. */
  #cancel = new AbortController();

  constructor(private readonly host: ModelDownloadHost) {
    // The card's styles join the element's own, once, as this chunk arrives.
    const root = host.shadowRoot;
    if (root && modelDownloadStyles.styleSheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, modelDownloadStyles.styleSheet];
  }

  /** The card, while there is one to show. */
  card() {
    const language = this.host.language;
    return this.#view && modelDownloadCard(this.#view, MODEL_DOWNLOAD_STRINGS[language], language, {answer: (yes) => this.#answer(yes), cancel: () => this.#cancelDownload()});
  }

  /** Hears the session: the end of a question, or `clear()`, retracts a question still asked. */
  sessionEvent(event: SessionEvent): void {
    if (event.type !== 'run-end' && event.type !== 'cleared') return;
    if (this.#asked) this.#answer(false);
    else if (this.#view) this.#show(undefined);
  }

  /** Asks the person; resolves true once they chose Download. */
  ask(about: ModelDownloadAbout): Promise<boolean> {
    const host = this.host;
    if (host.readonly || transcriptReplaced(host)) {
      console.warn('autoui-agent: a model must be downloaded first, but nobody can be asked here (readonly, or the transcript was replaced); the question is declined.');
      return Promise.resolve(false);
    }
    this.#asked?.(false);
    this.#about = about;
    return new Promise<boolean>((resolve) => {
      this.#asked = resolve;
      this.#show({kind: 'asking', key: `model-download-${++this.#asks}`, about});
    });
  }

  /** The signal the card's Cancel aborts, for the download that follows a yes. */
  cancelled(): AbortSignal {
    return this.#cancel.signal;
  }

  #answer(yes: boolean): void {
    const resolve = this.#asked;
    this.#asked = undefined;
    if (yes) this.#cancel = new AbortController();
    this.#show(yes ? {kind: 'downloading', loaded: 0, total: this.#about.bytes ?? 1, about: this.#about, startedAt: Date.now()} : undefined);
    resolve?.(yes);
  }

  #cancelDownload(): void {
    this.#cancel.abort();
    this.#show(undefined);
  }

  /** Shows and tells the download's progress. */
  progress({loaded, total}: ModelDownloadProgress): void {
    const about = this.#about;
    emit(this.host, 'autoui-model-download', {provider: about.provider, model: about.model, loaded, total});
    if (this.#cancel.signal.aborted) return;
    const startedAt = this.#view?.kind === 'downloading' ? this.#view.startedAt : Date.now();
    this.#show(loaded >= total ? undefined : {kind: 'downloading', loaded, total, about, startedAt});
  }

  #show(view: ModelDownloadView | undefined): void {
    this.#view = view;
    this.host.requestUpdate();
  }
}
