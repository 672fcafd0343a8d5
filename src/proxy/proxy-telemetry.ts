/**
 * The proxy's side of a trace: a CLIENT span `chat {model}` per upstream call, named and
 * described by the OpenTelemetry GenAI semantic conventions (1.45: still marked Development), a
 * child of the browser's span that sent the request, so one question is one trace from the click
 * to the provider. With the metrics of proxy-metrics.ts, recorded from the same call.
 *
 * Only the OpenTelemetry API: a site plugs in its own SDK through `telemetry.tracerProvider`
 * and `telemetry.meterProvider`; without them nothing is created. No content goes into a span or
 * a metric: not the messages, not the answer, not a key, not the visitor.
 */
import {isSpanContextValid, SpanKind, SpanStatusCode, type Attributes, type Span} from '@opentelemetry/api';
import {createProxyMetrics, SCOPE} from './proxy-metrics.js';
import type {ProxyTelemetryOptions, Wire} from './proxy-options.js';
import {parentContext} from './trace-context.js';
import type {AnswerReport} from './usage-meter.js';

/** The routes telemetry names: a model route's wire format, or the traces relay. */
export type ProxyRoute = Wire | 'traces';

/** One upstream call's telemetry, ended exactly once. */
export interface UpstreamCall {
  /** The answer's first chunk reached the client. */
  firstChunk(): void;
  /** The W3C `traceparent` naming this call's span, for the upstream request (none without a tracer), so a traced upstream (vLLM, a gateway) joins the trace. */
  traceHeaders(): Record<string, string>;
  /**
   * The call ended. `status`: the upstream's HTTP status (absent when it could not be reached);
   * `errorType`: why it failed, when it did (`upstream_unreachable`, a cut answer's end).
   */
  end(outcome: {status?: number; errorType?: string; report?: AnswerReport}): void;
}

/** What {@link createProxyTelemetry} returns: cheap no-ops when nothing is configured. */
export interface ProxyTelemetry {
  /** Starts the span of one upstream call. */
  startCall(request: Request, call: {wire: Wire; model: string; maxTokens: number; upstreamUrl: string; visitor: string}): UpstreamCall;
  /** Counts a request the proxy refused itself (`reason` as in its error's `type`, or the limit). */
  refused(route: ProxyRoute, reason: string, visitor?: string): void;
}

/** The provider names of the conventions, by wire format (an OpenAI-compatible server is named by its format). */
const PROVIDER: Record<Wire, string> = {anthropic: 'anthropic', openai: 'openai'};

const NO_CALL: UpstreamCall = {firstChunk: () => {}, traceHeaders: () => ({}), end: () => {}};

/** The proxy's telemetry for `options.telemetry`. */
export function createProxyTelemetry(options: ProxyTelemetryOptions | undefined): ProxyTelemetry {
  const metrics = createProxyMetrics(options, '');
  const tracer = options?.tracerProvider?.getTracer(SCOPE);
  const counting = !!options?.meterProvider;
  return {
    refused(route, reason, visitor) {
      metrics.refused(visitor, {'autoui.proxy.route': route, 'error.type': reason});
    },
    startCall(request, call) {
      if (!tracer && !counting) return NO_CALL;
      const started = performance.now();
      const upstream = new URL(call.upstreamUrl);
      const common: Attributes = {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': PROVIDER[call.wire],
        'gen_ai.request.model': call.model,
        'server.address': upstream.hostname,
        'server.port': Number(upstream.port) || (upstream.protocol === 'https:' ? 443 : 80),
      };
      const span: Span | undefined = tracer?.startSpan(`chat ${call.model}`, {kind: SpanKind.CLIENT, attributes: {...common, 'gen_ai.request.max_tokens': call.maxTokens}}, parentContext(request.headers));
      let ended = false;
      return {
        firstChunk() {
          span?.setAttribute('gen_ai.response.time_to_first_chunk', (performance.now() - started) / 1000);
        },
        traceHeaders(): Record<string, string> {
          const context = span?.spanContext();
          if (!context || !isSpanContextValid(context)) return {};
          const traceparent = `00-${context.traceId}-${context.spanId}-0${context.traceFlags & 1}`;
          const tracestate = context.traceState?.serialize();
          return tracestate ? {traceparent, tracestate} : {traceparent};
        },
        end({status, errorType, report}) {
          if (ended) return;
          ended = true;
          const failure = errorType ?? (status !== undefined && status >= 400 ? String(status) : undefined);
          const outcome: Attributes = {
            ...(status !== undefined ? {'http.response.status_code': status} : {}),
            ...(report?.responseModel ? {'gen_ai.response.model': report.responseModel} : {}),
            ...(failure ? {'error.type': failure} : {}),
          };
          if (span) {
            span.setAttributes({
              ...outcome,
              ...(report?.input !== undefined ? {'gen_ai.usage.input_tokens': report.input} : {}),
              ...(report?.output !== undefined ? {'gen_ai.usage.output_tokens': report.output} : {}),
              ...(report?.finishReasons.length ? {'gen_ai.response.finish_reasons': report.finishReasons} : {}),
              ...(report?.responseId ? {'gen_ai.response.id': report.responseId} : {}),
            });
            if (failure) span.setStatus({code: SpanStatusCode.ERROR});
            span.end();
          }
          metrics.callEnded(call.visitor, {...common, ...outcome}, report ?? {}, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
