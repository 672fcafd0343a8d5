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
export * from './webmcp/index.js';
export {WidgetRegistry, pageWidgetDefinition, type PageWidgetSpec} from './widgets/widget-registry.js';
export {createDefaultRegistry, builtinWidgets} from './widgets/catalog.js';
export {CanvasStore, type WidgetInstance, type CanvasChange} from './canvas/canvas-store.js';
export {AutouiCanvas, defineCanvasElements, type WidgetRenderedDetail} from './canvas/autoui-canvas.js';
export type {WidgetDefinition} from './widgets/widget-definition.js';
export {AutouiWidgetElement} from './widgets/widget-element.js';
// Types only: the MCP client (SDK, zod) is a lazy chunk the element loads on its first server.
export type {McpServerOptions, McpConnection, McpConnectResult, DisabledTool, McpServerInfo} from './mcp/index.js';
export {connectMcpServer, connectMcpServers} from './connect-mcp.js';
