/**
 * Builds the error of a failed response from the provider's own error body (Anthropic
 * `{type: 'error', error: {type, message}}`, OpenAI `{error: {message, type, code}}`, Ollama-style
 * `{error: '...'}`), so the page sees the provider's reason, never the key: `PROVIDER_HTTP`, or
 * `PROXY_LIMIT` when the key proxy refused the request under one of its usage limits (its error
 * `{type: 'proxy_limit', message, limit, retry_after_seconds}`, HTTP 429). A request to the page's
 * own endpoint that finds nothing there (404, 405) asks whether the key proxy is mounted there:
 * the usual first error of a page copied without its proxy.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';
import {redactKey} from '../redact-key.js';

/** Statuses that say nothing answers model requests at that path (no route, or not for POST). */
const NOTHING_THERE = new Set([404, 405]);

/** The `error.type` of the key proxy's usage-limit refusals. */
const PROXY_LIMIT_TYPE = 'proxy_limit';

/**
 * Reads `response`'s body and returns the error to report. Never throws.
 * @param label who answered, the message's subject ("The endpoint /llm", "The Anthropic API")
 * @param secrets the key and the visitor token, scrubbed from the message
 * @param pagePath the request's path when it went to the page's own origin (see endpoint-hop.ts)
 */
export async function httpError(response: Response, label: string, secrets: Array<string | undefined> = [], pagePath?: string): Promise<AutouiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read (connection closed): the status alone still says enough.
  }
  const reason = providerReason(text);
  const {type, message} = reason;
  const requestId = response.headers.get('request-id') ?? response.headers.get('x-request-id') ?? undefined;
  if (type === PROXY_LIMIT_TYPE) return proxyLimitError(response, reason, requestId, secrets);
  const status = ` answered HTTP ${response.status}${type ? ` (${type})` : ''}`;
  const details = {status: response.status, ...(type ? {type} : {}), ...(requestId ? {requestId} : {}), ...(pagePath !== undefined ? {path: pagePath} : {})};
  if (pagePath !== undefined && NOTHING_THERE.has(response.status)) {
    // The status is the news; the page's server's own words (often an HTML "Not Found") come after.
    const text = `${label}${status}: is the key proxy mounted there?${message ? ` It said: ${sentence(message)}` : ''}`;
    return new AutouiError(ErrorCodes.PROVIDER_HTTP, redactKey(text, ...secrets), {details});
  }
  const said = message ? `: ${message}` : response.statusText ? `: ${response.statusText}` : '';
  // The proxy's own refusals (a visitor token, its origins) are not about the provider key.
  const hint = (response.status === 401 || response.status === 403) && !isProxyRefusal(type) ? ' Check the key held by the proxy (or the api-key attribute).' : '';
  return new AutouiError(ErrorCodes.PROVIDER_HTTP, redactKey(`${label}${status}${sentence(said)}${hint}`, ...secrets), {details});
}

/** The `PROXY_LIMIT` error: the proxy's own words (they name the wait), with the limit and the wait as details. */
function proxyLimitError(response: Response, reason: ProviderReason, requestId: string | undefined, secrets: Array<string | undefined>): AutouiError {
  const retryAfterSeconds = reason.retryAfterSeconds ?? retryAfterHeaderSeconds(response.headers.get('retry-after'));
  const fallback = `The key proxy refused the request: a usage limit${reason.limit ? ` (${reason.limit})` : ''} is reached.${retryAfterSeconds !== undefined ? ` Try again in ${retryAfterSeconds} s.` : ''}`;
  return new AutouiError(ErrorCodes.PROXY_LIMIT, redactKey(reason.message ? sentence(reason.message) : fallback, ...secrets), {
    details: {
      status: response.status,
      type: PROXY_LIMIT_TYPE,
      ...(reason.limit ? {limit: reason.limit} : {}),
      ...(retryAfterSeconds !== undefined ? {retryAfterSeconds} : {}),
      ...(requestId ? {requestId} : {}),
    },
  });
}

/** The key proxy's refusals that concern the page, not the provider key. */
function isProxyRefusal(type: string | undefined): boolean {
  return type === 'origin_not_allowed' || (type?.startsWith('visitor_token_') ?? false);
}

/** `text` ending with a full stop (once). */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** `Retry-After` in whole seconds: a number of seconds or an HTTP date. */
function retryAfterHeaderSeconds(value: string | null): number | undefined {
  if (value === null || !value.trim()) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

interface ProviderReason {
  type?: string;
  message?: string;
  /** The key proxy's limit that refused the request. */
  limit?: string;
  /** The key proxy's wait before the limit lets a request through. */
  retryAfterSeconds?: number;
}

function providerReason(text: string): ProviderReason {
  try {
    const body = JSON.parse(text) as {error?: unknown; message?: unknown; type?: unknown};
    const error = body.error;
    if (typeof error === 'string') return {message: error};
    if (error && typeof error === 'object') {
      const e = error as {type?: unknown; code?: unknown; message?: unknown; limit?: unknown; retry_after_seconds?: unknown};
      const type = typeof e.type === 'string' ? e.type : typeof e.code === 'string' ? e.code : undefined;
      const wait = e.retry_after_seconds;
      return {
        type,
        message: typeof e.message === 'string' ? e.message : undefined,
        ...(typeof e.limit === 'string' ? {limit: e.limit} : {}),
        ...(typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? {retryAfterSeconds: Math.ceil(wait)} : {}),
      };
    }
    if (typeof body.message === 'string') return {message: body.message};
  } catch {
    // Not JSON: an HTML error page from a gateway, or plain text.
  }
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain ? {message: plain.length > 300 ? `${plain.slice(0, 300)}…` : plain} : {};
}
