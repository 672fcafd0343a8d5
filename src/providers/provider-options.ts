import type {BrowserModelOptions} from './browser/browser-model.js';
import type {LocalModelOptions} from './local/local-model.js';

/**
 * Options shared by the wire providers, as the element passes them from its attributes
 * `provider`, `endpoint`, `model`, `api-key`, `allow-browser-key` and `visitor-token`.
 */

/**
 * The request header a visitor token travels in: the key proxy reads it (its own
 * `VISITOR_TOKEN_HEADER`, in `src/proxy/visitor-token.ts`, which browser code may not import).
 */
export const VISITOR_TOKEN_HEADER = 'x-autoui-visitor';

/** What happened before a retry, for a debug console ("retrying in 2 s"). Never carries a key. */
export interface RetryInfo {
  /** 1 for the first retry, 2 for the second. */
  attempt: number;
  /** Milliseconds waited before the retry (from `retry-after(-ms)` or the back-off). */
  delayMs: number;
  /** HTTP status that caused the retry; absent after a network failure. */
  status?: number;
}

/** Options of {@link createProvider} and of both model classes. */
export interface ProviderOptions {
  /** Wire format: Anthropic Messages or OpenAI-compatible chat completions. */
  provider: 'anthropic' | 'openai';
  /**
   * Base URL of the API or of a proxy speaking the same format. Anthropic requests go to
   * `{endpoint}/v1/messages` (default `https://api.anthropic.com`); OpenAI-compatible ones to
   * `{endpoint}/chat/completions` (default `https://api.openai.com/v1`).
   */
  endpoint?: string;
  /** Model id. Defaults: `claude-sonnet-4-5` (Anthropic), `gpt-4o-mini` (OpenAI). */
  model?: string;
  /** A key sent from the browser. Refused unless `allowBrowserKey` or `isLocalPage`. */
  apiKey?: string;
  /** The page accepts that anyone who can open it can read the key. */
  allowBrowserKey?: boolean;
  /**
   * A visitor token the site's server signed for the key proxy (see `createVisitorToken`), sent
   * in the `x-autoui-visitor` header of every request. A function is called for each request, so
   * a token the page refreshes applies at once. Never put in a message.
   */
  visitorToken?: string | (() => string | undefined);
  /** True when the page is served from localhost (computed by the element, never read here). */
  isLocalPage?: boolean;
  /** Retries of a failed request (408/409/429/5xx, network). Default 2. */
  maxRetries?: number;
  /** First back-off delay in ms, doubled per retry, capped at 8 s, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** A stream (or a response) silent this long ends the turn with `PROVIDER_STREAM`. Default 300,000 ms. */
  idleTimeoutMs?: number;
  /** Output-token cap when a request carries none (Anthropic requires one). Default 4096. */
  maxTokens?: number;
  /** Extra request headers (e.g. OpenRouter's `HTTP-Referer`). */
  headers?: Record<string, string>;
  /** OpenAI-compatible only: ask for usage in the stream (`stream_options.include_usage`). Default true. */
  streamUsage?: boolean;
  /** Stream the turn (default) or ask for one JSON answer (for servers that cannot stream tool calls). */
  stream?: boolean;
  /** Called before each retry. Must not throw. */
  onRetry?: (info: RetryInfo) => void;
  /** The fetch to use (tests, Workers with a custom fetch). Default: the global one. */
  fetch?: typeof fetch;
}

/**
 * Options of the browser's built-in model (`provider: 'browser'`, the Prompt API): no endpoint, no
 * key, nothing sent anywhere. The hooks let a view ask the person before a download.
 */
export interface BrowserProviderOptions extends BrowserModelOptions {
  provider: 'browser';
}

/**
 * Options of a small open model run in the browser (`provider: 'local'`): a GGUF file downloaded
 * once with the person's yes and kept; no endpoint, no key, nothing of the conversation sent anywhere.
 */
export interface LocalProviderOptions extends LocalModelOptions {
  provider: 'local';
}

/** What `createProvider` takes: a wire provider's options, or those of a model run in the browser. */
export type ModelOptions = ProviderOptions | BrowserProviderOptions | LocalProviderOptions;

/** Default model ids, kept in one place so the README and the code agree. */
export const DEFAULT_MODELS = {anthropic: 'claude-sonnet-4-5', openai: 'gpt-4o-mini'} as const;

/** Default endpoints (the providers' public APIs). */
export const DEFAULT_ENDPOINTS = {anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com/v1'} as const;

/** Options with every default applied. */
export interface ResolvedProviderOptions extends ProviderOptions {
  endpoint: string;
  model: string;
  maxRetries: number;
  retryBaseDelayMs: number;
  idleTimeoutMs: number;
  maxTokens: number;
}

/** The visitor token to send now (trimmed), or `undefined` when there is none. */
export function currentVisitorToken(options: Pick<ProviderOptions, 'visitorToken'>): string | undefined {
  const value = typeof options.visitorToken === 'function' ? options.visitorToken() : options.visitorToken;
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Applies the defaults of `options.provider`, and drops trailing slashes from the endpoint. */
export function resolveProviderOptions(options: ProviderOptions): ResolvedProviderOptions {
  const endpoint = (options.endpoint?.trim() || DEFAULT_ENDPOINTS[options.provider]).replace(/\/+$/, '');
  return {
    ...options,
    endpoint,
    model: options.model?.trim() || DEFAULT_MODELS[options.provider],
    maxRetries: Math.max(0, Math.floor(options.maxRetries ?? 2)),
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
    maxTokens: options.maxTokens ?? 4096,
  };
}
