/**
 * Several models in an order of preference (`provider="browser local anthropic"`): a turn goes to
 * the first that can answer, and to the next when one is unavailable on this device or its
 * download was refused (`LOCAL_MODEL_UNAVAILABLE`, `LOCAL_MODEL_REFUSED`, before it wrote
 * anything). The model that answered is kept for the following turns, so one conversation speaks
 * to one model; `provider` and `modelId` name it, so a run's result says which model answered.
 * Any other failure is that model's, reported as it is: a model that starts and then fails is not
 * silently replaced by another, which might send the conversation somewhere the page did not expect.
 */
import {ErrorCodes} from '../errors.js';
import type {LanguageModel, ModelRequest, ModelStreamPart, StreamOptions} from './language-model.js';

/** The codes that pass a turn to the next model. */
const PASS_ON: ReadonlySet<string> = new Set([ErrorCodes.LOCAL_MODEL_UNAVAILABLE, ErrorCodes.LOCAL_MODEL_REFUSED]);

/** `models` in order of preference, as one model. See the module comment. */
export class PreferredModel implements LanguageModel {
  #current = 0;

  constructor(private readonly models: readonly LanguageModel[]) {
    if (models.length === 0) throw new RangeError('PreferredModel needs at least one model');
  }

  /** The provider of the model that answers now (the first one until a turn passed on). */
  get provider(): string {
    return this.models[this.#current]!.provider;
  }

  get modelId(): string {
    return this.models[this.#current]!.modelId;
  }

  get small(): boolean | undefined {
    return this.models[this.#current]!.small;
  }

  async *stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<ModelStreamPart> {
    for (let index = this.#current; index < this.models.length; index++) {
      const model = this.models[index]!;
      let first = true;
      let passedOn = false;
      for await (const part of model.stream(request, options)) {
        if (first && part.type === 'error' && PASS_ON.has(part.error.code) && index < this.models.length - 1) {
          passedOn = true;
          break;
        }
        if (first) this.#current = index;
        first = false;
        yield part;
      }
      if (!passedOn) return;
    }
  }
}
