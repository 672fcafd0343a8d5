/**
 * The LLM wire providers: Anthropic Messages and OpenAI-compatible chat
 * completions over `fetch` and server-sent events, behind the one `LanguageModel` interface.
 * DOM-free: runs in a page, a Worker or Node.
 */
export {createProvider} from './create-provider.js';
export {AnthropicModel, ANTHROPIC_VERSION} from './anthropic/anthropic-model.js';
export {OpenAICompatibleModel} from './openai-compatible/openai-compatible-model.js';
export {DEFAULT_ENDPOINTS, DEFAULT_MODELS, type ProviderOptions, type RetryInfo} from './provider-options.js';
export type {FinishReason, LanguageModel, ModelRequest, ModelStreamPart, Usage} from './language-model.js';
