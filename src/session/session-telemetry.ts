/**
 * A session's tracing: the root `invoke_agent` span of each question when the settings turn
 * tracing on (`telemetry`, `tracerProvider`), and the last question's spans as plain records for
 * the debug console. The OpenTelemetry chunk is imported only then; off, a question gets
 * `NO_TRACE` at once and nothing is loaded. A chunk that fails to load leaves questions untraced:
 * tracing never fails a question.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import {AutouiError} from '../errors.js';
import {NO_TRACE, type AgentTracer, type ChildSpanOptions, type TraceSpan} from '../telemetry/agent-tracer.js';
import type {SpanRecord} from '../telemetry/span-record.js';
import type {SessionSettings} from './session-options.js';

export type {SpanRecord, TraceSpan};

type TracingChunk = typeof import('./question-span.js');

/** Work of a question timed before its span existed. */
interface TimedWork {
  name: string;
  startTime: number;
  endTime: number;
}

/** The tracer of the current settings, and how the chunk ends a question's span. */
interface SessionTracer {
  key: readonly unknown[];
  tracer: AgentTracer;
  end: TracingChunk['endQuestionSpan'];
}

/** Milliseconds since the epoch, sub-millisecond where the runtime gives it (as the spans' times). */
const now = (): number => performance.timeOrigin + performance.now();

/** Imports the tracing chunk (its own chunk in the build, with OpenTelemetry). */
const importTracing = (): Promise<TracingChunk> => import('./question-span.js');

/** Whether `settings` trace questions. */
export const tracing = (settings: SessionSettings): boolean => Boolean(settings.tracerProvider || settings.telemetry);

/** One session's tracing. */
export class SessionTelemetry {
  #lastTrace: readonly SpanRecord[] = [];
  /** The question being answered: when it was asked, and its span once the settings are known. */
  #question?: {text: string; startTime: number; span?: Promise<TraceSpan>; live?: TraceSpan; before: TimedWork[]};
  #tracer?: SessionTracer;
  readonly #onTrace: (spans: readonly SpanRecord[]) => void;

  /** `onTrace` hears each traced question's spans once its root span ended. */
  constructor(onTrace: (spans: readonly SpanRecord[]) => void) {
    this.#onTrace = onTrace;
  }

  /** The spans of the last traced question, root first once it ended; empty before any. */
  get lastTrace(): readonly SpanRecord[] {
    return this.#lastTrace;
  }

  /** Forgets the last question's spans (`clear()`). */
  forget(): void {
    this.#lastTrace = [];
  }

  /** A question was asked now (its span starts here once {@link started} knows the settings). */
  asked(question: string): void {
    this.#question = {text: question, startTime: now(), before: []};
  }

  /**
   * Runs `work` of the question being answered as a child span `name` of its root: waiting for
   * the servers (sign-ins, connections), loading the engine, rendering the widgets. Work done
   * before the settings were known is timed now and becomes a span once the root exists. Off,
   * it costs two clock reads.
   */
  async timed<T>(name: string, work: () => Promise<T>): Promise<T> {
    const question = this.#question;
    if (question?.live) {
      const span = question.live.child(name);
      try {
        return await work();
      } finally {
        span.end();
      }
    }
    const startTime = now();
    try {
      return await work();
    } finally {
      question?.before.push({name, startTime, endTime: now()});
    }
  }

  /**
   * Runs `work` in a span `name`: a child of the question being answered once its root span
   * exists; else, when `settings` trace, the root of a trace of its own (a file attached before
   * any question, an MCP App view's request after the answer), which the debug console leaves out
   * (it shows questions). `work` gets the span, for the context of the requests it makes; a
   * failure marks the span with the error's code and passes on. Off, `work` gets `NO_TRACE` at
   * once; on, the first trace of its own waits for the tracing chunk.
   */
  async traced<T>(settings: SessionSettings, name: string, options: ChildSpanOptions, work: (span: TraceSpan) => Promise<T>): Promise<T> {
    const live = this.#question?.live;
    const span = live ? live.child(name, options) : tracing(settings) ? await this.#ownTrace(settings, name, options) : NO_TRACE;
    if (!span.recording) return work(NO_TRACE);
    try {
      return await work(span);
    } catch (error) {
      span.fail(AutouiError.isInstance(error) ? error.code : ((error as {name?: string} | undefined)?.name ?? 'Error'));
      throw error;
    } finally {
      span.end();
    }
  }

  async #ownTrace(settings: SessionSettings, name: string, options: ChildSpanOptions): Promise<TraceSpan> {
    try {
      return this.#tracerFor(settings, await importTracing()).tracer.startTrace(name, options);
    } catch {
      return NO_TRACE;
    }
  }

  /**
   * The question's `invoke_agent` span, under the settings it runs with (a view sets them just
   * before the loop); `NO_TRACE` when tracing is off or its chunk did not load. Never rejects.
   */
  started(settings: SessionSettings): Promise<TraceSpan> {
    const question = this.#question;
    if (!question) return Promise.resolve(NO_TRACE);
    return (question.span ??= this.#start(settings, question.text, question.startTime).then((span) => {
      if (!span.recording) return span;
      // The work done before the root existed, dated as it happened.
      for (const work of question.before) span.child(work.name, {startTime: work.startTime}).end(work.endTime);
      question.live = span;
      return span;
    }));
  }

  /** The question ended with `result`: its span ends, and the `trace` event is told. */
  async ended(result: AgentResult): Promise<void> {
    const span = this.#question?.span;
    this.#question = undefined;
    const root = span && (await span);
    if (root?.recording) this.#tracer?.end(root, result);
  }

  async #start(settings: SessionSettings, question: string, startTime: number): Promise<TraceSpan> {
    if (!tracing(settings)) return NO_TRACE;
    try {
      const chunk = await importTracing();
      return chunk.startQuestionSpan(this.#tracerFor(settings, chunk).tracer, settings, question, startTime);
    } catch {
      return NO_TRACE;
    }
  }

  /** The tracer of `settings`: one per setting, so a changed endpoint, provider or content choice makes a new one. */
  #tracerFor(settings: SessionSettings, chunk: TracingChunk): SessionTracer {
    const key = [settings.tracerProvider, settings.telemetry, settings.telemetryContent === true] as const;
    if (!this.#tracer || this.#tracer.key.some((value, index) => value !== key[index])) {
      const tracer = chunk.questionTracer(settings, (spans) => {
        // Kept as they started (the root first), which is how a waterfall reads.
        this.#lastTrace = spans.sort((a, b) => a.startTime - b.startTime);
        this.#onTrace(this.#lastTrace);
      });
      this.#tracer = {key, tracer, end: chunk.endQuestionSpan};
    }
    return this.#tracer;
  }
}
