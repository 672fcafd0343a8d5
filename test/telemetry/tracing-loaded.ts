/**
 * What the telemetry tests read of the page: the element's tracing modules it fetched (the tracing
 * chunk's question-span and the OpenTelemetry adapter), to check that tracing off loads none.
 * Callers raise the page's resource buffer first (`performance.setResourceTimingBufferSize`): its
 * default 250 entries fill with the test's own modules.
 */
export const tracingLoaded = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => name.includes('/src/telemetry/otel') || name.includes('/src/session/question-span'));
