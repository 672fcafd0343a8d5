/**
 * Entry of `dist/autoui-agent.standalone.iife.js`, the all-in-one classic script for pages that
 * cannot load modules (opened from file://, offline copies): everything inlined, the elements
 * defined, and every value of `autoui-agent/core` and `autoui-agent/widgets` on `window.AutouiAgent`
 * at once (the same names: the surface check compares them). It weighs about 14 times the ES build's first load, which is
 * why `autoui-agent.iife.js` is a loader of the ES build instead.
 */
import './define.js';

export {AutouiServer} from './element/servers/autoui-server.js';
export {defineElement} from './define-element.js';
export {
  AgentSession,
  ANTHROPIC_VERSION,
  AnthropicModel,
  APPROVAL_DECISIONS,
  APPROVAL_POLICIES,
  AUTOUI_SERVER_NAME,
  AutouiError,
  buildSystemPrompt,
  builtinWidgetCatalog,
  builtinWidgetSpecs,
  connectMcpServer,
  connectMcpServers,
  createAutouiLayer,
  createProvider,
  createRuntimeValidator,
  createWebMcpServer,
  decodeShareFragment,
  DEFAULT_ENDPOINTS,
  DEFAULT_MODELS,
  encodeShareFragment,
  ErrorCodes,
  indexedDbStorage,
  MAX_SHARE_FRAGMENT,
  MCP_APP_WIDGET_TYPE,
  NO_TRACE,
  OpenAICompatibleModel,
  persistSession,
  preloadRunEngine,
  RECALL_TOOL_NAME,
  RECIPE_ROLES,
  RECIPE_TOOLS,
  nextRunStatus,
  recordRuns,
  resolveCanonicalTools,
  ResultBuffer,
  runAgentLoop,
  SEMCONV_VERSION,
  shareUrlFor,
  SNAPSHOT_FORMAT,
  SNAPSHOT_LIMITS,
  SNAPSHOT_VERSION,
  specCatalog,
  TELEMETRY_ATTRIBUTES,
  WidgetStore,
} from './core.js';
export {
  AutouiCanvas,
  AutouiWidgetElement,
  builtinWidgets,
  createDefaultRegistry,
  defineCanvasElements,
  pageWidgetDefinition,
  WidgetRegistry,
} from './widgets-entry.js';
export {AutouiAgent} from './element/autoui-agent.js';
