/**
 * The browser's WebMCP API (`document.modelContext`, the Web Machine Learning community group's
 * draft; Chromium behind `--enable-features=WebMCP`), as far as autoui-agent uses it. Written here
 * rather than assumed from the DOM's types: the draft moves, and a browser without it has none.
 * Two shapes of `getTools()` are read: the `RegisteredTool` dictionaries of Chrome up to 159 (the
 * registering frame in `window`) and the `Tool` interface objects of Chrome 160 on (in `source`;
 * empty fields are null, and spreading or `JSON.stringify` copies nothing).
 */

/** Hints the draft defines on a tool. */
export interface ModelContextAnnotations {
  readOnlyHint?: boolean;
  /** Calling the tool has consequences a person should confirm. */
  consequentialHint?: boolean;
  /** The tool's results come from sources the page does not vouch for. */
  untrustedContentHint?: boolean;
  /** The tool is there for the page's developers (DevTools, test agents), not for an agent acting for a person. */
  debugging?: boolean;
}

/** A tool as `getTools()` gives it (an interface object in Chromium: read its fields one by one). */
export interface ModelContextTool {
  readonly name: string;
  readonly title?: string | null;
  readonly description?: string | null;
  /** A JSON Schema, as an object or as its JSON text. */
  readonly inputSchema?: unknown;
  /** What its results' structured part holds (Chrome 159 on), as an object or as its JSON text. */
  readonly outputSchema?: unknown;
  readonly annotations?: ModelContextAnnotations | null;
  /** The window (frame) that registered it, from Chrome 160: `getTools()` lists every frame's tools. */
  readonly source?: unknown;
  /** The same, under its name up to Chrome 159. */
  readonly window?: unknown;
}

/** A tool as a page registers it. */
export interface ModelContextToolInit {
  name: string;
  title?: string;
  description: string;
  /** Optional in the draft: a tool without one takes any object. */
  inputSchema?: Record<string, unknown>;
  /** What the `structuredContent` of its results holds (MCP's meaning), for browsers that take it (Chrome 159 on). */
  outputSchema?: Record<string, unknown>;
  annotations?: ModelContextAnnotations;
  execute(input: Record<string, unknown>): Promise<unknown> | unknown;
}

/** `document.modelContext`. */
export interface ModelContext extends EventTarget {
  registerTool(tool: ModelContextToolInit, options?: {signal?: AbortSignal}): Promise<void> | void;
  getTools(): Promise<readonly ModelContextTool[]>;
  executeTool(tool: ModelContextTool, input: Record<string, unknown>, options?: {signal?: AbortSignal}): Promise<unknown>;
}

/** The document's model context, or undefined where the browser has none (or only part of it). */
export function modelContextOf(doc: {modelContext?: unknown} | undefined): ModelContext | undefined {
  const context = doc?.modelContext as Partial<ModelContext> | undefined;
  const complete = !!context && typeof context.registerTool === 'function' && typeof context.getTools === 'function' && typeof context.executeTool === 'function';
  return complete ? (context as ModelContext) : undefined;
}

/**
 * The window that registered `tool`: `source` from Chrome 160, `window` before. Null or undefined
 * when the browser does not say (a worker's tool, an opaque origin's, an older draft).
 */
export function toolSource(tool: ModelContextTool): unknown {
  return tool.source ?? tool.window;
}

/**
 * Registers `tool`, with its `outputSchema` where the browser takes it. A browser older than the
 * member ignores it (a dictionary's unknown member); one that refuses the registration because of
 * it (a stricter build, or one that finds the schema wrong) gets the tool again without it, so the
 * tool is offered either way. Rejects as the browser does when the tool is refused without it too.
 */
export async function registerModelContextTool(context: ModelContext, tool: ModelContextToolInit, options: {signal: AbortSignal}): Promise<void> {
  try {
    await context.registerTool(tool, options);
  } catch (error) {
    if (!tool.outputSchema || options.signal.aborted) throw error;
    const {outputSchema: _refused, ...without} = tool;
    await context.registerTool(without, options);
  }
}
