/**
 * The shared half of both wire providers: refuse a browser key, add the visitor token (the
 * `x-autoui-visitor` header the key proxy checks), POST with retries, read the SSE
 * body through a {@link TurnDecoder}, and turn every failure into an `error` part (the
 * LanguageModel contract: no throws). Abort ends the iterable quietly and at once; a stream silent
 * for `idleTimeoutMs` ends with `PROVIDER_STREAM`.
 */
import type {ModelStreamPart} from './language-model.js';
import {fetchDroppingRefusedTrace, withTraceHeaders} from './http/trace-headers.js';
import type {TraceCarrier} from '../telemetry/agent-tracer.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {browserKeyRefusal} from './browser-key.js';
import {postWithRetries} from './http/post-with-retries.js';
import {readSseEvents} from './http/read-sse-events.js';
import {currentVisitorToken, VISITOR_TOKEN_HEADER, type ResolvedProviderOptions} from './provider-options.js';
import {redactKey} from './redact-key.js';
import type {TurnDecoder} from './turn-decoder.js';

/** One request of one provider. */
export interface TurnSpec {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Provider name for messages ("Anthropic API"). */
  label: string;
  options: ResolvedProviderOptions;
  decoder: TurnDecoder;
  signal?: AbortSignal;
  /** The turn's trace context (tracing on): sent as `traceparent`/`tracestate` headers. */
  trace?: TraceCarrier;
}

/** Streams one turn as neutral parts. See the module comment. */
export async function* streamTurn(spec: TurnSpec): AsyncGenerator<ModelStreamPart> {
  const {options, decoder, signal} = spec;
  const refusal = browserKeyRefusal(options);
  if (refusal) {
    yield {type: 'error', error: refusal};
    return;
  }
  if (signal?.aborted) return;
  const visitor = visitorHeader(spec);
  if ('error' in visitor) {
    yield {type: 'error', error: visitor.error};
    return;
  }
  const secrets = [options.apiKey, visitor.token];
  // One controller for the fetch and the body: aborted by the caller or by the idle timer.
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, {once: true});
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      controller.abort();
    }, options.idleTimeoutMs);
  };
  try {
    arm();
    const posted = await postWithRetries({
      ...spec,
      headers: withTraceHeaders(spec.url, {...spec.headers, ...(visitor.token ? {[VISITOR_TOKEN_HEADER]: visitor.token} : {})}, spec.trace),
      signal: controller.signal,
      maxRetries: options.maxRetries,
      retryBaseDelayMs: options.retryBaseDelayMs,
      secrets,
      fetch: fetchDroppingRefusedTrace(spec.trace, options.fetch),
      onRetry: (info) => {
        // Waiting for a retry is not silence from the server: the clock starts again once the
        // wait is over and the next attempt goes out.
        clearTimeout(timer);
        timer = setTimeout(arm, info.delayMs);
        options.onRetry?.(info);
      },
    });
    if ('aborted' in posted) {
      if (idle) yield idleError(spec);
      return;
    }
    if ('error' in posted) {
      yield {type: 'error', error: posted.error};
      return;
    }
    const {response} = posted;
    arm();
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      // A server that ignored `stream: true` (or `stream: false` on purpose) answers one JSON body.
      const body = await response.json();
      if (!controller.signal.aborted) yield* decoder.json(body);
      else if (idle) yield idleError(spec);
      return;
    }
    for await (const event of readSseEvents(response.body!, controller.signal, arm)) {
      for (const part of decoder.event(event)) {
        // Events already buffered when the caller aborted are late chunks: never surface them.
        if (controller.signal.aborted) break;
        yield part;
      }
      if (decoder.done || controller.signal.aborted) break;
    }
    if (controller.signal.aborted) {
      if (idle && !signal?.aborted) yield idleError(spec);
      return;
    }
    yield* decoder.end();
  } catch (error) {
    if (signal?.aborted) return;
    if (idle) yield idleError(spec);
    else yield {type: 'error', error: streamError(spec, error, secrets)};
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

function idleError(spec: TurnSpec): ModelStreamPart {
  const seconds = Math.round(spec.options.idleTimeoutMs / 100) / 10;
  return {
    type: 'error',
    error: new AutouiError(ErrorCodes.PROVIDER_STREAM, `${spec.label} sent nothing for ${seconds} s; the turn was abandoned.`, {details: {idleTimeoutMs: spec.options.idleTimeoutMs}}),
  };
}

function streamError(spec: TurnSpec, error: unknown, secrets: Array<string | undefined>): AutouiError {
  return new AutouiError(ErrorCodes.PROVIDER_STREAM, redactKey(`${spec.label}'s stream broke before the turn ended: ${errorMessage(error)}`, ...secrets), {cause: error});
}

/** Characters a request header value can carry (a JWT is base64url and dots). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * The visitor token of this request, read now (a page may have refreshed it since the last
 * request). One a header cannot carry is refused before any request, without quoting it.
 */
function visitorHeader(spec: TurnSpec): {token?: string} | {error: AutouiError} {
  let token: string | undefined;
  try {
    token = currentVisitorToken(spec.options);
  } catch (error) {
    return {error: new AutouiError(ErrorCodes.INVALID_ARGUMENT, `The visitor token could not be read (${errorMessage(error)}); no request was made.`, {cause: error})};
  }
  if (token !== undefined && !HEADER_SAFE.test(token)) {
    return {error: new AutouiError(ErrorCodes.INVALID_ARGUMENT, 'The visitor token holds spaces or characters a request header cannot carry, so no request was made: give the token exactly as the site\'s server signed it.')};
  }
  return {token};
}
