/**
 * `provider="browser"`: the browser's own model (the Prompt API's `LanguageModel`), with no key
 * and no server: nothing leaves the device. Where the browser's model uses tools itself, it is
 * given the turn's tools (`native-tools.ts`); elsewhere, and for a turn that must call one, each
 * turn's answer is constrained to words or one call (`turn-constraint.ts`). Its words stream to
 * the person as the model writes them. A conversation longer than the model reads is shortened
 * from its oldest messages, and the person is told (`fit-context.ts`). A model that must be downloaded first waits for the person's
 * yes (`askToDownload`, which a view answers from a click: the browser lets a page start the
 * download only then). Every failure is an `error` part with its own code and words; Stop aborts
 * the prompt and destroys the session. DOM-free: it needs only the `LanguageModel` global.
 */
import {AutouiError, ErrorCodes, type AutouiErrorCode} from '../../errors.js';
import type {LanguageModel, ModelRequest, ModelStreamPart} from '../language-model.js';
import {AnswerTextStream} from '../constrained/answer-text-stream.js';
import {browserTurnInput, nativeToolTurnInput} from './browser-messages.js';
import {fitToContext} from './fit-context.js';
import {hasNativeTools, NativeCalls, withToolTypes} from './native-tools.js';
import {promptApiOf, type PromptApi, type PromptApiCreateOptions, type PromptApiProgressEvent, type PromptApiSession} from './prompt-api.js';
import {readConstrainedTurn, turnConstraint} from '../constrained/turn-constraint.js';
import {untilAborted} from '../until-aborted.js';
import type {ModelDownloadHooks} from '../model-download.js';


/** Options of {@link BrowserModel}. */
export interface BrowserModelOptions extends ModelDownloadHooks {
  /** The Prompt API to use; by default the context's `LanguageModel`. */
  api?: PromptApi;
  /** The language of the conversation (`en`, `fr`, …), declared to the browser for its model's inputs and outputs. */
  language?: string;
}

/** The browser's built-in model, as a {@link LanguageModel}. See the module comment. */
export class BrowserModel implements LanguageModel {
  readonly provider = 'browser';
  readonly modelId = 'built-in';
  readonly small = true;

  #nativeTools?: Promise<boolean>;

  constructor(private readonly options: BrowserModelOptions = {}) {}

