/**
 * POSTs one model request with the SDKs' retry rules (see retry-policy.ts). Retries happen only
 * before a response is accepted: once a 2xx arrives the caller owns the body and nothing is
 * retried (a stream that has started is never replayed).
 */
import {AutouiError, ErrorCodes, errorMessage} from '../../errors.js';
import type {RetryInfo} from '../provider-options.js';
import {redactKey} from '../redact-key.js';
import {pageEndpointPath} from './endpoint-hop.js';
import {httpError} from './http-error.js';
import {isRetryable, retryDelayMs, sleep} from './retry-policy.js';

/** What {@link postWithRetries} needs. */
export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Aborts the request and any back-off wait. */
  signal: AbortSignal;
  maxRetries: number;
  retryBaseDelayMs: number;
  /** Who answers, for messages: "The Anthropic API", or "The endpoint /llm" for the page's own (endpoint-hop.ts). */
  label: string;
  /** The key and the visitor token: only used to scrub messages. */
  secrets?: Array<string | undefined>;
  fetch?: typeof fetch;
  onRetry?: (info: RetryInfo) => void;
}

/** A 2xx response, an error to report, or `aborted` (the caller then ends quietly). */
export type PostResult = {response: Response} | {error: AutouiError} | {aborted: true};

/** Sends the request, retrying as the SDKs do. Never throws. */
export async function postWithRetries(request: PostRequest): Promise<PostResult> {
  const init: RequestInit = {method: 'POST', headers: request.headers, body: JSON.stringify(request.body), signal: request.signal};
  for (let attempt = 0; ; attempt++) {
    if (request.signal.aborted) return {aborted: true};
    let response: Response;
    try {
      response = await (request.fetch ? request.fetch(request.url, init) : fetch(request.url, init));
    } catch (error) {
      if (request.signal.aborted) return {aborted: true};
      if (attempt < request.maxRetries) {
        await wait(request, attempt + 1, undefined, undefined);
        continue;
      }
      return {error: networkError(request, error)};
    }
    if (response.ok) return {response};
    if (attempt < request.maxRetries && isRetryable(response.status, response.headers)) {
      // Free the connection before waiting: the body of a failed attempt is not needed.
      response.body?.cancel().catch(() => {});
      await wait(request, attempt + 1, response.headers, response.status);
      continue;
    }
    return {error: await httpError(response, request.label, request.secrets, pageEndpointPath(request.url))};
  }
}

async function wait(request: PostRequest, attempt: number, headers: Headers | undefined, status: number | undefined): Promise<void> {
  const delayMs = retryDelayMs(attempt, headers, request.retryBaseDelayMs);
  try {
    request.onRetry?.({attempt, delayMs, ...(status === undefined ? {} : {status})});
  } catch {
    // Contract: onRetry must not throw; if it does, the retry still happens.
  }
  await sleep(delayMs, request.signal);
}

function networkError(request: PostRequest, error: unknown): AutouiError {
  const origin = safeOrigin(request.url);
  return new AutouiError(
    ErrorCodes.PROVIDER_NETWORK,
    redactKey(
      `${request.label} could not be reached at ${origin} (${errorMessage(error)}). ` +
        'Check the endpoint, that the server (or the key proxy) is running, and that it allows this page\'s origin (CORS).',
      ...(request.secrets ?? []),
    ),
    {cause: error, details: {endpoint: origin}},
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
