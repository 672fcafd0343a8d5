/**
 * The vocabulary of the agent core: layers of tools, their definitions and what executing one
 * returns. Plain data plus the functions that execute tools, so the core can run in a Worker or in
 * Node unchanged.
 */
import type {TraceSpan} from '../telemetry/agent-tracer.js';
import type {JsonSchema} from '../schema/json-schema.js';
import type {WidgetSink} from './widget-sink.js';

/** Tool behaviour hints from MCP (`readOnlyHint`, `destructiveHint`, ...), kept as given. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  /** WebMCP: calling the tool has consequences a person should confirm (always asks). */
  consequentialHint?: boolean;
  [key: string]: unknown;
}

/** One tool of a layer, under the name its server gives it (not prefixed). */
export interface LayerTool {
  /** The tool's own name on its server, e.g. `query_sql`. */
  name: string;
  /** A human title (MCP `title`), shown to the person asked to approve a call. */
  title?: string;
  /** What the tool does, shown to the model. */
  description?: string;
  /** JSON Schema of the arguments (MCP `inputSchema`). */
  inputSchema?: JsonSchema;
  /**
   * A schema that admits only calls the tool will accept (`widget_display`: one branch per widget
   * type, with that type's params). Offered instead of `inputSchema` to a model a grammar holds to
   * its tools' schemas (the small models on the device), so each of its calls is valid as written.
   */
  strictInputSchema?: JsonSchema;
  /** MCP annotations (`readOnlyHint`, `destructiveHint`, ...), as the server gives them. */
  annotations?: ToolAnnotations;
  /**
   * The tool shows results on the page (the workflow's last step): it is offered from the first
   * request, without discovery, and the prompt names it in its display step. The `autoui` layer's
   * `widget_display` and `canvas` say so; a page's own display tools may too.
   */
  displays?: boolean;
  /** MCP Apps (`_meta.ui` of an MCP tool): the view its calls show, and who may call it. */
  app?: ToolAppMeta;
}

/** Who may call a tool, in MCP Apps' words: the model (the agent) and/or the server's own app views. */
export type ToolVisibility = 'model' | 'app';

/** What an MCP tool's `_meta.ui` says (MCP Apps, `io.modelcontextprotocol/ui`). */
export interface ToolAppMeta {
  /** The `ui://` resource its calls are shown in, if any. */
  resourceUri?: string;
  /** Who may call it; `['model', 'app']` when the server says nothing. */
  visibility: readonly ToolVisibility[];
}

/** A recipe a server announces: how to do one thing with its tools. */
export interface Recipe {
  name: string;
  description?: string;
  /** Its title, as the server wrote it (untrusted text, cleaned and bounded by the reader). */
  title?: string;
  /**
   * Questions a visitor could ask to use it, by language tag (`en`, `fr`, `fr-CA`); `und` is the
   * one the server gave without a language (its default). Untrusted text, cleaned and bounded.
   */
  questions?: Record<string, string>;
}

/**
 * What executing a tool gives back to the agent loop.
 * `text` is what the model reads; `data` is the structured value for the page (e.g. a widget id).
 */
export interface ToolOutput {
  text: string;
  isError?: boolean;
  data?: unknown;
  /** The local files (attached file names) the result was read from; a widget shown later in the same run says it came from them. */
  sources?: readonly string[];
}

/** Context given to every tool execution. */
export interface ToolExecutionContext {
  /** Aborted when the run is aborted or the call times out. Executors must honour it. */
  signal: AbortSignal;
  /** The tool_use id of this call. */
  callId: string;
  /**
   * Tell the loop the call is alive (e.g. on an MCP progress notification): the timeout starts
   * again, up to the hard cap.
   */
  reportProgress(): void;
  /**
   * The canvas of whoever runs the loop (an `AgentSession`, the element): where a tool shows,
   * changes and lists widgets. Absent when the run has no canvas. What a tool shows through it is
   * what the run reports as its widgets.
   */
  widgets?: WidgetSink;
  /**
   * The call's `execute_tool` span, when the page traces questions: a layer's requests are its
   * children (an MCP layer's `tools/call` span, whose context goes in `params._meta`). Absent: untraced.
   */
  trace?: TraceSpan;
}

/**
 * Executes a tool of a layer by its own (unprefixed) name. May throw: the dispatcher turns a throw
 * into an error result.
 */
export type ToolExecutor = (name: string, args: Record<string, unknown>, context: ToolExecutionContext) => Promise<ToolOutput>;

/** A remote MCP server: data tools and its recipes. */
export interface McpLayer {
  protocol: 'mcp';
  /** The server's name as given (normalised for prefixes by the naming rules). */
  serverName: string;
  serverUrl?: string;
  description?: string;
  tools: LayerTool[];
  recipes?: Recipe[];
  /** Calls a tool on the server (injected by `src/mcp`, or by a test); absent while not connected. */
  execute?: ToolExecutor;
  /** Drafts of calls to its app tools while they stream: their view gets the arguments so far. */
  previewTool?: ToolPreviewer;
  /** What the server's MCP App views may reach through the host (absent for servers without apps). */
  apps?: McpAppChannel;
}

