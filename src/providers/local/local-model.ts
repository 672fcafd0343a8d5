/**
 * `provider="local"`: a small open model, a GGUF file downloaded once with the person's yes, run in
 * the browser by wllama (`local-runtime.ts`): no key, no server, nothing of the conversation leaves
 * the device. The model stays loaded between questions.
 *
 * Tool calls, two ways, chosen by the model's chat template:
 * - **native**, when the template renders tools (Qwen, Llama 3, Mistral, Gemma 4, ...): the tools go
 *   to llama.cpp's chat handling, which writes calls in the model's own format and reads them back;
 *   the formats small models still write as text (`parse-tool-calls.ts`) are read from the answer
 *   as the fallback, and `<think>` blocks are kept out of the answer;
 * - **constrained**, when it does not (a base model, a template without tools): each turn's answer
 *   is held by a grammar to "words, or one call of one offered tool with arguments matching its
 *   schema", the same constraint as the browser's own model (`turn-constraint.ts`).
 *
 * Every failure is an `error` part with a `LOCAL_MODEL_*` code; Stop aborts the generation (or the
 * download, or the question before it) and the turn ends with no error.
 */
import type {ChatCompletionParams, ChatCompletionTool, Wllama} from '@wllama/wllama';
import {AutouiError, ErrorCodes} from '../../errors.js';
import type {LanguageModel, ModelRequest, ModelStreamPart, Usage} from '../language-model.js';
import {AnswerTextStream} from '../constrained/answer-text-stream.js';
import {constrainedMessages} from '../constrained/constrained-messages.js';
import {readConstrainedTurn, turnConstraint} from '../constrained/turn-constraint.js';
import {OpenAIDecoder} from '../openai-compatible/openai-decoder.js';
import {convertToOpenAIMessages} from '../openai-compatible/convert-to-openai-messages.js';
import type {ModelDownloadHooks} from '../model-download.js';
import {clearKeptModels, endLocalRuntimes, loadLocalRuntime, type LoadedRuntime} from './local-runtime.js';
import {ModelTextStream} from './model-text-stream.js';
import {abortable, orAborted} from './abortable.js';

/** Options of {@link LocalModel}. */
export interface LocalModelOptions extends ModelDownloadHooks {
  /** The GGUF file's URL (relative URLs are read against the page). */
  model: string;
  /** The runtime's WebAssembly file, when not the copy beside the bundle. */
  runtimeUrl?: string;
  /** Tokens of context the model is loaded with. Default 8192. */
  contextTokens?: number;
  /** Output-token cap of a turn. Default 1024. */
  maxTokens?: number;
  /** Sampling temperature. Default 0.2: tool calls want the likeliest tokens. 0 is greedy (the same answer every time). */
  temperature?: number;
  /**
   * The sampler's seed. Default a fixed one, so the same question on the same model gives the same
   * answer (and a test or a bug report can be replayed); set a different one for varied answers.
   */
  seed?: number;
}

let calls = 0;

/**
 * llama.cpp's samplers against the loop small models fall into (the same sentence again until the
 * output limit, greedy decoding most of all): DRY penalises a sequence that repeats an earlier one,
 * the repeat penalty a token seen in the last 64. Names as llama.cpp's server reads them.
 */
const ANTI_REPETITION = {dry_multiplier: 0.8, dry_base: 1.75, dry_allowed_length: 2, repeat_penalty: 1.1, repeat_last_n: 64} as Record<string, number>;

/**
 * The models loaded in this page, by file and runtime: one Worker per model however many elements
 * or questions use it (each question makes a new `LocalModel`), kept until `unloadLocalModels()`.
 */
const loaded = new Map<string, Promise<LoadedRuntime>>();

/** The sampler's seed when the page sets none: any fixed number makes answers repeatable. */
const DEFAULT_SEED = 20_261_207;

