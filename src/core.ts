/**
 * Entry of `dist/core.js` (`autoui-agent/core`): the agent without any DOM, for a page with its own
 * UI, a Web Worker or a server: the session, the loop, the providers, MCP connections, in-page tool
 * layers, the widgets' DOM-free half (types, schemas, validators, recipes) and the shared rules.
 * Nothing here reaches an element, Lit or a library that needs the DOM (`npm run lint:deps` checks
 * it, and an end-to-end test runs the built file in a Worker); the elements, the canvas and the
 * widget catalogue bound to its elements are the `autoui-agent` entry's.
 *
 * This list is the public surface: every name is exported by name (nothing leaks from a module by
 * accident), and `npm run surface` fails when one appears or disappears without the snapshot in
 * scripts/public-surface.json being updated with it.
 */

// The conversation.
export {AgentSession} from './session/agent-session.js';
export type {AgentSessionOptions, SessionSettings} from './session/agent-session.js';
export type {RunRecord, SessionError, SessionEvent, SessionListener} from './session/session-events.js';
export {nextRunStatus} from './session/run-status.js';
export type {RunStatus} from './session/run-status.js';
export type {Notice, NoticeReason, TranscriptEntry} from './session/transcript.js';
export type {ServerConfig, ServerStatus} from './session/server-set.js';
export type {ApprovalResponder, ApprovalState, AskApproval} from './session/session-approvals.js';
export {WidgetStore} from './session/widget-store.js';
// Tracing (issue 48): the seam the loop calls, the plain span records of `session.lastTrace`, and the list of every attribute emitted.
export {NO_TRACE} from './telemetry/agent-tracer.js';
export type {AgentTracer, ChildSpanOptions, TraceAttributes, TraceCarrier, TraceSpan} from './telemetry/agent-tracer.js';
export type {SpanAttributeValue, SpanKindName, SpanRecord} from './telemetry/span-record.js';
export {SEMCONV_VERSION, TELEMETRY_ATTRIBUTES} from './telemetry/telemetry-attributes.js';
export type {TelemetryAttribute} from './telemetry/telemetry-attributes.js';
export type {AskOptions, RestoreOptions, RestoreResult} from './session/agent-session.js';
export type {QuestionSource, SessionAppsApi} from './session/session-apps.js';
export type {SessionApprovalsApi} from './session/lazy-approvals.js';
export type {SessionNoticesApi} from './session/conversation.js';
export type {SessionRestoresApi} from './session/snapshot/session-restores.js';
export type {SessionSignInsApi} from './session/sign-out.js';
export {recordRuns} from './session/run-log.js';
export {preloadRunEngine} from './session/engine-chunks.js';
export type {RunLog} from './session/run-log.js';
export {SNAPSHOT_FORMAT, SNAPSHOT_LIMITS, SNAPSHOT_VERSION} from './session/snapshot/snapshot-format.js';
export type {
  AutouiSnapshot,
  SnapshotConversation,
  SnapshotOptions,
  SnapshotResult,
  SnapshotFile,
  SnapshotServer,
  SnapshotToolCall,
  SnapshotTranscriptEntry,
  SnapshotWidget,
} from './session/snapshot/snapshot-format.js';
export type {DroppedPart} from './session/snapshot/read-snapshot.js';
export type {RestoreSource} from './session/transcript.js';
export {persistSession} from './session/snapshot/persist-session.js';
export type {PersistOptions, SessionPersistence} from './session/snapshot/persist-session.js';
export {indexedDbStorage} from './session/snapshot/session-storage.js';
export type {SessionStorage} from './session/snapshot/session-storage.js';
export {decodeShareFragment, encodeShareFragment, MAX_SHARE_FRAGMENT} from './session/snapshot/share-link.js';
export {shareUrlFor} from './session/snapshot/share-param.js';
export type {WidgetChange, WidgetListener} from './session/widget-store.js';

// The agent loop.
export {runAgentLoop} from './agent/agent-loop.js';
export type {AgentCallbacks, AgentLoopOptions, AgentResult, StopReason} from './agent/agent-loop.js';
export type {RunStep} from './agent/run-step.js';
export type {ToolCall} from './agent/dispatcher.js';
export type {WidgetRecord} from './agent/run-widgets.js';
export {APPROVAL_DECISIONS, APPROVAL_POLICIES} from './agent/approval.js';
export type {ApprovalAnswer, ApprovalDecision, ApprovalGate, ApprovalPolicy, ApprovalRequest} from './agent/approval.js';
export {ResultBuffer} from './agent/result-buffer.js';
export {RECALL_TOOL_NAME} from './agent/recall-tool.js';
export {buildSystemPrompt} from './agent/system-prompt.js';
export type {PromptLanguage, SystemPromptOptions} from './agent/system-prompt.js';
export type {ToolCatalogOptions} from './agent/tool-catalog.js';
export {resolveCanonicalTools} from './agent/canonical-tools.js';
export type {CanonicalMatch, CanonicalTools, ResolutionLayer} from './agent/canonical-tools.js';
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
export type {BrowserProviderOptions, LocalProviderOptions, ModelOptions, ProviderOptions, RetryInfo} from './providers/provider-options.js';
export type {BrowserModelOptions} from './providers/browser/browser-model.js';
export type {LocalModelOptions} from './providers/local/local-model.js';
export type {ModelDownloadAbout, ModelDownloadHooks, ModelDownloadProgress} from './providers/model-download.js';
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
export type {DisplayRules} from './webmcp/display-tool.js';
export type {BlockedImagePolicy} from './webmcp/url-policy.js';

// Widgets without their elements: what is validated and what the model reads (the elements, the
// canvas and the catalogue bound to its elements are the `autoui-agent` entry's).
export {builtinWidgetCatalog, builtinWidgetSpecs, specCatalog} from './widgets/builtin-specs.js';
export type {HostWidgetSpec, WidgetLayout, WidgetTraits, WidgetTypeSpec} from './widgets/widget-definition.js';

// Schemas, validation and the rules every layer shares.
export type {JsonSchema} from './schema/json-schema.js';
export type {WidgetCatalog, WidgetSpec} from './schema/widget-spec.js';
export {createRuntimeValidator} from './schema/validator.js';
export type {ValidationIssue, ValidationResult, Validator} from './schema/validator.js';
export type {SchemaPatch} from './schema/sanitize.js';
export type {ResolvedLanguage, UiLanguage} from './policy/language.js';
export {AutouiError, ErrorCodes} from './errors.js';
export type {AutouiErrorCode} from './errors.js';
