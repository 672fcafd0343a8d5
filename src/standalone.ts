/**
 * Entry of `dist/autoui-agent.standalone.iife.js`, the all-in-one classic script for pages that
 * cannot load modules (opened from file://, offline copies): everything inlined, the elements
 * defined, and every value of `autoui-agent/core` on `window.AutouiAgent` at once (the same names:
 * the surface check compares them). It weighs about 14 times the ES build's first load, which is
 * why `autoui-agent.iife.js` is a loader of the ES build instead.
 */
import './define.js';

export {AutouiServer} from './element/autoui-server.js';
export {defineElement} from './define-element.js';
export {
  ANTHROPIC_VERSION,
  APPROVAL_DECISIONS,
  APPROVAL_POLICIES,
  AUTOUI_SERVER_NAME,
  AgentSession,
  AnthropicModel,
  AutouiAgent,
  AutouiCanvas,
  AutouiError,
  AutouiWidgetElement,
  CANVAS_ACTIONS,
  DEFAULT_ENDPOINTS,
  DEFAULT_MODELS,
  ErrorCodes,
  OpenAICompatibleModel,
  RECALL_TOOL_NAME,
  RECIPE_ROLES,
  RECIPE_TOOLS,
  ResultBuffer,
  STYLE_PROPERTIES,
  WidgetRegistry,
  WidgetStore,
  buildDiscoveryTools,
  buildSystemPrompt,
  buildToolsFromLayers,
  builtinWidgets,
  canvasAction,
  checkImage,
  connectMcpServer,
  connectMcpServers,
  createAutouiLayer,
  createDefaultRegistry,
  createProvider,
  createRuntimeValidator,
  createWebMcpServer,
  defineCanvasElements,
  displayWidget,
  dropUnsafeUrls,
  errorMessage,
  flattenSchema,
  fromStandaloneValidator,
  hostAllowed,
  isAbortError,
  needsApproval,
  normalizeServerName,
  pageWidgetDefinition,
  parsePrefixedName,
  parseRecipe,
  prefixToolName,
  resolveCanonicalTools,
  resolveLanguage,
  runAgentLoop,
  safeHref,
  sanitizeToolSchema,
  searchRecipes,
  unflattenArgs,
} from './core.js';