/**
 * Ends every local model's Worker and gives its memory back, loads in progress included (a
 * download stops at once rather than finishing first); the next question loads it again from the kept copy.
 */
export async function unloadLocalModels(): Promise<void> {
  loaded.clear();
  await endLocalRuntimes();
}

/**
 * Ends every local model and deletes the files the local provider keeps in this origin's storage;
 * the next question with `provider="local"` asks again before downloading. Returns the bytes freed.
 */
export async function clearLocalModels(): Promise<number> {
  await unloadLocalModels();
  return clearKeptModels();
}

/** A GGUF model run in the browser, as a {@link LanguageModel}. See the module comment. */
export class LocalModel implements LanguageModel {
  readonly provider = 'local';
  readonly modelId: string;
  readonly small = true;

  constructor(private readonly options: LocalModelOptions) {
    this.modelId = options.model;
  }

  async *stream(request: ModelRequest, {signal}: {signal?: AbortSignal} = {}): AsyncIterable<ModelStreamPart> {
    let runtime: LoadedRuntime | undefined;
    try {
      // Loading (the WebAssembly compiled, the weights read) cannot be interrupted: Stop ends the wait.
      runtime = await orAborted(this.#load(signal), signal);
      if (!runtime) return;
    } catch (error) {
      if (signal?.aborted) return;
      return yield {type: 'error', error: error instanceof AutouiError ? error : new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, `The local model could not be started: ${(error as Error)?.message ?? error}`, {cause: error})};
    }
    try {
      if (runtime.nativeTools) yield* this.#nativeTurn(runtime.wllama, request, signal);
      else yield* this.#constrainedTurn(runtime.wllama, request, signal);
    } catch (error) {
      if (signal?.aborted) return;
      yield {type: 'error', error: new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, turnFailureWords(error), {cause: error})};
    }
  }

  /** The loaded model; a failed or stopped load is tried again on the next turn. */
  #load(signal: AbortSignal | undefined): Promise<LoadedRuntime> {
    const {model, runtimeUrl, contextTokens = 8192, askToDownload, onDownloadProgress, downloadCancelled} = this.options;
    const url = new URL(model, globalThis.location?.href).href;
    const key = `${url} ${runtimeUrl ?? ''} ${contextTokens}`;
    let loading = loaded.get(key);
    if (!loading) {
      loading = loadLocalRuntime({url, runtimeUrl, contextTokens, signal, askToDownload, onDownloadProgress, downloadCancelled});
      loaded.set(key, loading);
      loading.catch(() => loaded.delete(key));
    }
    return loading;
  }

  /** A streamed completion of `body` with the turn's limits and sampling; undefined when Stop came first. */
  #completion(wllama: Wllama, request: ModelRequest, signal: AbortSignal | undefined, body: Pick<ChatCompletionParams, 'messages' | 'tools' | 'tool_choice' | 'response_format'>) {
    const max_tokens = request.maxTokens ?? this.options.maxTokens ?? 1024;
    const temperature = this.options.temperature ?? 0.2;
    const seed = this.options.seed ?? DEFAULT_SEED;
    return orAborted(wllama.createChatCompletion({...ANTI_REPETITION, ...body, max_tokens, temperature, seed, stream: true, stream_options: {include_usage: true}, abortSignal: signal} as ChatCompletionParams & {stream: true}), signal);
  }

  /** A turn through the model's own tool format, with the text formats read as the fallback. */
  async *#nativeTurn(wllama: Wllama, request: ModelRequest, signal: AbortSignal | undefined): AsyncIterable<ModelStreamPart> {
    const tools: ChatCompletionTool[] = request.tools.map((t) => ({type: 'function' as const, function: {name: t.name, description: t.description, parameters: t.input_schema as never}}));
    const chunks = await this.#completion(wllama, request, signal, {
      messages: convertToOpenAIMessages(request.system, request.messages) as never,
      ...(tools.length ? {tools, tool_choice: request.toolChoice ?? 'auto'} : {}),
    });
    if (!chunks) return;
    const decoder = new OpenAIDecoder();
    const text = new ModelTextStream({tools: request.tools.map((t) => t.name)});
    for await (const chunk of abortable(chunks, signal)) {
      for (const part of decoder.event({data: JSON.stringify(chunk), event: undefined, id: undefined})) {
        if (part.type !== 'text-delta') {
          yield part;
          continue;
        }
        const piece = text.push(part.delta);
        if (piece.thinking) yield {type: 'reasoning-delta', delta: piece.thinking};
        if (piece.text) yield {type: 'text-delta', delta: piece.text};
      }
    }
    if (signal?.aborted) return;
    const end = text.end();
    if (end.rest) yield {type: 'text-delta', delta: end.rest};
    const ending = decoder.end();
    const nativeCalls = ending.some((part) => part.type === 'tool-call');
    if (nativeCalls || end.calls.length === 0) return yield* ending;
    // The template had tools, but the model wrote its call as text: read from the answer.
    for (const call of end.calls) yield {type: 'tool-call', id: `local_${++calls}`, name: call.name, input: call.input, ...(call.inputError ? {inputError: call.inputError} : {})};
    const finish = ending.find((part) => part.type === 'finish');
    yield {type: 'finish', reason: 'tool-calls', ...(finish?.type === 'finish' && finish.usage ? {usage: finish.usage} : {})};
  }

  /** A turn held by a grammar to words or one call (`turn-constraint.ts`). */
  async *#constrainedTurn(wllama: Wllama, request: ModelRequest, signal: AbortSignal | undefined): AsyncIterable<ModelStreamPart> {
    const chunks = await this.#completion(wllama, request, signal, {
      messages: constrainedMessages(request),
      response_format: {type: 'json_schema', json_schema: {name: 'turn', schema: turnConstraint(request.tools, request.toolChoice), strict: true}},
    });
    if (!chunks) return;
    const answer = new AnswerTextStream();
    let reason: string | null | undefined;
    let usage: Usage | undefined;
    for await (const chunk of abortable(chunks, signal)) {
      if (chunk.usage) usage = {inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0, ...(chunk.timings?.cache_n ? {cacheReadTokens: chunk.timings.cache_n} : {})};
      const choice = chunk.choices?.[0];
      const delta = choice?.delta?.content;
      if (typeof delta === 'string' && delta) {
        const words = answer.push(delta);
        if (words) yield {type: 'text-delta', delta: words};
      }
      if (choice?.finish_reason) reason = choice.finish_reason;
    }
    if (signal?.aborted) return;
    // How the cut answer begins and ends, so a page (or a bug report) can see what the model got stuck writing.
    const cut = answer.json.length > 160 ? `${JSON.stringify(answer.json.slice(0, 80))} … ${JSON.stringify(answer.json.slice(-80))}` : JSON.stringify(answer.json);
    if (reason === 'length') return yield {type: 'error', error: new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, `The local model reached its output limit before its answer was complete: ${cut}.`)};
    const turn = readConstrainedTurn(answer.json);
    if (turn.kind === 'invalid') return yield {type: 'error', error: new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, `The local model gave an answer that cannot be read: ${turn.error}.`)};
    if (turn.kind === 'call') {
      yield {type: 'tool-call', id: `local_${++calls}`, name: turn.name, input: turn.input};
      return yield {type: 'finish', reason: 'tool-calls', ...(usage ? {usage} : {})};
    }
    yield {type: 'finish', reason: 'stop', ...(usage ? {usage} : {})};
  }
}

/** The words of a failure during a turn. */
function turnFailureWords(error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  if (/context|kv_cache|n_ctx|too long|exceeds/i.test(message)) return `The conversation is longer than the local model can read (${message}): clear it, or ask without the earlier results.`;
  return `The local model failed: ${message}`;
}
