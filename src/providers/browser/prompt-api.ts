/**
 * The part of the browser's Prompt API (`LanguageModel`, the built-in model) that autoui-agent
 * uses, typed here because TypeScript's DOM library does not have it yet. Chrome ships it to web
 * pages on desktop since Chrome 148; the shape follows the published IDL. The context budget has
 * two spellings: `contextWindow`/`measureContextUsage()` on the web today, and the older
 * `inputQuota`/`measureInputUsage()` that extension contexts still have: both are read.
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

/** Options of `create()`. */
export interface PromptApiCreateOptions {
  initialPrompts?: PromptApiMessage[];
  monitor?: (monitor: PromptApiMonitor) => void;
  signal?: AbortSignal;
  expectedInputs?: Array<{type: 'text'; languages?: string[]}>;
  expectedOutputs?: Array<{type: 'text'; languages?: string[]}>;
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
