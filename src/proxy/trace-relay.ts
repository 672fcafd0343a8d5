/**
 * `POST {basePath}/v1/traces`: relays the browser's OTLP/HTTP trace exports to the site's
 * collector (`telemetry.tracesUrl`), so a page can export to its own origin and the site need
 * not expose its collector. The proxy's rules apply as to a model request (the origin check runs
 * before this, visitor tokens when required), with limits of its own: a bounded body (413), a
 * rate per visitor counted in the proxy's limit store apart from its model requests (429).
 *
 * What is relayed is the body alone, with its content type and the collector headers the site
 * configured: never the page's cookies, authorization, visitor token or any other header. What
 * comes back is the proxy's own answer: the collector's URL, headers and answer body never reach
 * the page, only whether the export was taken (and the collector's wait, when it asks for one).
 */
import {limitValue, withTimeout, type LimitStore} from './limits.js';
import {PROXY_DEFAULTS, type ProxyTelemetryOptions} from './proxy-options.js';
import {errorResponse} from './proxy-responses.js';
import {readBody} from './request-body.js';

/** The OTLP/HTTP encodings relayed; anything else is no export. */
const OTLP_TYPES = ['application/json', 'application/x-protobuf'];

/** Milliseconds the collector has to take an export. */
const COLLECTOR_TIMEOUT_MS = 10_000;

/** Collector statuses the OTLP exporters retry after a wait: passed on, so they do. */
const RETRYABLE = new Set([429, 502, 503, 504]);

/** What the relay needs of the proxy. */
export interface RelayContext {
  telemetry: ProxyTelemetryOptions & {tracesUrl: string};
  store: LimitStore;
  storeTimeoutMs: number;
  bodyTimeoutMs: number;
  failOpen: boolean;
  fetch: typeof fetch;
  /** Who the proxy counts (a visitor token's subject, else the client address). */
  visitor: string;
  /** Tells the proxy the request was refused (`reason` as the error's type), for its log and metrics. */
  refused(reason: string): void;
}

/** Relays one export; always answers (never throws for a failing collector). */
export async function relayTraces(request: Request, relay: RelayContext): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const encoding = request.headers.get('content-encoding');
  if (!OTLP_TYPES.includes(type) || (encoding && encoding.toLowerCase() !== 'identity')) {
    await request.body?.cancel().catch(() => {});
    relay.refused('unsupported_media_type');
    return errorResponse(415, 'unsupported_media_type', 'The traces route relays uncompressed OTLP/HTTP exports: application/json or application/x-protobuf.', {headers: {'x-should-retry': 'false'}});
  }
  const maxBytes = relay.telemetry.relayMaxBodyBytes ?? PROXY_DEFAULTS.relayMaxBodyBytes;
  const body = await readBody(request, maxBytes, relay.bodyTimeoutMs);
  if ('problem' in body) {
    relay.refused(body.problem === 'too_large' ? 'request_too_large' : 'request_timeout');
    if (body.problem === 'too_large') return errorResponse(413, 'request_too_large', `A trace export is limited to ${maxBytes} bytes here.`, {headers: {'x-should-retry': 'false'}});
    return errorResponse(408, 'request_timeout', 'The export did not arrive in time.', {headers: {'x-should-retry': 'false'}});
  }

  const plan = {
    id: crypto.randomUUID(),
    // Counted apart from the visitor's model requests: exporting a trace must not spend a question.
    visitor: `traces|${relay.visitor}`,
    now: Date.now(),
    reserve: 0,
    requestsPerMinute: limitValue(relay.telemetry.relayRequestsPerMinute, PROXY_DEFAULTS.relayRequestsPerMinute),
    leaseMs: COLLECTOR_TIMEOUT_MS + 60_000,
  };
  let counted = true;
  const admitting = relay.store.admit(plan);
  try {
    const admission = await withTimeout(admitting, relay.storeTimeoutMs);
    if (!admission.admitted) {
      relay.refused(admission.limit);
      return errorResponse(429, 'proxy_limit', `Too many trace exports this minute. Try again in ${admission.retryAfterSeconds} s.`, {
        headers: {'retry-after': String(admission.retryAfterSeconds)},
        extra: {limit: admission.limit, retry_after_seconds: admission.retryAfterSeconds},
      });
    }
  } catch {
    // A store that answers late may still count the export: give its slot back.
    admitting
      .then((late) => {
        if (late.admitted) return relay.store.settle(plan, 0);
      })
      .catch(() => {});
    if (!relay.failOpen) {
      relay.refused('limits_unavailable');
      return errorResponse(503, 'limits_unavailable', 'The proxy cannot check its usage limits right now.', {headers: {'x-should-retry': 'false'}});
    }
    counted = false;
  }

  try {
    const answer = await relay.fetch(relay.telemetry.tracesUrl, {
      method: 'POST',
      headers: {...relay.telemetry.tracesHeaders, 'content-type': type},
      body,
      signal: AbortSignal.timeout(COLLECTOR_TIMEOUT_MS),
    });
    await answer.body?.cancel().catch(() => {});
    if (answer.ok) return new Response(type === 'application/json' ? '{}' : new Uint8Array(), {status: 200, headers: {'content-type': type}});
    if (RETRYABLE.has(answer.status)) {
      const wait = answer.headers.get('retry-after');
      return errorResponse(answer.status, 'collector_busy', 'The collector cannot take the export now.', wait && /^\d{1,6}$/.test(wait) ? {headers: {'retry-after': wait}} : {});
    }
    return errorResponse(502, 'collector_refused', `The collector refused the export (HTTP ${answer.status}).`, {headers: {'x-should-retry': 'false'}});
  } catch {
    // Not the error's text: it names the collector's host and address.
    return errorResponse(502, 'collector_unreachable', 'The proxy could not reach its collector.');
  } finally {
    if (counted) relay.store.settle(plan, 0).catch(() => {});
  }
}
