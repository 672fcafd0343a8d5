/**
 * Reads the token usage an upstream reports while its answer passes through, without touching the
 * bytes the client gets. Anthropic reports input tokens in `message_start` and the output count
 * so far in each `message_delta`; OpenAI-compatible servers send a final chunk with `usage`
 * (the proxy asks for it); a JSON (non-streamed) answer carries `usage` at its top.
 */
import {createParser} from 'eventsource-parser';

/** Largest JSON answer the meter reads for its usage; past it the reservation counts instead. */
const MAX_JSON_BYTES = 4_000_000;

interface UsageFields {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  prompt_tokens?: number;
  completion_tokens?: number;
}

/** What an answer reported about itself, for the proxy's span and metrics: never its content. */
export interface AnswerReport {
  /** Input tokens, cache reads and writes included (the GenAI conventions' `input_tokens`). */
  input?: number;
  output?: number;
  /** Stop or finish reasons as the provider names them (`end_turn`, `tool_use`, `stop`, `length`). */
  finishReasons: string[];
  /** The model that answered, as the answer names it. */
  responseModel?: string;
  /** The provider's id of the answer (`msg_…`, `chatcmpl-…`). */
  responseId?: string;
}

/** Longest id, model name or reason kept: they are short; a long one is not a provider's. */
const MAX_NAME = 200;

/** Counts the usage in an answer fed to it chunk by chunk. */
export class UsageMeter {
  #input?: number;
  #output?: number;
  #finishReasons = new Set<string>();
  #responseModel?: string;
  #responseId?: string;
  #decoder = new TextDecoder();
  #json?: string[];
  #jsonBytes = 0;
  #sse?: ReturnType<typeof createParser>;
  #final = false;

  constructor(contentType: string | null) {
    if (contentType?.includes('text/event-stream')) {
      this.#sse = createParser({
        onEvent: (event) => {
          if (event.data === '[DONE]') this.#final = true;
          else this.#readJson(event.data);
        },
      });
    } else {
      this.#json = [];
    }
  }

  /** Feeds one chunk of the answer. */
  add(chunk: Uint8Array): void {
    if (this.#sse) return this.#sse.feed(this.#decoder.decode(chunk, {stream: true}));
    if (!this.#json) return;
    this.#jsonBytes += chunk.byteLength;
    if (this.#jsonBytes > MAX_JSON_BYTES) this.#json = undefined;
    else this.#json.push(this.#decoder.decode(chunk, {stream: true}));
  }

  /**
   * Whether the final usage has passed: Anthropic's last `message_delta` (it carries the stop
   * reason) or `message_stop`, OpenAI's usage chunk after the last choice or `[DONE]`, a whole
   * JSON answer. Before it, the counts are partial (Anthropic's `message_start` says 1 output token).
   */
  get final(): boolean {
    this.#readWholeJson();
    return this.#final;
  }

  /** The tokens reported (input, cache and output), or undefined when the answer reported none. */
  total(): number | undefined {
    this.#readWholeJson();
    if (this.#input === undefined && this.#output === undefined) return undefined;
    return (this.#input ?? 0) + (this.#output ?? 0);
  }

  /** The usage and names the answer reported so far. */
  report(): AnswerReport {
    this.#readWholeJson();
    return {
      ...(this.#input !== undefined ? {input: this.#input} : {}),
      ...(this.#output !== undefined ? {output: this.#output} : {}),
      finishReasons: [...this.#finishReasons],
      ...(this.#responseModel ? {responseModel: this.#responseModel} : {}),
      ...(this.#responseId ? {responseId: this.#responseId} : {}),
    };
  }

  #readWholeJson(): void {
    if (!this.#json) return;
    const whole = this.#json.join('') + this.#decoder.decode();
    this.#json = undefined;
    if (this.#readJson(whole)) this.#final = true;
  }

  /** Reads one JSON document's usage; false when it is not JSON. */
  #readJson(text: string): boolean {
    let value: {type?: string; id?: unknown; model?: unknown; stop_reason?: unknown; delta?: {stop_reason?: unknown}; choices?: Array<{finish_reason?: unknown}>; usage?: UsageFields; message?: {id?: unknown; model?: unknown; usage?: UsageFields}};
    try {
      value = JSON.parse(text);
    } catch {
      return false; // a frame that is not JSON: no usage in it
    }
    if (value?.type === 'message_stop' || (value?.type === 'message_delta' && value.delta?.stop_reason)) this.#final = true;
    if (value?.usage && Array.isArray(value.choices) && (value.choices.length === 0 || value.choices.some((c) => c?.finish_reason))) this.#final = true;
    this.#count(value?.usage ?? value?.message?.usage);
    this.#name(value);
    return true;
  }

  /** Keeps the answer's id, model and finish reasons (Anthropic's in `message_start` and `message_delta`, OpenAI's in every chunk). */
  #name(value: {id?: unknown; model?: unknown; stop_reason?: unknown; delta?: {stop_reason?: unknown}; choices?: Array<{finish_reason?: unknown}>; message?: {id?: unknown; model?: unknown}}): void {
    if (!value || typeof value !== 'object') return;
    const source = value.message && typeof value.message === 'object' ? value.message : value;
    this.#responseId ??= shortName(source.id);
    this.#responseModel ??= shortName(source.model);
    const reasons = [value.delta?.stop_reason, value.stop_reason, ...(Array.isArray(value.choices) ? value.choices.map((c) => c?.finish_reason) : [])];
    for (const reason of reasons) {
      const name = shortName(reason);
      if (name && this.#finishReasons.size < 8) this.#finishReasons.add(name);
    }
  }

  #count(usage: UsageFields | undefined): void {
    if (!usage || typeof usage !== 'object') return;
    const input = sum(usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens, usage.prompt_tokens);
    const output = sum(usage.output_tokens, usage.completion_tokens);
    // Counts are cumulative in every format: keep the largest seen.
    if (input !== undefined) this.#input = Math.max(this.#input ?? 0, input);
    if (output !== undefined) this.#output = Math.max(this.#output ?? 0, output);
  }
}

function shortName(value: unknown): string | undefined {
  return typeof value === 'string' && value && value.length <= MAX_NAME ? value : undefined;
}

function sum(...values: unknown[]): number | undefined {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0);
  return numbers.length ? numbers.reduce((a, b) => a + b, 0) : undefined;
}
