/**
 * The element's side of a model that must be downloaded before it answers (`provider="browser"`
 * on a browser that lacks its model, `provider="local"` before its file is kept), as the first load holds it: the hooks the model is given,
 * and the way to the card. The card, its state and its texts are a lazy chunk
 * (`model-download-asker.ts`), loaded when a model first asks: pages that never meet one pay
 * nothing for it.
 */
import {nothing} from 'lit';
import type {ModelDownloadAbout, ModelDownloadHooks, ModelDownloadProgress} from '../../providers/model-download.js';
import type {SessionEvent} from '../../session/session-events.js';
import type {ModelDownloadAsker, ModelDownloadHost} from './model-download-asker.js';

/** One element's model downloads. See the module comment. */
export class ModelDownload {
  #asker?: ModelDownloadAsker;

  constructor(private readonly host: ModelDownloadHost) {}

  /** The hooks a model that runs in the browser is given (the session's settings carry them). */
  readonly hooks: ModelDownloadHooks = {
    askToDownload: async (about: ModelDownloadAbout): Promise<boolean> => {
      this.#asker ??= await import('./model-download-asker.js').then((chunk) => new chunk.ModelDownloadAsker(this.host));
      return this.#asker.ask(about);
    },
    onDownloadProgress: (progress: ModelDownloadProgress): void => this.#asker?.progress(progress),
    downloadCancelled: (): AbortSignal | undefined => this.#asker?.cancelled(),
  };

  /** The card, while there is one to show. */
  card() {
    return this.#asker?.card() ?? nothing;
  }

  /** Hears the session (the end of a question, `clear()`). */
  sessionEvent(event: SessionEvent): void {
    this.#asker?.sessionEvent(event);
  }
}
