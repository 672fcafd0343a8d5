/**
 * The OpenTelemetry side of the tracing seam (lazy chunk): an {@link AgentTracer} over any
 * OpenTelemetry API `TracerProvider`, the page's own or the one otel-exporter.ts builds. Parents
 * are passed explicitly (no context manager: the browser has no async context, and a page's global
 * one is left alone). Each question's spans are also kept as plain `SpanRecord`s for the debug
 * console, handed over when its root span ends. Attributes outside telemetry-attributes.ts, and
 * content ones without `telemetry-content`, are dropped here, the one place every span passes.
 */
import {ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer, type TracerProvider} from '@opentelemetry/api';
import type {AgentTracer, ChildSpanOptions, TraceAttributes, TraceCarrier, TraceSpan} from './agent-tracer.js';
import type {SpanAttributeValue, SpanRecord} from './span-record.js';
import {ALLOWED_ATTRIBUTES, CONTENT_ATTRIBUTES, SEMCONV_VERSION} from './telemetry-attributes.js';

/** Options of {@link createOtelTracer}. */
export interface OtelTracerOptions {
  /** Content attributes allowed (`telemetry-content`). */
  content: boolean;
  /** Told the spans of each question once its root span ended. Must not throw. */
  onTrace?(spans: SpanRecord[]): void;
}

/** The instrumentation scope's name and version, as backends show them. */
const SCOPE = {name: 'autoui-agent', version: '0.1.0'} as const;

/** Milliseconds since the epoch, sub-millisecond where the browser gives it. */
const now = (): number => performance.timeOrigin + performance.now();

/** Spans of one question, collected as they end. */
class QuestionRecords {
  readonly spans: SpanRecord[] = [];
  constructor(readonly onTrace: ((spans: SpanRecord[]) => void) | undefined) {}
}

/** One live span: the OpenTelemetry span, and the record kept for the console. */
class OtelSpan implements TraceSpan {
  readonly recording = true;
  readonly #span: Span;
  readonly #record: SpanRecord & {attributes: Record<string, SpanAttributeValue>};
  #ended = false;

  constructor(
    readonly tracer: Tracer,
    readonly records: QuestionRecords,
    readonly content: boolean,
    readonly root: boolean,
    name: string,
    options: ChildSpanOptions,
    parent: Context,
  ) {
    const startTime = options.startTime ?? now();
    const kind = options.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL;
    this.#span = tracer.startSpan(name, {kind, startTime}, parent);
    const context = this.#span.spanContext();
    const parentSpan = trace.getSpanContext(parent);
    this.#record = {traceId: context.traceId, spanId: context.spanId, name, kind: options.kind ?? 'internal', startTime, endTime: startTime, status: 'unset', attributes: {}};
    if (parentSpan) this.#record.parentSpanId = parentSpan.spanId;
    if (options.attributes) this.set(options.attributes);
  }

  set(attributes: TraceAttributes): void {
    if (this.#ended) return;
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined || !ALLOWED_ATTRIBUTES.has(name)) continue;
      if (!this.content && CONTENT_ATTRIBUTES.has(name)) continue;
      this.#record.attributes[name] = value;
      this.#span.setAttribute(name, value);
    }
  }

  event(name: string, attributes: TraceAttributes = {}): void {
    if (this.#ended) return;
    const kept = Object.fromEntries(Object.entries(attributes).filter(([key, value]) => value !== undefined && ALLOWED_ATTRIBUTES.has(key) && (this.content || !CONTENT_ATTRIBUTES.has(key))));
    this.#span.addEvent(name, kept as Record<string, SpanAttributeValue>, now());
  }

  fail(errorType: string): void {
    if (this.#ended) return;
    this.set({'error.type': errorType});
    this.#record.status = 'error';
    this.#span.setStatus({code: SpanStatusCode.ERROR});
  }

  end(endTime = now()): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#record.endTime = endTime;
    try {
      this.#span.end(endTime);
    } catch {
      // A page's own provider must not break the question.
    }
    this.records.spans.push(this.#record);
    if (this.root) {
      try {
        this.records.onTrace?.([...this.records.spans]);
      } catch {
        // Contract: must not throw; the question goes on.
      }
    }
  }

  child(name: string, options: ChildSpanOptions = {}): TraceSpan {
    // A child of an ended span still joins the trace; its record comes too late for the console.
    return new OtelSpan(this.tracer, this.records, this.content, false, name, options, trace.setSpan(ROOT_CONTEXT, this.#span));
  }

  carrier(): TraceCarrier | undefined {
    const context = this.#span.spanContext();
    if (!trace.isSpanContextValid(context)) return undefined;
    // W3C Trace Context, version 00: written here rather than through a propagator, which would need a context manager.
    const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
    const traceparent = `00-${context.traceId}-${context.spanId}-${flags}`;
    const tracestate = context.traceState?.serialize();
    return tracestate ? {traceparent, tracestate} : {traceparent};
  }
}

/** An {@link AgentTracer} over `provider`. */
export function createOtelTracer(provider: TracerProvider, options: OtelTracerOptions): AgentTracer {
  const tracer = provider.getTracer(SCOPE.name, SCOPE.version, {schemaUrl: `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`});
  return {
    startQuestion(name, attributes, startTime) {
      return new OtelSpan(tracer, new QuestionRecords(options.onTrace), options.content, true, name, {attributes, startTime}, ROOT_CONTEXT);
    },
    startTrace(name, spanOptions = {}) {
      return new OtelSpan(tracer, new QuestionRecords(undefined), options.content, false, name, spanOptions, ROOT_CONTEXT);
    },
  };
}
