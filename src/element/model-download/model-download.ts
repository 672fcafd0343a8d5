/**
 * The element's side of a model that must be downloaded before it answers (`provider="browser"`
 * on a browser that lacks its model): the hooks the model is given, a card that asks the person
 * (its view is a lazy chunk), the download's progress told as `autoui-model-download`. Nothing is
 * downloaded without the person's click; a readonly embed, or a page that replaced the
 * transcript, has nobody to ask, so the model is declined at once. Stop and `clear()` retract the
 * question.
 */
import {nothing} from 'lit';
import type {ModelDownloadProgress} from '../../providers/browser/browser-model.js';
import type {SessionEvent} from '../../session/session-events.js';
import {transcriptReplaced} from '../common/transcript-slot.js';
import {emit} from '../events.js';

/** What the feature reads of its element. */
export interface ModelDownloadHost extends HTMLElement {
  readonly readonly: boolean;
  readonly language: 'fr' | 'en';
  requestUpdate(): void;
}

type CardChunk = typeof import('./model-download-card.js');
type View = import('./model-download-card.js').ModelDownloadView;

/** One element's model downloads. See the module comment. */
export class ModelDownload {
  #view?: View;
  #chunk?: CardChunk;
  #asked?: (yes: boolean) => void;
  #asks = 0;

  constructor(private readonly host: ModelDownloadHost) {}

  /** The hooks a model that runs in the browser is given (the session's settings carry them). */
  readonly hooks = {
    askToDownload: (): Promise<boolean> => this.#ask(),
    onDownloadProgress: (progress: ModelDownloadProgress): void => this.#progress(progress),
  };

  /** The card, while there is one to show. */
  card() {
    const chunk = this.#chunk;
    if (!this.#view || !chunk) return nothing;
    return chunk.modelDownloadCard(this.#view, chunk.MODEL_DOWNLOAD_STRINGS[this.host.language], (yes) => this.#answer(yes));
  }

  /** Hears the session: the end of a question, or `clear()`, retracts a question still asked. */
  sessionEvent(event: SessionEvent): void {
    if (event.type !== 'run-end' && event.type !== 'cleared') return;
    if (this.#asked) this.#answer(false);
    else if (this.#view) this.#show(undefined);
  }

  async #ask(): Promise<boolean> {
    const host = this.host;
    if (host.readonly || transcriptReplaced(host)) {
      console.warn('autoui-agent: the browser must download its model first, but nobody can be asked here (readonly, or the transcript was replaced); the question is declined.');
      return false;
    }
    this.#asked?.(false);
    this.#chunk ??= await import('./model-download-card.js').then((chunk) => {
      const root = host.shadowRoot;
      if (root && chunk.modelDownloadStyles.styleSheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, chunk.modelDownloadStyles.styleSheet];
      return chunk;
    });
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

  #progress({loaded, total}: ModelDownloadProgress): void {
    emit(this.host, 'autoui-model-download', {provider: 'browser', model: 'built-in', loaded, total});
    this.#show(loaded >= total ? undefined : {kind: 'downloading', loaded, total});
  }

  #show(view: View | undefined): void {
    this.#view = view;
    this.host.requestUpdate();
  }
}
