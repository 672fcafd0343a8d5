/**
 * Public entry of autoui-agent for bundler users: classes, the agent core and types, with no
 * side effects (importing it defines no element; import `define.js` for that).
 */
export * from './agent/index.js';
export * from './schema/validator.js';
export {AutouiAgent} from './element/autoui-agent.js';
export {
  createProvider,
  AnthropicModel,
  OpenAICompatibleModel,
  ANTHROPIC_VERSION,
  DEFAULT_MODELS,
  DEFAULT_ENDPOINTS,
  type ProviderOptions,
  type RetryInfo,
} from './providers/index.js';
