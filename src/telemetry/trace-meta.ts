/**
 * Where trace context goes in an MCP request: `params._meta.traceparent` (and `tracestate`), the
 * place the 2026-07-28 revision gives it, sent on 2025-era sessions too. Apart from the seam so
 * that only the MCP chunk carries it.
 */
import type {TraceSpan} from './agent-tracer.js';

/** `span`'s context as the `_meta` entries of an MCP request (nothing when untraced). */
export function traceMeta(span: TraceSpan | undefined): {_meta?: Record<string, string>} {
  const carrier = span?.carrier();
  if (!carrier) return {};
  return {_meta: carrier.tracestate ? {traceparent: carrier.traceparent, tracestate: carrier.tracestate} : {traceparent: carrier.traceparent}};
}

/**
 * Sends one MCP request of a question traced by `trace` (undefined: untraced): a
 * `{method} {target}` client span around it, whose `_meta` `send` puts in the request's params.
 * The MCP connection makes it, since only it knows the session the span names.
 */
export type TracedRequest = <T>(trace: TraceSpan | undefined, method: string, target: string | undefined, send: (meta: {_meta?: Record<string, string>}) => Promise<T>) => Promise<T>;
