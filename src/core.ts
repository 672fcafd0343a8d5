/**
 * Entry of `dist/core.js` (`autoui-agent/core`): everything a page or an app needs to run the
 * agent without the element, or beside it with its own UI: the session, the loop, the providers,
 * MCP connections, in-page tool layers, the widget registry and the canvas. Defines no element.
 *
 * This list is the public surface: every name is exported by name (nothing leaks from a module by
 * accident), and `npm run surface` fails when one appears or disappears without the snapshot in
 * scripts/public-surface.json being updated with it.
 */

// The conversation.
export {AgentSession} from './session/agent-session.js';
export type {AgentSessionOptions, SessionSettings} from './session/agent-session.js';
export type {RunRecord, SessionError, SessionEvent, SessionListener} from './session/session-events.js';
export type {Notice, NoticeReason, TranscriptEntry} from './session/transcript.js';
export type {ServerConfig, ServerStatus} from './session/server-set.js';
export type {ApprovalResponder, ApprovalState, AskApproval} from './session/session-approvals.js';
export {WidgetStore} from './session/widget-store.js';
export type {AskOptions, RestoreOptions, RestoreResult} from './session/agent-session.js';
export type {QuestionSource, SessionAppsApi} from './session/session-apps.js';
export type {SessionApprovalsApi} from './session/lazy-approvals.js';
export type {SessionNoticesApi} from './session/conversation.js';
export type {SessionRestoresApi} from './session/session-restores.js';
export type {SessionSignInsApi} from './session/sign-out.js';
export {recordRuns} from './session/run-log.js';
export {preloadRunEngine} from './session/engine-chunks.js';
export type {RunLog} from './session/run-log.js';
export {SNAPSHOT_FORMAT, SNAPSHOT_LIMITS, SNAPSHOT_VERSION} from './session/snapshot-format.js';
export type {
  AutouiSnapshot,
  SnapshotConversation,
  SnapshotOptions,
  SnapshotResult,
  SnapshotServer,
  SnapshotToolCall,
  SnapshotTranscriptEntry,
  SnapshotWidget,
} from './session/snapshot-format.js';
export type {DroppedPart} from './session/read-snapshot.js';
export type {RestoreSource} from './session/transcript.js';
export {persistSession} from './session/persist-session.js';
export type {PersistOptions, SessionPersistence} from './session/persist-session.js';
export {indexedDbStorage} from './session/session-storage.js';
export type {SessionStorage} from './session/session-storage.js';
export {decodeShareFragment, encodeShareFragment, MAX_SHARE_FRAGMENT} from './session/share-link.js';
export {findShareFragment, shareUrlFor, SHARE_PARAM} from './session/share-param.js';
export type {WidgetChange, WidgetListener} from './session/widget-store.js';

// The agent loop.
export {runAgentLoop} from './agent/agent-loop.js';
export type {AgentCallbacks, AgentLoopOptions, AgentResult, StopReason} from './agent/agent-loop.js';
export type {ToolCall} from './agent/dispatcher.js';
export type {WidgetRecord} from './agent/run-widgets.js';
export {APPROVAL_DECISIONS, APPROVAL_POLICIES} from './agent/approval.js';
export {needsApproval} from './agent/approval-rules.js';
export type {ApprovalAnswer, ApprovalDecision, ApprovalGate, ApprovalPolicy, ApprovalRequest} from './agent/approval.js';
export {ResultBuffer} from './agent/result-buffer.js';
export {RECALL_TOOL_NAME} from './agent/recall-tool.js';
export {buildSystemPrompt} from './agent/system-prompt.js';
export type {PromptLanguage, SystemPromptOptions} from './agent/system-prompt.js';
export {buildDiscoveryTools, buildToolsFromLayers} from './agent/discovery.js';
export type {ToolSource} from './agent/discovery.js';
export type {ToolCatalogOptions} from './agent/tool-catalog.js';
export {resolveCanonicalTools} from './agent/canonical-tools.js';
export type {CanonicalMatch, CanonicalTools, ResolutionLayer} from './agent/canonical-tools.js';
export {normalizeServerName, parsePrefixedName, prefixToolName} from './agent/naming.js';
export type {ParsedToolName} from './agent/naming.js';
export {RECIPE_ROLES} from './agent/types.js';
export type {
  AppRequestOptions,
  FinishedString,
  LayerTool,
  McpAppChannel,
  McpLayer,
  PseudoToolName,
  Recipe,
  RecipeRole,
  ToolAnnotations,
  ToolAppMeta,
  ToolExecutionContext,
  ToolExecutor,
  ToolLayer,
  ToolOutput,
  ToolPreview,
  ToolPreviewer,
  ToolVisibility,
  WebMcpLayer,
  WidgetRestoreCheck,
  WidgetRestorer,
  WidgetToRestore,
} from './agent/types.js';
export type {CanvasPosition, CanvasSize, CreateWidgetOptions, NewWidget, WidgetDraft, WidgetDraftSink, WidgetInstance, WidgetSink} from './agent/widget-sink.js';

