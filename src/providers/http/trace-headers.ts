/**
 * The trace headers of a model request (`traceparent`, `tracestate`), sent so that a proxy's or a
 * gateway's spans join the question's trace, without ever costing an answer. A cross-origin
 * endpoint must list them in its CORS `Access-Control-Allow-Headers`, or the browser refuses the
 * request before it leaves (a `TypeError`, like a network failure). So a request that carried them
 * and failed that way is sent again at once without them, and that origin gets none for the rest
 * of the page's life. The page's own origin (the key proxy, a same-origin relay) and Node (no
 * CORS) always get them when tracing is on.
 */
import type {TraceCarrier} from '../../telemetry/agent-tracer.js';

/** The headers of one trace context: `traceparent`, and `tracestate` when there is one. */
function headersOf(trace: TraceCarrier): Record<string, string> {
  return trace.tracestate ? {traceparent: trace.traceparent, tracestate: trace.tracestate} : {traceparent: trace.traceparent};
}

/** Origins that refused a request carrying trace headers. */
const refusing = new Set<string>();

/** The origin of `url` as the page resolves it; undefined when it is not a URL. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url, (globalThis as {location?: {href?: string}}).location?.href).origin;
  } catch {
    return undefined;
  }
}

/** `headers` with the trace headers added, unless `url`'s origin refused them before. */
export function withTraceHeaders(url: string, headers: Record<string, string>, trace: TraceCarrier | undefined): Record<string, string> {
  if (!trace) return headers;
  const origin = originOf(url);
  return origin !== undefined && refusing.has(origin) ? headers : {...headers, ...headersOf(trace)};
}

/**
 * `fetch` that, when a request with trace headers fails before any response, marks the origin
 * and sends the request once more without them. Any other failure, and an abort, is the caller's.
 */
export function fetchDroppingRefusedTrace(trace: TraceCarrier | undefined, base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  if (!trace) return base;
  const names = Object.keys(headersOf(trace));
  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      const headers = new Headers(init?.headers);
      if (init?.signal?.aborted || !names.some((name) => headers.has(name))) throw error;
      const origin = originOf(String(input instanceof Request ? input.url : input));
      if (origin !== undefined) refusing.add(origin);
      for (const name of names) headers.delete(name);
      return base(input, {...init, headers});
    }
  };
}
