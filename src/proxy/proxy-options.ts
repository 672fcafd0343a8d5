/**
 * What a site sets on its key proxy, with the defaults that make a public proxy safe to run:
 * per-visitor limits on, bodies and answers bounded. Every option has an environment variable
 * (see `proxyOptionsFromEnv`).
 */
import type {MeterProvider, TracerProvider} from '@opentelemetry/api';
import type {LimitStore} from './limits.js';
import type {VisitorCheckOptions} from './visitor-token.js';

/** One upstream: a provider's API, or a server speaking its wire format. */
export interface UpstreamOptions {
  /** The key added to every forwarded request. Keyless local servers (Ollama) need only `baseUrl`. */
  apiKey?: string;
  /** Base URL. Defaults: `https://api.anthropic.com` and `https://api.openai.com/v1`. */
  baseUrl?: string;
  /** Model ids visitors may ask for; others are refused. Absent: any model (the proxy logs a warning). */
  models?: string[];
}

/** Limits per visitor and for everyone together. `false` turns one off. */
export interface ProxyLimits {
  /** Requests a visitor may start per minute. Default 60. */
  requestsPerMinute?: number | false;
  /** Answers a visitor may stream at once. Default 4. */
  concurrentStreams?: number | false;
  /** Tokens (input and output, as the upstream reports them) a visitor may spend per UTC day. Default 1,000,000. */
  tokensPerDay?: number | false;
  /** Tokens everyone together may spend per UTC day. Default: no budget. */
  dailyTokenBudget?: number | false;
}

/**
 * What the proxy gives a site's OpenTelemetry: a relay for the browser's traces, a span per
 * upstream call, usage metrics. Nothing is on unless set; no option reaches a page.
 */
export interface ProxyTelemetryOptions {
  /**
   * The site's OTLP/HTTP traces endpoint (`https://collector.example/v1/traces`): the proxy then
   * serves `POST {basePath}/v1/traces` and relays the browser's exports there, under its origin
   * rules and limits. The page never learns this URL. Absent: no relay route.
   */
  tracesUrl?: string;
  /** Headers added to each relayed export (a collector's key). Never sent to, nor taken from, a page. */
  tracesHeaders?: Record<string, string>;
  /** Largest relayed export in bytes. Default 1,000,000. */
  relayMaxBodyBytes?: number;
  /** Exports a visitor may relay per minute. Default 60 (a browser exports every few seconds at most). */
  relayRequestsPerMinute?: number | false;
  /**
   * Makes a CLIENT span `chat {model}` per upstream call, a child of the browser's span named by
   * the request's `traceparent` (or of the active span). Absent: no spans, no cost.
   */
  tracerProvider?: TracerProvider;
  /** Records usage: tokens, call durations, requests and refusals. Absent: no metrics. */
  meterProvider?: MeterProvider;
  /**
   * The visitor in metrics: `hashed` (default), a keyed hash of who the proxy counts (the visitor
   * token's subject or the client address), never the value itself; `none` leaves it out.
   */
  metricsVisitor?: 'hashed' | 'none';
  /**
   * Key of that hash (HMAC-SHA-256). Set the same one on every instance to follow a visitor
   * across them. Default: a random key per process, so hashes cannot be reversed by trying
   * addresses, and do not match across instances or restarts.
   */
  metricsVisitorKey?: string;
}

/** Options of `createLlmProxy`. */
export interface LlmProxyOptions {
  /** The Anthropic Messages route (`POST {basePath}/v1/messages`). */
  anthropic?: UpstreamOptions;
  /** The OpenAI-compatible route (`POST {basePath}/v1/chat/completions`, also `{basePath}/chat/completions`). */
  openai?: UpstreamOptions;
  /** Where the routes live on the site, e.g. `/llm` or `/api/llm`. Default: the root. */
  basePath?: string;
  /**
   * Origins of the pages that may use the proxy; when set, no other page may. Default: pages on
   * `publicOrigin` and on localhost. `*` allows any page (only sensible with visitor tokens).
   */
  allowedOrigins?: string[];
  /**
   * The origin the proxy is reached at by its own pages (`https://shop.example`), when they are
   * served from the same site: those pages pass the origin check without `allowedOrigins`. The
   * request's `Host` header is never used for that (a DNS-rebinding page controls it).
   */
  publicOrigin?: string;
  /** Largest request body in bytes. Default 1,000,000. */
  maxBodyBytes?: number;
  /** Ceiling of `max_tokens`: larger values are lowered to it, and the answer says so in `x-autoui-max-tokens-clamped`. Default 8192. */
  maxTokens?: number;
  limits?: ProxyLimits;
  /** Where the limits' counters live. Default: this process's memory. */
  store?: LimitStore;
  /** When the store fails: refuse every request (default, `false`) or forward without limits (`true`). */
  failOpen?: boolean;
  /** Milliseconds a store call may take before it counts as failed. Default 2000. */
  storeTimeoutMs?: number;
  /** Require a visitor token signed by the site (see `createVisitorToken`). */
  visitorTokens?: VisitorCheckOptions;
  /**
   * A request header that carries the client's address, set by a trusted front (e.g.
   * `cf-connecting-ip`, or `x-forwarded-for` behind your own load balancer, whose last entry is
   * used). Without it, the Node adapter's socket address is used. Ignored with visitor tokens.
   */
  clientAddressHeader?: string;
  /**
   * IPv6 clients are counted by their network of this prefix length (one subscriber holds a whole
   * /64, often a /56 or a /48). Default 64. Ignored with visitor tokens.
   */
  ipv6PrefixLength?: number;
  /** Milliseconds to receive the request body. Default 10,000. */
  bodyTimeoutMs?: number;
  /** Milliseconds a client may leave the answer unread before it is cut and its slot freed. Default 30,000. */
  clientIdleTimeoutMs?: number;
  /** Longest answer in milliseconds; longer ones are cut. Default 600,000. */
  maxStreamMs?: number;
  /** Traces and metrics for the site's OpenTelemetry (relay, spans, usage). Default: none. */
  telemetry?: ProxyTelemetryOptions;
  /** A line per request (never a key or a token). Default: none. */
  log?: (line: string) => void;
  /** The fetch used upstream. Default: the global one. */
  fetch?: typeof fetch;
}

/** The wire formats, by route. */
export type Wire = 'anthropic' | 'openai';

/** Defaults of the options above. */
export const PROXY_DEFAULTS = {
  maxBodyBytes: 1_000_000,
  maxTokens: 8192,
  requestsPerMinute: 60,
  concurrentStreams: 4,
  tokensPerDay: 1_000_000,
  storeTimeoutMs: 2000,
  bodyTimeoutMs: 10_000,
  clientIdleTimeoutMs: 30_000,
  maxStreamMs: 600_000,
  relayMaxBodyBytes: 1_000_000,
  relayRequestsPerMinute: 60,
} as const;

/** The providers' public APIs. */
export const DEFAULT_UPSTREAMS: Record<Wire, string> = {anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com/v1'};
