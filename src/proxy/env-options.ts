/**
 * The proxy's options from environment variables, so a deployment is configured without code:
 *
 * | variable | option |
 * |---|---|
 * | `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `ANTHROPIC_MODELS` | `anthropic.apiKey`, `.baseUrl`, `.models` |
 * | `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `OPENAI_MODELS` | `openai.apiKey`, `.baseUrl`, `.models` |
 * | `PROXY_MODELS` | `models` of both routes, when the route has no list of its own |
 * | `PROXY_BASE_PATH`, `PROXY_ALLOWED_ORIGINS`, `PROXY_PUBLIC_ORIGIN` | `basePath`, `allowedOrigins`, `publicOrigin` |
 * | `PROXY_MAX_BODY_BYTES`, `PROXY_MAX_TOKENS` | `maxBodyBytes`, `maxTokens` |
 * | `PROXY_REQUESTS_PER_MINUTE`, `PROXY_CONCURRENT_STREAMS`, `PROXY_TOKENS_PER_DAY`, `PROXY_DAILY_TOKEN_BUDGET` | `limits.*` (`off` turns one off) |
 * | `PROXY_VISITOR_SECRET` (comma-separated while rotating), `PROXY_VISITOR_AUDIENCE`, `PROXY_VISITOR_MAX_LIFETIME_SECONDS` | `visitorTokens` |
 * | `PROXY_CLIENT_ADDRESS_HEADER`, `PROXY_IPV6_PREFIX`, `PROXY_FAIL_OPEN` (`1`) | `clientAddressHeader`, `ipv6PrefixLength`, `failOpen` |
 * | `PROXY_TRACES_URL`, `PROXY_TRACES_HEADERS` (`name=value,name=value`, values URL-encoded, as `OTEL_EXPORTER_OTLP_HEADERS`) | `telemetry.tracesUrl`, `.tracesHeaders` |
 * | `PROXY_TRACES_MAX_BODY_BYTES`, `PROXY_TRACES_PER_MINUTE` (`off` turns it off) | `telemetry.relayMaxBodyBytes`, `.relayRequestsPerMinute` |
 * | `PROXY_METRICS_VISITOR` (`hashed` or `none`), `PROXY_METRICS_VISITOR_KEY` | `telemetry.metricsVisitor`, `.metricsVisitorKey` |
 *
 * The limit store and the OpenTelemetry providers are code, not variables: pass `store` and
 * `telemetry.tracerProvider` / `.meterProvider` beside these options.
 */
import {parseAllowedOrigins, parseOrigin} from './origin-policy.js';
import type {LlmProxyOptions, ProxyLimits, ProxyTelemetryOptions, UpstreamOptions} from './proxy-options.js';