  async *stream(request: ModelRequest, {signal}: {signal?: AbortSignal} = {}): AsyncIterable<ModelStreamPart> {
    const api = this.options.api ?? promptApiOf();
    if (!api) return yield failure(ErrorCodes.LOCAL_MODEL_UNAVAILABLE, 'This browser has no built-in model (the Prompt API, in desktop Chrome 148 and later): choose another provider.');
    const languages = this.options.language ? [this.options.language.split('-')[0]] : undefined;
    const expected = {expectedInputs: [{type: 'text' as const, languages}], expectedOutputs: [{type: 'text' as const, languages}]};
    let session: PromptApiSession | undefined;
    try {
      const availability = await api.availability(expected);
      if (availability === 'unavailable') return yield failure(ErrorCodes.LOCAL_MODEL_UNAVAILABLE, "The browser's built-in model cannot run on this device (not enough memory, disk or GPU, or turned off by policy).");
      if (availability !== 'available') {
        const ask = this.options.askToDownload;
        // Stop while the person is asked ends the turn at once: the question is retracted.
        const agreed = ask ? await untilAborted(ask({provider: 'browser', model: 'built-in'}), signal) : false;
        if (signal?.aborted) return;
        if (!agreed) return yield failure(ErrorCodes.LOCAL_MODEL_REFUSED, ask ? "The browser's built-in model must be downloaded first, and the download was not accepted." : "The browser's built-in model must be downloaded first, and nobody was asked to agree to the download.");
      }
      if (signal?.aborted) return;
      // A turn that must call a tool stays constrained: the browser's tool use cannot be held to a call.
      const native = request.toolChoice !== 'required' && request.tools.length > 0 && (await this.#hasNativeTools(api, expected));
      const calls = native ? new NativeCalls() : undefined;
      const input = native ? nativeToolTurnInput(request) : browserTurnInput(request);
      const constraint = native ? undefined : turnConstraint(request.tools, request.toolChoice);
      const measureWith = constraint && {responseConstraint: constraint, omitResponseConstraintInput: true};
      const options = {...(native ? withToolTypes(expected) : expected), signal, monitor: (monitor: EventTarget) => this.#watch(monitor), ...(calls ? {tools: calls.toolsFor(request.tools)} : {})};
      const fitted = await fitToContext(api, {options, history: input.initialPrompts, prompt: input.prompt, measureWith});
      if ('tooLong' in fitted) return yield failure(ErrorCodes.LOCAL_MODEL_FAILED, fitted.tooLong);
      session = fitted.session;
      if (fitted.dropped && fitted.contextWindow) yield {type: 'context-trimmed', dropped: fitted.dropped, contextWindow: fitted.contextWindow};
      if (calls) yield* nativeToolTurn(session, input.prompt, calls, signal);
      else yield* constrainedTurn(session, input.prompt, constraint!, signal);
    } catch (error) {
      // Stop is no failure: the run says it was stopped.
      if (signal?.aborted) return;
      yield failure(ErrorCodes.LOCAL_MODEL_FAILED, failureWords(error), error);
    } finally {
      session?.destroy();
    }
  }

  /** Whether the browser's model uses tools itself; asked once. */
  #hasNativeTools(api: PromptApi, expected: Pick<PromptApiCreateOptions, 'expectedInputs' | 'expectedOutputs'>): Promise<boolean> {
    return (this.#nativeTools ??= hasNativeTools(api, expected));
  }

  /** Passes the download's progress on. */
  #watch(monitor: EventTarget): void {
    const told = this.options.onDownloadProgress;
    if (told) monitor.addEventListener('downloadprogress', (event) => told({loaded: (event as PromptApiProgressEvent).loaded, total: (event as PromptApiProgressEvent).total ?? 1}));
  }
}

/** A turn held by `constraint` to words or one call (`turn-constraint.ts`): the words stream from the JSON as it comes. */
async function* constrainedTurn(session: PromptApiSession, prompt: string, constraint: object, signal: AbortSignal | undefined): AsyncIterable<ModelStreamPart> {
  const answer = new AnswerTextStream();
  const reader = session.promptStreaming(prompt, {responseConstraint: constraint, omitResponseConstraintInput: true, signal}).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const words = answer.push(read.value);
    if (words) yield {type: 'text-delta', delta: words};
  }
  const turn = readConstrainedTurn(answer.json);
  if (turn.kind === 'invalid') return yield failure(ErrorCodes.LOCAL_MODEL_FAILED, `The browser's built-in model gave an answer that cannot be read: ${turn.error}.`);
  if (turn.kind === 'answer') return yield {type: 'finish', reason: 'stop'};
  yield {type: 'tool-call', id: callId(), name: turn.name, input: turn.input};
  yield {type: 'finish', reason: 'tool-calls'};
}

/**
 * A turn of a session given the tools (`native-tools.ts`): words stream as the model writes them,
 * and once it calls tools the prompt is stopped and the calls end the turn (the loop runs them).
 */
async function* nativeToolTurn(session: PromptApiSession, prompt: string, calls: NativeCalls, signal: AbortSignal | undefined): AsyncIterable<ModelStreamPart> {
  const prompting = new AbortController();
  const stop = () => prompting.abort();
  signal?.addEventListener('abort', stop, {once: true});
  const reader = session.promptStreaming(prompt, {signal: prompting.signal}).getReader();
  const called = calls.made.then(() => 'called' as const);
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), called]);
      if (read === 'called' || read.done) break;
      if (read.value) yield {type: 'text-delta', delta: read.value};
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    // The prompt waits for results the loop will give in the next turn: it ends here.
    prompting.abort();
    reader.cancel().catch(() => {});
  }
  if (signal?.aborted) return;
  if (calls.calls.length === 0) return yield {type: 'finish', reason: 'stop'};
  for (const call of calls.calls) {
    const isObject = typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input);
    yield {type: 'tool-call', id: callId(), name: call.name, input: isObject ? (call.input as Record<string, unknown>) : {}, ...(isObject ? {} : {inputError: 'The arguments must be a JSON object.'})};
  }
  yield {type: 'finish', reason: 'tool-calls'};
}

const callId = () => `browser_${crypto.randomUUID().slice(0, 12)}`;

/** The words of a failure of the browser's model. */
function failureWords(error: unknown): string {
  const name = (error as {name?: string})?.name;
  if (name === 'QuotaExceededError') return "The conversation is longer than the browser's built-in model can read: clear it, or ask without the earlier results.";
  if (name === 'NotAllowedError') return "The browser did not let the page start its built-in model (a download needs the person's click).";
  if (name === 'NetworkError') return "The browser's built-in model could not be downloaded: check the connection and try again.";
  return `The browser's built-in model failed: ${(error as Error)?.message ?? String(error)}`;
}

const failure = (code: AutouiErrorCode, message: string, cause?: unknown): ModelStreamPart => ({type: 'error', error: new AutouiError(code, message, cause === undefined ? undefined : {cause})});
