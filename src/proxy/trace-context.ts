/**
 * The trace a model request belongs to, from its W3C `traceparent` / `tracestate` headers (the
 * element sends them on model requests when telemetry is on), so the proxy's span joins the
 * browser's trace.
 *
 * Parsed here with the OpenTelemetry API alone rather than through `propagation.extract`: the
 * global propagator is a no-op until a site registers one, and the browser always speaks W3C.
 * A span already active (a site's HTTP instrumentation made the request's SERVER span, having
 * read the same header) wins, so the proxy's span nests under it instead of beside it.
 */
import {context as contextApi, createTraceState, isSpanContextValid, ROOT_CONTEXT, trace, type Context} from '@opentelemetry/api';

/** `version-traceid-spanid-flags`, lower-case hex; version `ff` is invalid by the spec. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** Longest `tracestate` read (the spec allows 32 members; a header far past that is not a real one). */
const MAX_TRACESTATE = 512;

/**
 * The parent context of the proxy's span for `headers`: the active span's context when there is
 * one, else the remote span named by `traceparent`, else none (a new trace).
 */
export function parentContext(headers: Headers): Context {
  const active = contextApi.active();
  if (trace.getSpan(active)) return active;
  const remote = remoteParent(headers.get('traceparent'), headers.get('tracestate'));
  return remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
}

/** The remote span context a `traceparent` header names, or undefined when it is absent or malformed. */
export function remoteParent(traceparent: string | null, tracestate: string | null) {
  const match = TRACEPARENT.exec(traceparent?.trim() ?? '');
  if (!match || match[1] === 'ff' || (match[1] === '00' && match[5] !== undefined)) return undefined;
  const spanContext = {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & 1,
    isRemote: true,
    ...(tracestate && tracestate.length <= MAX_TRACESTATE ? {traceState: createTraceState(tracestate)} : {}),
  };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}