/** Reads the options from `env` (e.g. `process.env`, or a Worker's `env`). Throws on a value that is not a number where one is needed. */
export function proxyOptionsFromEnv(env: Record<string, string | undefined>): LlmProxyOptions {
  const list = (value: string | undefined) => (value?.trim() ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined);
  const upstream = (prefix: 'ANTHROPIC' | 'OPENAI'): UpstreamOptions => ({
    apiKey: env[`${prefix}_API_KEY`] || undefined,
    baseUrl: env[`${prefix}_BASE_URL`] || undefined,
    models: list(env[`${prefix}_MODELS`]) ?? list(env.PROXY_MODELS),
  });
  const limits: ProxyLimits = {
    requestsPerMinute: limit(env, 'PROXY_REQUESTS_PER_MINUTE'),
    concurrentStreams: limit(env, 'PROXY_CONCURRENT_STREAMS'),
    tokensPerDay: limit(env, 'PROXY_TOKENS_PER_DAY'),
    dailyTokenBudget: limit(env, 'PROXY_DAILY_TOKEN_BUDGET'),
  };
  const secrets = list(env.PROXY_VISITOR_SECRET);
  if (secrets && !env.PROXY_VISITOR_AUDIENCE) throw new Error('PROXY_VISITOR_SECRET is set without PROXY_VISITOR_AUDIENCE: visitor tokens need both.');
  return withoutUnset({
    anthropic: upstream('ANTHROPIC'),
    openai: upstream('OPENAI'),
    basePath: env.PROXY_BASE_PATH || undefined,
    allowedOrigins: parseAllowedOrigins(env.PROXY_ALLOWED_ORIGINS),
    publicOrigin: env.PROXY_PUBLIC_ORIGIN?.trim() ? parseOrigin(env.PROXY_PUBLIC_ORIGIN.trim(), 'PROXY_PUBLIC_ORIGIN') : undefined,
    maxBodyBytes: number(env, 'PROXY_MAX_BODY_BYTES'),
    maxTokens: number(env, 'PROXY_MAX_TOKENS'),
    limits,
    ...(secrets ? {visitorTokens: withoutUnset({secret: secrets, audience: env.PROXY_VISITOR_AUDIENCE!, maxLifetimeSeconds: number(env, 'PROXY_VISITOR_MAX_LIFETIME_SECONDS')})} : {}),
    clientAddressHeader: env.PROXY_CLIENT_ADDRESS_HEADER || undefined,
    ipv6PrefixLength: number(env, 'PROXY_IPV6_PREFIX'),
    failOpen: env.PROXY_FAIL_OPEN === '1' || env.PROXY_FAIL_OPEN === 'true' || undefined,
    telemetry: telemetry(env),
  });
}

/** The telemetry options' variables. Throws on a collector URL or a visitor mode that cannot be right. */
function telemetry(env: Record<string, string | undefined>): ProxyTelemetryOptions {
  const tracesUrl = env.PROXY_TRACES_URL?.trim() || undefined;
  if (tracesUrl && !/^https?:\/\//.test(tracesUrl)) throw new Error(`PROXY_TRACES_URL must be an http(s) URL (the collector's OTLP/HTTP traces endpoint), not "${tracesUrl}".`);
  const visitor = env.PROXY_METRICS_VISITOR?.trim() || undefined;
  if (visitor && visitor !== 'hashed' && visitor !== 'none') throw new Error(`PROXY_METRICS_VISITOR must be hashed or none, not "${visitor}".`);
  return {
    tracesUrl,
    tracesHeaders: headerList(env.PROXY_TRACES_HEADERS),
    relayMaxBodyBytes: number(env, 'PROXY_TRACES_MAX_BODY_BYTES'),
    relayRequestsPerMinute: limit(env, 'PROXY_TRACES_PER_MINUTE'),
    metricsVisitor: visitor as ProxyTelemetryOptions['metricsVisitor'],
    metricsVisitorKey: env.PROXY_METRICS_VISITOR_KEY || undefined,
  };
}

/** `name=value,name2=value2` (values URL-encoded) → headers, or undefined when empty. */
function headerList(value: string | undefined): Record<string, string> | undefined {
  if (!value?.trim()) return undefined;
  const pairs = value.split(',').map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error('PROXY_TRACES_HEADERS must be name=value pairs separated by commas.');
    return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())];
  });
  return Object.fromEntries(pairs);
}

/** Drops the options no variable set, so defaults spread before the result survive (`{x, ...fromEnv}`). */
function withoutUnset<T extends object>(options: T): T {
  const entries = Object.entries(options)
    .map(([key, value]): [string, unknown] => [key, value && typeof value === 'object' && !Array.isArray(value) ? withoutUnset(value) : value])
    .filter(([, value]) => value !== undefined && !(value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0));
  return Object.fromEntries(entries) as T;
}

function number(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${value}".`);
  return n;
}

function limit(env: Record<string, string | undefined>, name: string): number | false | undefined {
  return env[name]?.trim() === 'off' ? false : number(env, name);
}
