/**
 * The proxy's usage as OpenTelemetry metrics, through the API only (the site's `MeterProvider`
 * decides where they go):
 *
 * - `gen_ai.client.token.usage` (histogram, `{token}`, `gen_ai.token.type` `input` / `output`) and
 *   `gen_ai.client.operation.duration` (histogram, `s`), named by the GenAI semantic conventions;
 * - `autoui.proxy.requests` (counter): calls forwarded upstream, with their status;
 * - `autoui.proxy.refusals` (counter): requests the proxy refused itself, `error.type` saying why
 *   (`requests_per_minute`, `request_too_large`, `origin_not_allowed`, ...).
 *
 * Per visitor: `autoui.proxy.visitor` is a keyed hash of who the proxy counts, never the visitor
 * token's subject or the address itself (or left out, `metricsVisitor: 'none'`).
 */
import type {Attributes, Counter, Histogram, MeterProvider} from '@opentelemetry/api';
import type {ProxyTelemetryOptions} from './proxy-options.js';

/** The instrumentation scope's name, shared with the proxy's tracer. */
export const SCOPE = 'autoui-agent/proxy';

/** Bucket boundaries the GenAI conventions advise for token counts. */
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];
/** Bucket boundaries the GenAI conventions advise for operation durations, in seconds. */
const DURATION_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

/** Visitor hashes kept, so a busy proxy hashes a returning visitor once. */
const HASHES_KEPT = 1000;

/** The proxy's instruments; every method is a no-op without a meter provider. */
export interface ProxyMetrics {
  /** One forwarded call ended: its tokens, duration and status. `attributes` are the call's (model, provider, error.type). */
  callEnded(visitor: string, attributes: Attributes, usage: {input?: number; output?: number}, seconds: number): void;
  /** The proxy refused a request itself. */
  refused(visitor: string | undefined, attributes: Attributes): void;
}

/** Creates the instruments on `options.meterProvider`. */
export function createProxyMetrics(options: ProxyTelemetryOptions | undefined, version: string): ProxyMetrics {
  const provider: MeterProvider | undefined = options?.meterProvider;
  if (!options || !provider) return {callEnded: () => {}, refused: () => {}};
  const meter = provider.getMeter(SCOPE, version);
  const tokens: Histogram = meter.createHistogram('gen_ai.client.token.usage', {unit: '{token}', description: 'Tokens used per upstream call, as the provider reported them.', advice: {explicitBucketBoundaries: TOKEN_BUCKETS}});
  const duration: Histogram = meter.createHistogram('gen_ai.client.operation.duration', {unit: 's', description: 'Duration of each upstream call, to the end of its answer.', advice: {explicitBucketBoundaries: DURATION_BUCKETS}});
  const requests: Counter = meter.createCounter('autoui.proxy.requests', {unit: '{request}', description: 'Model requests the proxy forwarded upstream.'});
  const refusals: Counter = meter.createCounter('autoui.proxy.refusals', {unit: '{request}', description: 'Requests the proxy refused itself, by reason (error.type).'});
  const visitorOf = visitorHasher(options);

  /** Records once the visitor's hash is known (at once for a visitor seen before). */
  const withVisitor = (visitor: string | undefined, record: (attributes: Attributes) => void) => {
    const hashed = visitor === undefined ? undefined : visitorOf(visitor);
    const recordWith = (hash: string | undefined) => record(hash ? {'autoui.proxy.visitor': hash} : {});
    if (hashed instanceof Promise) hashed.then(recordWith, () => recordWith(undefined));
    else recordWith(hashed);
  };

  return {
    callEnded(visitor, attributes, usage, seconds) {
      withVisitor(visitor, (who) => {
        const all = {...attributes, ...who};
        for (const [type, count] of [['input', usage.input], ['output', usage.output]] as const) {
          if (count !== undefined) tokens.record(count, {...all, 'gen_ai.token.type': type});
        }
        duration.record(seconds, all);
        requests.add(1, all);
      });
    },
    refused(visitor, attributes) {
      withVisitor(visitor, (who) => refusals.add(1, {...attributes, ...who}));
    },
  };
}

/**
 * `visitor` → the first 16 hex digits of HMAC-SHA-256(key, visitor), or undefined with
 * `metricsVisitor: 'none'`. Keyed, not a plain hash: an IPv4 address is one of 2^32, so a plain
 * hash of one is reversed by trying them all.
 */
function visitorHasher(options: ProxyTelemetryOptions): (visitor: string) => string | undefined | Promise<string> {
  if (options.metricsVisitor === 'none') return () => undefined;
  const encoder = new TextEncoder();
  // Made at the first visitor, not with the proxy: a Worker may not draw random values in its global scope.
  let key: Promise<CryptoKey> | undefined;
  const keyOf = () => {
    if (key) return key;
    const secret = options.metricsVisitorKey ? encoder.encode(options.metricsVisitorKey) : crypto.getRandomValues(new Uint8Array(32));
    return (key = crypto.subtle.importKey('raw', secret, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']));
  };
  const known = new Map<string, string>();
  return (visitor) => {
    const hash = known.get(visitor);
    if (hash) return hash;
    return keyOf()
      .then((k) => crypto.subtle.sign('HMAC', k, encoder.encode(visitor)))
      .then((signature) => {
        const hex = [...new Uint8Array(signature, 0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
        if (known.size >= HASHES_KEPT) known.delete(known.keys().next().value!);
        known.set(visitor, hex);
        return hex;
      });
  };
}
