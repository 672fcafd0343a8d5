/**
 * The tracer provider of `telemetry="<OTLP/HTTP traces URL>"` (lazy chunk): OpenTelemetry's SDK
 * with the OTLP/HTTP JSON exporter behind a batch processor. A dead or slow collector changes
 * nothing the person sees: exports run off the question's path, each has a time limit, failures
 * are swallowed by the SDK (its diagnostics logger is silent unless the page sets one), and the
 * queue is bounded, dropping the newest spans when it is full rather than growing.
 */
import {OTLPTraceExporter} from '@opentelemetry/exporter-trace-otlp-http';
import {resourceFromAttributes} from '@opentelemetry/resources';
import {BatchSpanProcessor, TracerProvider} from '@opentelemetry/sdk-trace';

/** Spans waiting for export at most; more are dropped (a page that stays open for hours stays small). */
export const MAX_QUEUED_SPANS = 512;
/** Milliseconds one export may take before it is given up. */
export const EXPORT_TIMEOUT_MS = 10_000;

/** A provider exporting to `url` (an OTLP/HTTP traces endpoint, `…/v1/traces`). */
export function otlpTracerProvider(url: string): TracerProvider {
  const exporter = new OTLPTraceExporter({url, timeoutMillis: EXPORT_TIMEOUT_MS});
  return new TracerProvider({
    resource: resourceFromAttributes({'service.name': 'autoui-agent'}),
    spanProcessors: [
      new BatchSpanProcessor({exporter, maxQueueSize: MAX_QUEUED_SPANS, maxExportBatchSize: 128, scheduledDelayMillis: 1_000, exportTimeoutMillis: EXPORT_TIMEOUT_MS}),
    ],
  });
}
