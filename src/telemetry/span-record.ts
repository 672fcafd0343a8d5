/**
 * One finished span as the element keeps it for the debug console's waterfall: the same spans that
 * are exported, reduced to plain data (no OpenTelemetry object crosses into the view). DOM-free.
 */

/** An attribute value, as OpenTelemetry allows them. */
export type SpanAttributeValue = string | number | boolean | string[] | number[] | boolean[];

/** Who started the span, in OpenTelemetry's terms: the agent's own work, or a request it sent. */
export type SpanKindName = 'internal' | 'client' | 'server';

/** One finished span. */
export interface SpanRecord {
  /** 32 hex digits: every span of one question shares it. */
  traceId: string;
  /** 16 hex digits. */
  spanId: string;
  /** The span this one ran inside; absent for the question's root span. */
  parentSpanId?: string;
  /** As exported: `invoke_agent autoui-agent`, `chat claude-…`, `execute_tool weather_mcp_forecast`, `tools/call forecast`, … */
  name: string;
  kind: SpanKindName;
  /** Milliseconds since the epoch, with sub-millisecond precision where the browser gives it. */
  startTime: number;
  endTime: number;
  /** `error` when the work failed; its `error.type` attribute says how. */
  status: 'unset' | 'ok' | 'error';
  attributes: Readonly<Record<string, SpanAttributeValue>>;
}
