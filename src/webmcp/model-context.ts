/**
 * The browser's WebMCP API (`document.modelContext`, the Web Machine Learning community group's
 * draft; Chromium behind `--enable-features=WebMCP`), as far as autoui-agent uses it. Written here
 * rather than assumed from the DOM's types: the draft moves, and a browser without it has none.
 */

/** Hints the draft defines on a tool. */
export interface ModelContextAnnotations {
  readOnlyHint?: boolean;
  /** Calling the tool has consequences a person should confirm. */
  consequentialHint?: boolean;
  /** The tool's results come from sources the page does not vouch for. */
  untrustedContentHint?: boolean;
}

/** A tool as `getTools()` gives it (an interface object in Chromium: read its fields one by one). */
export interface ModelContextTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** A JSON Schema, as an object or as its JSON text. */
  readonly inputSchema?: unknown;
  readonly annotations?: ModelContextAnnotations | null;
  /** The window (frame) that registered it: `getTools()` lists every frame's tools. */
  readonly window?: unknown;
}

/** A tool as a page registers it. */
export interface ModelContextToolInit {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
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
