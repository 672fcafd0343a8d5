/** `createProvider(options)`: the element's one entry point to the wire providers. */
import type {LanguageModel} from './language-model.js';
import {AutouiError, ErrorCodes} from '../errors.js';
import {AnthropicModel} from './anthropic/anthropic-model.js';
import {OpenAICompatibleModel} from './openai-compatible/openai-compatible-model.js';
import {lazyModel} from './lazy-model.js';
import type {ModelOptions} from './provider-options.js';

/**
 * A model for `options.provider` (`anthropic`, `openai`, `browser`: the browser's built-in
 * model, or `local`: a GGUF model run in the browser; these two load their code with their first turn). Throws `INVALID_ARGUMENT` for any other provider
 * name: that is a page's configuration mistake, reported before any request.
 */
export function createProvider(options: ModelOptions): LanguageModel {
  if (options.provider === 'browser') {
    const {provider: _browser, ...browser} = options;
    return lazyModel('browser', 'built-in', () => import('./browser/browser-model.js').then((m) => new m.BrowserModel(browser)), true);
  }
  if (options.provider === 'local') {
    const {provider: _local, ...local} = options;
    if (!local.model?.trim()) throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, 'provider="local" needs model="<URL of a GGUF file>".');
    return lazyModel('local', local.model, () => import('./local/local-model.js').then((m) => new m.LocalModel(local)), true);
  }
  const {provider, ...rest} = options;
  if (provider === 'anthropic') return new AnthropicModel(rest);
  if (provider === 'openai') return new OpenAICompatibleModel(rest);
  throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `Unknown provider "${String(provider)}": use provider="anthropic" (Messages API), "openai" (OpenAI-compatible chat completions) "browser" (the browser's built-in model) or "local" (a GGUF model run in the browser).`);
}
