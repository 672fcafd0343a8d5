/**
 * The params of an `mcp-app` widget: one MCP App view on the canvas (MCP Apps, `ui://`
 * resources). The MCP layer writes them as its tool's call goes (the arguments while the model
 * writes them, then the result, or why the call ended without one); the widget element reads
 * them and tells the view. Plain JSON, so a snapshot can hold one; everything in it came from a
 * model or a server and is untrusted.
 */

/** The widget type of an MCP App view. Never offered to the model: only an app tool's call shows one. */
export const MCP_APP_WIDGET_TYPE = 'mcp-app';

/** Params of an `mcp-app` widget. */
export interface McpAppViewParams {
  /** The MCP server's name (its layer's `serverName`), as people read it. */
  server: string;
  /** The id of that server's connection (its layer's `apps.id`): the only server the view may reach. */
  channel: string;
  /** The tool whose call the view shows, by its own name on the server. */
  tool: string;
  /** The `ui://` resource holding the view's HTML. */
  resourceUri: string;
  /** The call's arguments: complete, or, with `partial`, as far as the model has written them. */
  input?: Record<string, unknown>;
  /** True while the model is still writing the arguments (a draft). */
  partial?: boolean;
  /** The server's `CallToolResult`, once the call returned. */
  result?: Record<string, unknown>;
  /** Why the call ended without a result (stopped, failed, denied), once it did. */
  cancelled?: string;
}

/** True when `value` has the required fields of {@link McpAppViewParams}. */
export function isMcpAppViewParams(value: unknown): value is McpAppViewParams {
  const v = value as Partial<McpAppViewParams> | null;
  return !!v && typeof v === 'object' && typeof v.server === 'string' && typeof v.channel === 'string' && typeof v.tool === 'string' && typeof v.resourceUri === 'string';
}

/** A view's HTML and what its server declared for it (`_meta.ui` of the resource's content). */
export interface McpAppResource {
  html: string;
  /** Origins the view may reach, by kind (`connectDomains`, `resourceDomains`, ...), as declared. */
  csp?: Record<string, unknown>;
  /** Browser features asked for (`camera`, `microphone`, `geolocation`, `clipboardWrite`), as declared. */
  permissions?: Record<string, unknown>;
  /** The server's wish for a visible border (`prefersBorder`). */
  prefersBorder?: boolean;
}

/** Which view asks: its widget and call (every request of a view carries it). */
export interface McpAppViewRef {
  /** Unique to this view (its element), from its draft to its end: what its model context is kept under. */
  key: string;
  /** The widget id of the view, when it is a widget (drafts have none). */
  widgetId?: string;
  /** The server's name, for people (labels, approval cards). */
  server: string;
  /** The server's connection id (`McpAppViewParams.channel`): what the view reaches. */
  channel: string;
  tool: string;
}

/**
 * What an `mcp-app` widget element needs from the agent that hosts it: the session's side (its
 * servers, approvals, questions, model context) plus the view's settings. The agent element
 * provides one through context; every method may reject with an `AutouiError` whose message can
 * be shown to the view.
 */
export interface McpAppHost {
  /** The sandbox proxy page's URL (`sandbox-url`), absolute, or undefined when none was set. */
  readonly sandboxUrl?: string;
  /** True when the agent is read-only: views are shown, but may ask nothing that changes anything. */
  readonly readonly: boolean;
  /** The view's HTML, read once per session (`resources/read` on the view's own server). */
  readView(view: McpAppViewRef, uri: string, signal?: AbortSignal): Promise<McpAppResource>;
  /** `tools/call` on the view's own server, for a tool its apps may call, once approved where the policy asks. */
  callTool(view: McpAppViewRef, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** `resources/read` on the view's own server. */
  readResource(view: McpAppViewRef, uri: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** `ui/message`: the text becomes the next question, shown as coming from the view. Rejects while a question runs. */
  message(view: McpAppViewRef, text: string): Promise<void>;
  /** `ui/update-model-context`: what the view wants the model to know at the next question (replaces its earlier one; an empty text withdraws it). */
  updateModelContext(view: McpAppViewRef, text: string): void;
  /** Tells the transcript why a view is not shown (no sandbox, a sandbox on the page's origin, ...). */
  notice(code: string, message: string): void;
  /**
   * Calls `listener` when a call waits for a person's approval: a view in full screen steps back,
   * so the question is not hidden under it. Returns the unsubscribe.
   */
  onApproval(listener: () => void): () => void;
  /**
   * Calls `listener` synchronously when widget `id`, or draft `id`, is about to leave the canvas
   * (closed, cleared, a draft whose call was not run); returns the unsubscribe.
   */
  onRemove(id: string, listener: () => void): () => void;
}