/** Options of the app channel's requests. */
export interface AppRequestOptions {
  signal?: AbortSignal;
  /** The request's own client span (the session's, for a view's request); absent: untraced. */
  trace?: TraceSpan;
}

/**
 * The requests an MCP App view of this server may have the host make to it: `tools/call` (only
 * tools whose visibility includes `app`; the host checks that and asks approval first) and
 * `resources/read`. Results are the server's, as plain JSON (a `CallToolResult`, a `ReadResourceResult`).
 */
export interface McpAppChannel {
  /**
   * Unique to this connection (random): a view names its server by it, since two servers may
   * give the same name (two instances, or one copying another's).
   */
  id: string;
  /** The tools app views may call (visibility includes `app`), model-only ones left out. */
  tools: readonly LayerTool[];
  callTool(name: string, args: Record<string, unknown>, options?: AppRequestOptions): Promise<Record<string, unknown>>;
  readResource(uri: string, options?: AppRequestOptions): Promise<Record<string, unknown>>;
}

/** What the draft of a streaming call shows: a widget of `type`, with the params readable so far. */
export interface ToolPreview {
  /** The widget type. */
  type: string;
  /** Params safe to render now (partial, checked like final ones); absent until enough arrived. */
  params?: Record<string, unknown>;
}

/**
 * Reads the arguments of a display tool's call while the model writes them (a partial object that
 * only grows) and says what its draft shows, or undefined while nothing can be shown.
 * `finished(pointer, value)` is true when `value`, the string at that JSON Pointer of the arguments
 * (e.g. `/params/src`), is complete: any other may still change, and a half-written URL is another
 * URL. Called at most once per animation frame; must be quick, must not throw, and must apply the
 * same URL rules as the finished call: a draft is as untrusted as the call.
 */
export type ToolPreviewer = (name: string, partialArgs: Record<string, unknown>, finished: FinishedString) => ToolPreview | undefined;

/** Whether `value`, the string at JSON Pointer `pointer` of a streaming call's arguments, is complete. */
export type FinishedString = (pointer: string, value: string) => boolean;

/** A widget as a snapshot holds it, to be checked before it is shown again. */
export interface WidgetToRestore {
  type: string;
  params: Record<string, unknown>;
  style?: Record<string, string>;
}

/**
 * How a widget from a snapshot may be shown: its params repaired and checked as a finished call's
 * (schema, URL rules), its style kept to the allowed properties; or why it may not.
 */
export type WidgetRestoreCheck = {ok: true; widget: WidgetToRestore} | {ok: false; reason: string};

/**
 * Checks a widget restored from a snapshot (untrusted input) as the layer's display tool would
 * check a call showing it. Returns undefined for a type the layer does not show. Must not throw.
 */
export type WidgetRestorer = (widget: WidgetToRestore) => WidgetRestoreCheck | undefined;

/** Local, in-page tools executed in JS: widgets and the canvas, or a page's own tools. */
export interface WebMcpLayer {
  protocol: 'webmcp';
  serverName: string;
  description: string;
  tools: LayerTool[];
  recipes?: Recipe[];
  /** Executes one of the layer's tools in the page. */
  execute?: ToolExecutor;
  /** Drafts of its display tools' calls while they stream (`widget_display` has one). */
  previewTool?: ToolPreviewer;
  /** Checks a widget of a snapshot being restored (the `autoui` layer's does what `widget_display` does). */
  restoreWidget?: WidgetRestorer;
}

/** Any source of tools for the agent: a discriminated union on `protocol`. */
export type ToolLayer = McpLayer | WebMcpLayer;

/** The roles a server's recipe tools can play, whatever the server names them. */
export type RecipeRole = 'search_recipes' | 'list_recipes' | 'get_recipe';

/** The recipe roles, in prompt order. */
export const RECIPE_ROLES: readonly RecipeRole[] = ['search_recipes', 'list_recipes', 'get_recipe'];

/** Names of the local pseudo-tools answered from a layer without any network call. */
export type PseudoToolName = 'search_tools' | 'list_tools';

/**
 * The names of the shared pseudo-tools: one pair for every server, told apart by their `server`
 * argument, so lazy discovery costs two tool definitions whatever the number of servers. Like
 * `recall` they carry no prefix, so no layer's tool can take their name. The older per-server
 * names (`x_mcp_search_tools`) are still answered, for a model that builds one from a prefix.
 */
export const SHARED_PSEUDO_TOOLS: Readonly<Record<PseudoToolName, string>> = {search_tools: 'search_tools', list_tools: 'list_tools'};
