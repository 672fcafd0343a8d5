/**
 * A stand-in for the browser's built-in model (the Prompt API's `LanguageModel`), which no machine
 * here has, following its published interface: `availability()` in its four states, `create()`
 * with `initialPrompts`, `monitor` (`downloadprogress` events with `loaded` from 0 to 1) and
 * `signal`, sessions whose `promptStreaming()` honours `responseConstraint` (a scripted answer
 * that breaks the schema is an error here, as the real model cannot write one) and `signal`
 * (an `AbortError`), a context window measured in tokens (`contextWindow`, `contextUsage`,
 * `measureContextUsage()`; a prompt past it is a `QuotaExceededError`), and `destroy()`. Answers
 * are scripted, one per prompt, streamed in small pieces.
 */
import {Validator} from '@cfworker/json-schema';
import type {PromptApi, PromptApiAvailability, PromptApiCreateOptions, PromptApiMessage, PromptApiPromptOptions, PromptApiSession} from '../../src/providers/browser/prompt-api.js';

/** Roughly a token: four characters. */
const tokens = (text: string) => Math.ceil(text.length / 4);

/** One session the fake made, as a test inspects it. */
export interface FakeSessionRecord {
  initialPrompts: PromptApiMessage[];
  prompts: Array<{input: string; constraint?: object}>;
  destroyed: boolean;
}

/** The fake `LanguageModel`, with what a test scripts and reads. */
export class FakePromptApi implements PromptApi {
  availabilityState: PromptApiAvailability = 'available';
  /** Answers, one per prompt, in order: JSON text a constrained model writes. */
  readonly answers: string[] = [];
  /** Characters per streamed piece. */
  pieceSize = 3;
  /** Tokens a session can hold. */
  contextWindow = 4096;
  /** Milliseconds between pieces (0: none), so a test can stop a prompt midway. */
  pieceDelayMs = 0;
  readonly sessions: FakeSessionRecord[] = [];
  createCalls = 0;

  async availability(): Promise<PromptApiAvailability> {
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
    const record: FakeSessionRecord = {initialPrompts: [...(options.initialPrompts ?? [])], prompts: [], destroyed: false};
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
    const answer = api.answers.shift();
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

  destroy(): void {
    this.record.destroyed = true;
  }
}
