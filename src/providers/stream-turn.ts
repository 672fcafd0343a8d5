/**
 * The shared half of both wire providers: refuse a browser key, POST with retries, read the SSE
 * body through a {@link TurnDecoder}, and turn every failure into an `error` part (the
 * LanguageModel contract: no throws). Abort ends the iterable quietly and at once; a stream silent
 * for `idleTimeoutMs` ends with `PROVIDER_STREAM`.
 */
import type {ModelStreamPart} from './language-model.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import {browserKeyRefusal} from './browser-key.js';
import {postWithRetries} from './http/post-with-retries.js';
import {readSseEvents} from './http/read-sse-events.js';
import type {ResolvedProviderOptions} from './provider-options.js';
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
      signal: controller.signal,
      maxRetries: options.maxRetries,
      retryBaseDelayMs: options.retryBaseDelayMs,
      apiKey: options.apiKey,
      fetch: options.fetch,
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
    else yield {type: 'error', error: streamError(spec, error)};
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

function streamError(spec: TurnSpec, error: unknown): AutouiError {
  return new AutouiError(ErrorCodes.PROVIDER_STREAM, redactKey(`${spec.label}'s stream broke before the turn ended: ${errorMessage(error)}`, spec.options.apiKey), {cause: error});
}
