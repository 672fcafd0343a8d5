/**
 * A model whose code loads on its first turn: the browser's built-in model is a chunk of its own,
 * so pages that use a wire provider never load it, and the run engine stays the size it was. A
 * failed load is that turn's `LOAD_FAILED` error and is tried again at the next turn.
 */
import {loadFailed} from '../errors.js';
import type {LanguageModel, ModelRequest, ModelStreamPart, StreamOptions} from './language-model.js';

/** A model named `provider`/`modelId` whose implementation `load` brings; `small` as the model will say (`LanguageModel.small`). */
export function lazyModel(provider: string, modelId: string, load: () => Promise<LanguageModel>, small?: boolean): LanguageModel {
  let loading: Promise<LanguageModel> | undefined;
  return {
    provider,
    modelId,
    small,
    async *stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<ModelStreamPart> {
      let model: LanguageModel;
      try {
        model = await (loading ??= load().catch((error: unknown) => {
          loading = undefined;
          throw error;
        }));
      } catch (error) {
        yield {type: 'error', error: loadFailed(`The ${provider} model`, error)};
        return;
      }
      yield* model.stream(request, options);
    },
  };
}
