/**
 * Reads OTLP/JSON export requests (what `@opentelemetry/exporter-trace-otlp-http` and the other
 * OTLP/HTTP JSON exporters POST) into plain records a test can assert on: one record per span or
 * per metric data point, attributes as a plain object, ids as the hex strings the exporters send.
 */

/**
 * The plain value of an OTLP `AnyValue` (`{stringValue}`, `{intValue}`, ... ). 64-bit integers
 * arrive as strings or numbers depending on the exporter; both become numbers here, which is
 * exact for every count a test compares.
 * @param {Record<string, unknown> | undefined} value
 * @returns {unknown}
 */
export function anyValue(value) {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(anyValue);
  if ('kvlistValue' in value) return attributes(value.kvlistValue?.values);
  if ('bytesValue' in value) return value.bytesValue;
  return undefined;
}

/**
 * `[{key, value: AnyValue}]` → `{key: plain value}`.
 * @param {Array<{key: string, value: Record<string, unknown>}> | undefined} list
 * @returns {Record<string, unknown>}
 */
export function attributes(list) {
  return Object.fromEntries((list ?? []).map(({key, value}) => [key, anyValue(value)]));
}

/** OTLP span kinds by number (the JSON encoding sends the enum's number). */
const SPAN_KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];

/**
 * @typedef {object} ReceivedSpan
 * @property {string} traceId 32 hex digits
 * @property {string} spanId 16 hex digits
 * @property {string | undefined} parentSpanId 16 hex digits, undefined for a root span
 * @property {string} name
 * @property {string} kind `SERVER`, `CLIENT`, `INTERNAL`, ...
 * @property {number} startMs start time, ms since the epoch
 * @property {number} endMs end time, ms since the epoch
 * @property {Record<string, unknown>} attributes
 * @property {{code: number, message?: string}} status code 0 unset, 1 ok, 2 error
 * @property {Array<{name: string, attributes: Record<string, unknown>}>} events
 * @property {Record<string, unknown>} resource the resource attributes (`service.name`, ...)
 * @property {string | undefined} scope the instrumentation scope's name
 */

/**
 * The spans of one `ExportTraceServiceRequest` in OTLP/JSON.
 * @param {{resourceSpans?: unknown[]}} payload
 * @returns {ReceivedSpan[]}
 */
export function flattenTraces(payload) {
  const spans = [];
  for (const rs of payload?.resourceSpans ?? []) {
    const resource = attributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        spans.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          name: s.name,
          kind: typeof s.kind === 'number' ? SPAN_KINDS[s.kind] : String(s.kind ?? '').replace(/^SPAN_KIND_/, ''),
          startMs: nanosToMs(s.startTimeUnixNano),
          endMs: nanosToMs(s.endTimeUnixNano),
          attributes: attributes(s.attributes),
          status: {code: Number(s.status?.code ?? 0), ...(s.status?.message ? {message: s.status.message} : {})},
          events: (s.events ?? []).map((e) => ({name: e.name, attributes: attributes(e.attributes)})),
          resource,
          scope: ss.scope?.name,
        });
      }
    }
  }
  return spans;
}

/**
 * @typedef {object} ReceivedPoint
 * @property {string} name the metric's name
 * @property {string} type `sum`, `gauge` or `histogram`
 * @property {Record<string, unknown>} attributes the data point's attributes
 * @property {number} value the sum or gauge value; for a histogram, the sum of its values
 * @property {number} [count] histograms: how many values were recorded
 * @property {Record<string, unknown>} resource
 */

/**
 * The data points of one `ExportMetricsServiceRequest` in OTLP/JSON.
 * @param {{resourceMetrics?: unknown[]}} payload
 * @returns {ReceivedPoint[]}
 */
export function flattenMetrics(payload) {
  const points = [];
  for (const rm of payload?.resourceMetrics ?? []) {
    const resource = attributes(rm.resource?.attributes);
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        const type = ['sum', 'gauge', 'histogram'].find((t) => m[t]);
        for (const p of m[type]?.dataPoints ?? []) {
          const value = type === 'histogram' ? Number(p.sum ?? 0) : Number(p.asInt ?? p.asDouble ?? 0);
          points.push({name: m.name, type, attributes: attributes(p.attributes), value, ...(type === 'histogram' ? {count: Number(p.count)} : {}), resource});
        }
      }
    }
  }
  return points;
}

/** OTLP times are nanoseconds since the epoch, as a string or a number. */
function nanosToMs(nanos) {
  if (typeof nanos === 'string' && /^\d+$/.test(nanos)) return Number(BigInt(nanos) / 1_000_000n);
  return typeof nanos === 'number' ? Math.floor(nanos / 1e6) : NaN;
}
