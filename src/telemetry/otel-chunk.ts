/**
 * The telemetry chunk's entry: what the session imports, only once a page sets `telemetry` or a
 * `tracerProvider`. Nothing of OpenTelemetry is reachable from the first load but through here.
 */
import type {TracerProvider} from '@opentelemetry/api';
import type {AgentTracer} from './agent-tracer.js';
import {otlpTracerProvider} from './otel-exporter.js';
import {createOtelTracer} from './otel-tracer.js';
import type {SpanRecord} from './span-record.js';

/** What the session asks of the chunk. */
export interface TelemetryRequest {
  /** An OTLP/HTTP traces URL: spans are exported there. */
  endpoint?: string;
  /** The page's own provider (wins over `endpoint`). */
  tracerProvider?: unknown;
  /** Content allowed in spans. */
  content: boolean;
  /** Each question's spans once it ended. */
  onTrace?(spans: SpanRecord[]): void;
}

/** Providers built for an endpoint, one per URL for the page: a batch processor's timer per session would be waste. */
const byEndpoint = new Map<string, TracerProvider>();

/** The tracer for `request`. */
export function createTracer(request: TelemetryRequest): AgentTracer {
  const provider = isTracerProvider(request.tracerProvider) ? request.tracerProvider : providerFor(request.endpoint ?? '');
  return createOtelTracer(provider, {content: request.content, onTrace: request.onTrace});
}

function providerFor(url: string): TracerProvider {
  let provider = byEndpoint.get(url);
  if (!provider) byEndpoint.set(url, (provider = otlpTracerProvider(url)));
  return provider;
}

const isTracerProvider = (value: unknown): value is TracerProvider => typeof (value as TracerProvider | undefined)?.getTracer === 'function';
