/**
 * What the standalone script has in place of the local model (`local-model.ts`): its runtime would
 * make the one classic script 30 MB, so `provider="local"` there fails with
 * `LOCAL_MODEL_UNAVAILABLE` and says which build has it. Same exports, same shapes.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';
import type {LanguageModel, ModelStreamPart} from '../language-model.js';
import type {LocalModelOptions} from './local-model.js';

const WORDS = 'The standalone script leaves out the local model\'s runtime (10 MB): load autoui-agent.js (the ES build) or autoui-agent.iife.js, with wllama.wasm beside them, to use provider="local".';

/** A local model that cannot run here. */
export class LocalModel implements LanguageModel {
  readonly provider = 'local';
  readonly modelId: string;
  constructor(options: LocalModelOptions) {
    this.modelId = options.model;
  }
  async *stream(): AsyncIterable<ModelStreamPart> {
    yield {type: 'error', error: new AutouiError(ErrorCodes.LOCAL_MODEL_UNAVAILABLE, WORDS)};
  }
}

/** Nothing runs, so nothing ends. */
export async function unloadLocalModels(): Promise<void> {}

/** Nothing is kept by this script's element; models an ES-build page kept are left as they are. */
export async function clearLocalModels(): Promise<number> {
  return 0;
}
