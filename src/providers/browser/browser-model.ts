/**
 * `provider="browser"`: the browser's own model (the Prompt API's `LanguageModel`), with no key
 * and no server: nothing leaves the device. The model has no tool use on the web, so each turn's
 * answer is constrained to words or one call (`turn-constraint.ts`), and its words stream to the
 * person as the model writes them. A model that must be downloaded first waits for the person's
 * yes (`askToDownload`, which a view answers from a click: the browser lets a page start the
 * download only then). Every failure is an `error` part with its own code and words; Stop aborts
 * the prompt and destroys the session. DOM-free: it needs only the `LanguageModel` global.
 */
import {AutouiError, ErrorCodes, type AutouiErrorCode} from '../../errors.js';
import type {LanguageModel, ModelRequest, ModelStreamPart} from '../language-model.js';
import {AnswerTextStream} from '../constrained/answer-text-stream.js';
import {browserTurnInput} from './browser-messages.js';
import {promptApiOf, type PromptApi, type PromptApiProgressEvent, type PromptApiSession} from './prompt-api.js';
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
      const input = browserTurnInput(request);
      session = await api.create({...expected, initialPrompts: input.initialPrompts, signal, monitor: (monitor) => this.#watch(monitor)});
      const constraint = turnConstraint(request.tools, request.toolChoice);
      const tooLong = await overBudget(session, input.prompt, constraint);
      if (tooLong) return yield failure(ErrorCodes.LOCAL_MODEL_FAILED, tooLong);
      const answer = new AnswerTextStream();
      const reader = session.promptStreaming(input.prompt, {responseConstraint: constraint, omitResponseConstraintInput: true, signal}).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const words = answer.push(read.value);
        if (words) yield {type: 'text-delta', delta: words};
      }
      const turn = readConstrainedTurn(answer.json);
      if (turn.kind === 'invalid') return yield failure(ErrorCodes.LOCAL_MODEL_FAILED, `The browser's built-in model gave an answer that cannot be read: ${turn.error}.`);
      if (turn.kind === 'call') {
        yield {type: 'tool-call', id: `browser_${crypto.randomUUID().slice(0, 12)}`, name: turn.name, input: turn.input};
        return yield {type: 'finish', reason: 'tool-calls'};
      }
      yield {type: 'finish', reason: 'stop'};
    } catch (error) {
      // Stop is no failure: the run says it was stopped.
      if (signal?.aborted) return;
      yield failure(ErrorCodes.LOCAL_MODEL_FAILED, failureWords(error), error);
    } finally {
      session?.destroy();
    }
  }

  /** Passes the download's progress on. */
  #watch(monitor: EventTarget): void {
    const told = this.options.onDownloadProgress;
    if (told) monitor.addEventListener('downloadprogress', (event) => told({loaded: (event as PromptApiProgressEvent).loaded, total: (event as PromptApiProgressEvent).total ?? 1}));
  }
}

/** Why the session cannot read `prompt` with the history it holds, or undefined when it can (or cannot say). */
async function overBudget(session: PromptApiSession, prompt: string, constraint: object): Promise<string | undefined> {
  const contextWindow = session.contextWindow ?? session.inputQuota;
  const measure = session.measureContextUsage ?? session.measureInputUsage;
  if (contextWindow === undefined || !Number.isFinite(contextWindow) || !measure) return undefined;
  const needed = (session.contextUsage ?? session.inputUsage ?? 0) + (await measure.call(session, prompt, {responseConstraint: constraint, omitResponseConstraintInput: true}));
  return needed > contextWindow ? `The conversation is longer than the browser's built-in model can read (${Math.round(needed)} of ${contextWindow} tokens): clear it, or ask without the earlier results.` : undefined;
}


/** The words of a failure of the browser's model. */
function failureWords(error: unknown): string {
  const name = (error as {name?: string})?.name;
  if (name === 'QuotaExceededError') return "The conversation is longer than the browser's built-in model can read: clear it, or ask without the earlier results.";
  if (name === 'NotAllowedError') return "The browser did not let the page start its built-in model (a download needs the person's click).";
  if (name === 'NetworkError') return "The browser's built-in model could not be downloaded: check the connection and try again.";
  return `The browser's built-in model failed: ${(error as Error)?.message ?? String(error)}`;
}

const failure = (code: AutouiErrorCode, message: string, cause?: unknown): ModelStreamPart => ({type: 'error', error: new AutouiError(code, message, cause === undefined ? undefined : {cause})});
