/**
 * The tracing seam of the core: what the loop, the session, the providers and the MCP layer call
 * to describe one question's work as spans. DOM-free and free of OpenTelemetry: the adapter that
 * turns these calls into OpenTelemetry spans is a lazy chunk (otel-tracer.ts), loaded only when a
 * page turns tracing on. Off, every call lands on {@link NO_TRACE}, one shared object whose methods
 * do nothing, so the loop pays a property read and an empty call per span (see `npm run bench`).
 */
import type {SpanAttributeValue} from './span-record.js';

/** Attributes given to a span; `undefined` values are left out (so callers need no `if`). */
export type TraceAttributes = Readonly<Record<string, SpanAttributeValue | undefined>>;

/** W3C trace context of a span, for a request it makes (`params._meta`, an HTTP header). */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** Options of a new child span. */
export interface ChildSpanOptions {
  /** `client` for a request sent to another service (a model, an MCP server); default `internal`. */
  kind?: 'internal' | 'client';
  attributes?: TraceAttributes;
  /** When the work began (ms since the epoch), for work timed before its parent existed; default now. */
  startTime?: number;
}

/**
 * One span of a question. Contract for every method: never throws, and does nothing once the span
 * has ended (a late callback cannot corrupt a finished trace).
 */
export interface TraceSpan {
  /** False for {@link NO_TRACE}: lets a caller skip work (building a content attribute) that only a recorded span reads. */
  readonly recording: boolean;
  /**
   * True when the page allowed content (question, answer, tool arguments and results) in spans
   * (`telemetry-content`). The adapter drops content attributes anyway when it is false.
   */
  readonly content: boolean;
  /** Adds attributes; names must be in telemetry-attributes.ts (others are dropped). */
  set(attributes: TraceAttributes): void;
  /** A point in time inside the span (`gen_ai.first_token`, …). */
  event(name: string, attributes?: TraceAttributes): void;
  /** Marks the span failed; `errorType` becomes `error.type` (an error code, never a message with data in it). */
  fail(errorType: string): void;
  /** Ends the span, now or at `endTime` (ms since the epoch); a second call is ignored. */
  end(endTime?: number): void;
  /** A span that runs inside this one. */
  child(name: string, options?: ChildSpanOptions): TraceSpan;
  /** This span's context for a request it makes; undefined when nothing is traced. */
  carrier(): TraceCarrier | undefined;
}

/** Starts the root span of each question. */
export interface AgentTracer {
  /**
   * The `invoke_agent` span of one question; the session ends it when the question ends.
   * `startTime` (ms since the epoch): when it was asked, if earlier than now.
   */
  startQuestion(name: string, attributes?: TraceAttributes, startTime?: number): TraceSpan;
  /**
   * The root span of a trace that is not a question (a file attached before any question, an
   * MCP App view's request after the answer): exported like the others, never handed to `onTrace`.
   */
  startTrace(name: string, options?: ChildSpanOptions): TraceSpan;
}

/** The span of untraced work: every method does nothing, and its children are itself. */
export const NO_TRACE: TraceSpan = Object.freeze({
  recording: false,
  content: false,
  set() {},
  event() {},
  fail() {},
  end() {},
  child: () => NO_TRACE,
  carrier: () => undefined,
});