// Models.
export {createProvider} from './providers/create-provider.js';
export {AnthropicModel, ANTHROPIC_VERSION} from './providers/anthropic/anthropic-model.js';
export {OpenAICompatibleModel} from './providers/openai-compatible/openai-compatible-model.js';
export {DEFAULT_ENDPOINTS, DEFAULT_MODELS} from './providers/provider-options.js';
export type {ProviderOptions, RetryInfo} from './providers/provider-options.js';
export type {FinishReason, LanguageModel, ModelRequest, ModelStreamPart, ProviderTool, Usage} from './providers/language-model.js';
export type {AssistantMessage, ModelMessage, TextPart, ToolCallPart, ToolMessage, ToolResultPart, UserMessage} from './providers/model-messages.js';

// MCP servers (the MCP client itself is a lazy chunk, loaded by the first connection).
export {connectMcpServer, connectMcpServers} from './mcp/connect-lazily.js';
export type {DisabledTool, McpConnection, McpConnectResult, McpServerInfo, McpServerOptions} from './mcp/mcp-types.js';

// MCP App views (the `mcp-app` widget's params, and what a host of views provides).
export {MCP_APP_WIDGET_TYPE} from './schema/mcp-app-view.js';
export type {McpAppHost, McpAppResource, McpAppViewParams, McpAppViewRef} from './schema/mcp-app-view.js';

// In-page tool layers and the built-in `autoui` layer.
export {createWebMcpServer, RECIPE_TOOLS} from './webmcp/webmcp-server.js';
export type {Live, WebMcpServer, WebMcpServerOptions, WebMcpToolSpec} from './webmcp/webmcp-server.js';
export {createAutouiLayer, AUTOUI_SERVER_NAME} from './webmcp/autoui-layer.js';
export type {AutouiLayerOptions} from './webmcp/autoui-layer.js';
export {displayWidget} from './webmcp/display-tool.js';
export type {DisplayRules} from './webmcp/display-tool.js';
export {canvasAction, CANVAS_ACTIONS} from './webmcp/canvas-tool.js';
export {STYLE_PROPERTIES} from './webmcp/style-policy.js';
export {dropUnsafeUrls} from './webmcp/url-policy.js';
export type {BlockedImagePolicy, DroppedUrl} from './webmcp/url-policy.js';
export {parseRecipe} from './webmcp/recipe.js';
export type {ParsedRecipe} from './webmcp/recipe.js';
export {searchRecipes} from './webmcp/recipe-search.js';
export type {RecipeHit} from './webmcp/recipe-search.js';

// Widgets and the canvas.
export {WidgetRegistry, pageWidgetDefinition} from './widgets/widget-registry.js';
export type {PageWidgetSpec} from './widgets/widget-registry.js';
export {createDefaultRegistry, builtinWidgets} from './widgets/catalog.js';
export type {WidgetDefinition} from './widgets/widget-definition.js';
export {AutouiWidgetElement} from './widgets/widget-element.js';
export type {WidgetEnvironment} from './widgets/widget-context.js';
export {AutouiCanvas, defineCanvasElements} from './canvas/autoui-canvas.js';
export type {WidgetRenderedDetail} from './canvas/autoui-canvas.js';
export {AutouiAgent} from './element/autoui-agent.js';

// Schemas, validation and the rules every layer shares.
export type {JsonSchema} from './schema/json-schema.js';
export type {WidgetCatalog, WidgetSpec} from './schema/widget-spec.js';
export {createRuntimeValidator, fromStandaloneValidator} from './schema/validator.js';
export type {StandaloneValidateFunction, ValidationIssue, ValidationResult, Validator} from './schema/validator.js';
export {sanitizeToolSchema} from './schema/sanitize.js';
export type {SanitizedSchema, SchemaPatch} from './schema/sanitize.js';
export {flattenSchema, unflattenArgs} from './schema/flatten.js';
export type {FlattenedSchema} from './schema/flatten.js';
export {resolveLanguage} from './policy/language.js';
export type {ResolvedLanguage, UiLanguage} from './policy/language.js';
export {checkImage, hostAllowed, safeHref} from './policy/url-rules.js';
export type {ImageVerdict} from './policy/url-rules.js';
export {AutouiError, ErrorCodes, errorMessage, isAbortError} from './errors.js';
export type {AutouiErrorCode} from './errors.js';
