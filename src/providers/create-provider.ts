/** `createProvider(options)`: the element's one entry point to the wire providers. */
import type {LanguageModel} from './language-model.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import {AnthropicModel} from './anthropic/anthropic-model.js';
import {OpenAICompatibleModel} from './openai-compatible/openai-compatible-model.js';
import type {ProviderOptions} from './provider-options.js';

/**
 * A model for `options.provider` (`anthropic` or `openai`). Throws `INVALID_ARGUMENT` for any
 * other provider name: that is a page's configuration mistake, reported before any request.
 */
export function createProvider(options: ProviderOptions): LanguageModel {
  const {provider, ...rest} = options;
  if (provider === 'anthropic') return new AnthropicModel(rest);
  if (provider === 'openai') return new OpenAICompatibleModel(rest);
  throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `Unknown provider "${String(provider)}": use provider="anthropic" (Messages API) or provider="openai" (OpenAI-compatible chat completions).`);
}
