/**
 * The one interface between the agent loop and an LLM: a request (system prompt, messages, tools)
 * in, a stream of parts out. Implementations live beside this file (Anthropic Messages,
 * OpenAI-compatible chat completions) or in tests (a scripted model); none may touch the DOM. The
 * loop imports only these types, so a third provider is a new folder here and nothing else.
 */
import type {TraceCarrier} from '../telemetry/agent-tracer.js';
import type {AutouiError} from '../errors.js';
import type {ModelMessage} from './model-messages.js';
import type {JsonSchema} from '../schema/json-schema.js';

/** A tool as sent to an LLM provider (prefixed name, sanitised schema). */
export interface ProviderTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

/** One assistant turn to generate. */
export interface ModelRequest {
  /** The system prompt. */
  system: string;
  messages: readonly ModelMessage[];
  /** Tools offered for this turn (already prefixed and sanitised). */
  tools: readonly ProviderTool[];
  /** Upper bound on output tokens (Anthropic requires one). */
  maxTokens?: number;
  /**
   * `required`: the turn must call one of `tools` (a small model's first turn: it would otherwise
   * answer from what it remembers instead of looking). The models that run in the browser hold
   * their answer to it; the wire providers are not asked it.
   */
  toolChoice?: 'auto' | 'required';
}

/** Why a turn ended, mapped from each provider's own vocabulary. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'error' | 'other';

/** Token counts of one turn or, summed, of a run. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens read from the provider's cache (Anthropic `cache_read_input_tokens`, OpenAI `cached_tokens`). */
  cacheReadTokens?: number;
  /** Prompt tokens written to the cache (Anthropic `cache_creation_input_tokens`). */
  cacheWriteTokens?: number;
}

/** One piece of a streamed assistant turn. */
export type ModelStreamPart =
  | {type: 'text-delta'; delta: string}
  | {
      type: 'tool-call';
      id: string;
      name: string;
      input: Record<string, unknown>;
      /**
       * Set when the model's arguments could not be used (not JSON, not an object, cut off):
       * the loop never executes such a call and answers the model with this message.
       */
      inputError?: string;
    }
  /**
   * A streamed tool call began: its arguments follow as `tool-input-delta` parts, and the
   * `tool-call` part with the same `id` ends it (or none comes, when the stream was cut). For a
   * view that shows a call while the model writes it; the loop acts only on `tool-call`.
   */
  | {type: 'tool-input-start'; id: string; name: string}
  /** A fragment of a streamed call's arguments, as the model wrote it (its JSON, not yet whole). */
  | {type: 'tool-input-delta'; id: string; delta: string}
  /**
   * A piece of the model's thinking (a small model's `<think>` block): a view may show it apart,
   * collapsed; it is never the answer and never sent back to the model.
   */
  | {type: 'reasoning-delta'; delta: string}
  /**
   * The model could not read the whole conversation, so this turn it read only the latest part:
   * `dropped` of the oldest messages were left out to fit its `contextWindow` (in tokens). The
   * person is told; nothing is lost from the session's own history.
   */
  | {type: 'context-trimmed'; dropped: number; contextWindow: number}
  | {type: 'finish'; reason: FinishReason; usage?: Usage; raw?: string}
  | {type: 'error'; error: AutouiError};

/** A chat model the agent loop can call. */
export interface LanguageModel {
  /** `anthropic`, `openai`, or a test model's name. */
  readonly provider: string;
  readonly modelId: string;
  /**
   * True for a small model on the person's device (the browser's own, a local GGUF): the loop
   * uses its small-model settings (a shorter prompt, flattened arguments, a first turn that must
   * look something up, results shrunk earlier).
   */
  readonly small?: boolean;
  /**
   * Streams one assistant turn. Contract: HTTP and network failures surface as an `error` part,
   * not a throw; the iterable ends soon after `signal` aborts.
   */
  stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<ModelStreamPart>;
}

/** Options of one {@link LanguageModel.stream}. */
export interface StreamOptions {
  signal?: AbortSignal;
  /**
   * The turn's trace context, when the page traces questions: wire providers send it as the
   * `traceparent` (and `tracestate`) header, so a proxy's or a gateway's spans join the trace.
   */
  trace?: TraceCarrier;
}
