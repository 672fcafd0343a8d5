/**
 * The part of the browser's Prompt API (`LanguageModel`, the built-in model) that autoui-agent
 * uses, typed here because TypeScript's DOM library does not have it yet. Chrome ships it to web
 * pages on desktop since Chrome 148; the shape follows the published IDL. The context budget has
 * two spellings: `contextWindow`/`measureContextUsage()` on the web today, and the older
 * `inputQuota`/`measureInputUsage()` that extension contexts still have: both are read. Tool use
 * (`tools`, with the `tool-call` and `tool-response` types) is typed as the explainer has it; a
 * browser without it rejects those types.
 */

/** Whether the browser can run its model: at once, after a download, during one, or not at all. */
export type PromptApiAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

/** One message of a session's history. */
export interface PromptApiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The download monitor `create()` hands to `monitor`: `downloadprogress` events carry `loaded` (0 to 1). */
export interface PromptApiMonitor extends EventTarget {}

/** A `downloadprogress` event. */
export interface PromptApiProgressEvent extends Event {
  readonly loaded: number;
  readonly total?: number;
}

/** A kind of input or output a session is created for; `tool-call` and `tool-response` where the browser has tool use. */
export interface PromptApiExpected {
  type: 'text' | 'tool-call' | 'tool-response';
  languages?: string[];
}

/** A tool the model may call (tool use): the browser calls `execute` with the arguments and gives the model its answer. */
export interface PromptApiTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: object;
  execute(input: unknown): Promise<string>;
}

/** Options of `create()`. */
export interface PromptApiCreateOptions {
  initialPrompts?: PromptApiMessage[];
  monitor?: (monitor: PromptApiMonitor) => void;
  signal?: AbortSignal;
  expectedInputs?: PromptApiExpected[];
  expectedOutputs?: PromptApiExpected[];
  /** Tools the model may call during a prompt (where the browser has tool use). */
  tools?: PromptApiTool[];
}

/** Options of one prompt. */
export interface PromptApiPromptOptions {
  /** A JSON Schema the answer must satisfy. */
  responseConstraint?: object;
  /** True: the schema is not added to the model's input (the prompt already says what to write). */
  omitResponseConstraintInput?: boolean;
  signal?: AbortSignal;
}

/** One session with the browser's model. */
export interface PromptApiSession {
  promptStreaming(input: string, options?: PromptApiPromptOptions): ReadableStream<string>;
  measureContextUsage?(input: string, options?: PromptApiPromptOptions): Promise<number>;
  readonly contextUsage?: number;
  readonly contextWindow?: number;
  measureInputUsage?(input: string, options?: PromptApiPromptOptions): Promise<number>;
  readonly inputUsage?: number;
  readonly inputQuota?: number;
  destroy(): void;
}

/** The `LanguageModel` interface object. */
export interface PromptApi {
  availability(options?: Pick<PromptApiCreateOptions, 'expectedInputs' | 'expectedOutputs'>): Promise<PromptApiAvailability>;
  create(options?: PromptApiCreateOptions): Promise<PromptApiSession>;
}

/** The browser's Prompt API, when this context has one. */
export function promptApiOf(scope: object = globalThis): PromptApi | undefined {
  const api = (scope as {LanguageModel?: unknown}).LanguageModel;
  return typeof api === 'function' || (typeof api === 'object' && api !== null) ? (api as PromptApi) : undefined;
}
