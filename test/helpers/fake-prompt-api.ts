/**
 * A stand-in for the browser's built-in model (the Prompt API's `LanguageModel`), which no machine
 * here has, following its published interface: `availability()` in its four states, `create()`
 * with `initialPrompts`, `monitor` (`downloadprogress` events with `loaded` from 0 to 1) and
 * `signal`, sessions whose `promptStreaming()` honours `responseConstraint` (a scripted answer
 * that breaks the schema is an error here, as the real model cannot write one) and `signal`
 * (an `AbortError`), a context window measured in tokens (`contextWindow`, `contextUsage`,
 * `measureContextUsage()`; initial prompts or a prompt past it is a `QuotaExceededError`), tool use
 * as the explainer has it when `toolUse` is set (`tools` with `execute`, called by the "model" in
 * the middle of a prompt, which then waits for their results; without `toolUse` the `tool-call`
 * type is rejected as an unknown enum value is), and `destroy()`. Answers are scripted, one per
 * prompt, streamed in small pieces.
 */
import {Validator} from '@cfworker/json-schema';
import type {PromptApi, PromptApiAvailability, PromptApiCreateOptions, PromptApiMessage, PromptApiPromptOptions, PromptApiSession, PromptApiTool} from '../../src/providers/browser/prompt-api.js';

/** Roughly a token: four characters. */
const tokens = (text: string) => Math.ceil(text.length / 4);

/** One session the fake made, as a test inspects it. */
export interface FakeSessionRecord {
  initialPrompts: PromptApiMessage[];
  /** The tools the session was given (tool use). */
  tools: PromptApiTool[];
  prompts: Array<{input: string; constraint?: object}>;
  destroyed: boolean;
}

/** The fake `LanguageModel`, with what a test scripts and reads. */
export class FakePromptApi implements PromptApi {
  availabilityState: PromptApiAvailability = 'available';
  /**
   * Answers, one per prompt, in order: JSON text a constrained model writes, or (a session with
   * tools) words and the calls the model makes through its tools' `execute`.
   */
  readonly answers: Array<string | FakeToolUse> = [];
  /** The browser has tool use (the `tool-call` and `tool-response` types). */
  toolUse = false;
  /** Characters per streamed piece. */
  pieceSize = 3;
  /** Tokens a session can hold. */
  contextWindow = 4096;
  /** Milliseconds between pieces (0: none), so a test can stop a prompt midway. */
  pieceDelayMs = 0;
  readonly sessions: FakeSessionRecord[] = [];
  createCalls = 0;

  async availability(options: Pick<PromptApiCreateOptions, 'expectedInputs' | 'expectedOutputs'> = {}): Promise<PromptApiAvailability> {
    const types = [...(options.expectedInputs ?? []), ...(options.expectedOutputs ?? [])].map((e) => e.type);
    // WebIDL: a value outside the enum is a TypeError, which is what a browser without tool use does.
    if (!this.toolUse && types.some((type) => type !== 'text')) throw new TypeError(`The provided value '${types.find((t) => t !== 'text')}' is not a valid enum value of type LanguageModelMessageType.`);
    return this.availabilityState;
  }

  async create(options: PromptApiCreateOptions = {}): Promise<PromptApiSession> {
    this.createCalls++;
    options.signal?.throwIfAborted();
    if (this.availabilityState === 'unavailable') throw new DOMException('The model is not available.', 'NotSupportedError');
    if (this.availabilityState !== 'available') {
      const monitor = new EventTarget();
      options.monitor?.(monitor);
      for (const loaded of [0, 0.5, 1]) monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), {loaded, total: 1}));
      this.availabilityState = 'available';
    }
    if (options.tools?.length && !this.toolUse) throw new TypeError('fake Prompt API: tools given to a browser without tool use');
    const initialPrompts = [...(options.initialPrompts ?? [])];
    if (initialPrompts.reduce((sum, m) => sum + tokens(m.content), 0) > this.contextWindow) throw new DOMException('The initial prompts are too large.', 'QuotaExceededError');
    const record: FakeSessionRecord = {initialPrompts, tools: [...(options.tools ?? [])], prompts: [], destroyed: false};
    this.sessions.push(record);
    return new FakeSession(this, record);
  }
}

class FakeSession implements PromptApiSession {
  readonly contextUsage: number;

  constructor(
    private readonly api: FakePromptApi,
    private readonly record: FakeSessionRecord,
  ) {
    this.contextUsage = record.initialPrompts.reduce((sum, m) => sum + tokens(m.content), 0);
  }

  get contextWindow(): number {
    return this.api.contextWindow;
  }

  async measureContextUsage(input: string): Promise<number> {
    return tokens(input);
  }

  promptStreaming(input: string, options: PromptApiPromptOptions = {}): ReadableStream<string> {
    const {api, record} = this;
    if (record.destroyed) throw new DOMException('The session was destroyed.', 'InvalidStateError');
    record.prompts.push({input, constraint: options.responseConstraint});
    const scripted = api.answers.shift();
    if (typeof scripted === 'object') return this.#toolUse(scripted, options);
    const answer = scripted;
    let at = 0;
    return new ReadableStream<string>({
      start: (controller) => {
        if (this.contextUsage + tokens(input) > api.contextWindow) controller.error(new DOMException('The input is too large.', 'QuotaExceededError'));
        else if (answer === undefined) controller.error(new Error('fake Prompt API: no answer scripted'));
        else if (options.responseConstraint && !new Validator(options.responseConstraint as never, '2020-12', false).validate(JSON.parse(answer)).valid) {
          controller.error(new Error(`fake Prompt API: the scripted answer breaks the responseConstraint: ${answer}`));
        }
      },
      pull: async (controller) => {
        if (options.signal?.aborted || record.destroyed) return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        if (api.pieceDelayMs) await new Promise((resolve) => setTimeout(resolve, api.pieceDelayMs));
        if (options.signal?.aborted) return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        if (at >= answer!.length) return controller.close();
        controller.enqueue(answer!.slice(at, at + api.pieceSize));
        at += api.pieceSize;
      },
    });
  }

  /** A prompt of a session with tools: the words, then the calls through `execute`, then waiting for their results (until aborted). */
  #toolUse(scripted: FakeToolUse, options: PromptApiPromptOptions): ReadableStream<string> {
    const {record} = this;
    const words = scripted.text ?? '';
    let at = 0;
    let called = false;
    return new ReadableStream<string>({
      pull: async (controller) => {
        if (options.signal?.aborted || record.destroyed) return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        if (at < words.length) {
          controller.enqueue(words.slice(at, at + this.api.pieceSize));
          at += this.api.pieceSize;
          return;
        }
        if (called || !scripted.calls.length) return controller.close();
        called = true;
        const executions = scripted.calls.map((call) => {
          const tool = record.tools.find((t) => t.name === call.name);
          if (!tool) throw new Error(`fake Prompt API: the script calls ${call.name}, which the session was not given`);
          return tool.execute(call.arguments);
        });
        // The model waits for every result before it goes on (Promise.all, as the explainer says); an abort ends the wait.
        const aborted = new Promise<never>((_, reject) => options.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), {once: true}));
        try {
          const results = await Promise.race([Promise.all(executions), aborted]);
          controller.enqueue(`(results: ${results.join(', ')})`);
          controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    });
  }

  destroy(): void {
    this.record.destroyed = true;
  }
}

/** A scripted turn of a session with tools: words, then calls the model makes through its tools. */
export interface FakeToolUse {
  text?: string;
  calls: Array<{name: string; arguments: unknown}>;
}
