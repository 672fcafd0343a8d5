/**
 * What the proxy checks and changes in a model request before it goes upstream: the model must be
 * on the allow-list; the body is rebuilt from the route's allow-list (anthropic-fields.ts,
 * openai-fields.ts), so only what the proxy can count is forwarded; the output limit is lowered
 * to the ceiling (and set when the request has none, so every answer has a bound), in one field
 * only; an OpenAI-compatible stream asks for its usage, which the token limits count. Also the
 * request's reservation: an upper bound of the tokens it can spend.
 */
import {anthropicBody, type ForwardedBody} from './anthropic-fields.js';
import {BodyRefusal} from './body-fields.js';
import {parseJsonObject} from './json-body.js';
import {openaiBody} from './openai-fields.js';
import type {Wire} from './proxy-options.js';

/**
 * Tokens reserved per image, whose bytes do not bound its tokens (a small PNG of a large blank
 * page is resized, not refused): above the most either provider documents for one image.
 */
export const IMAGE_RESERVE_TOKENS = 3000;

/** A checked request, ready to forward. */
export interface CheckedRequest {
  /** The body to send upstream. */
  body: string;
  model: string;
  /** The output limit sent upstream. */
  maxTokens: number;
  /** The value the page asked for, when it was lowered. */
  clampedFrom?: number;
  /** Tokens to reserve: the body's bytes (no tokenizer makes more tokens than bytes of text), a fixed count per image, plus `maxTokens`. */
  reserve: number;
  /** Top-level fields the page sent that the route does not forward. */
  dropped: string[];
}

/** Why a request is refused before it goes upstream. */
export interface RequestProblem {
  type: 'invalid_request' | 'model_not_allowed';
  message: string;
}

/** Checks and rebuilds one request body of route `wire`. */
export function checkModelRequest(bytes: Uint8Array, wire: Wire, options: {models?: string[]; maxTokens: number; countUsage: boolean}): CheckedRequest | RequestProblem {
  const parsed = parseJsonObject(bytes);
  if ('problem' in parsed) return {type: 'invalid_request', message: parsed.problem};
  const source = parsed.value;
  const model = source.model;
  if (typeof model !== 'string' || !model) return {type: 'invalid_request', message: 'The request names no model.'};
  if (options.models && !options.models.includes(model)) {
    return {type: 'model_not_allowed', message: `This proxy does not serve the model ${JSON.stringify(model.slice(0, 100))}. Allowed: ${options.models.join(', ')}.`};
  }
  let forwarded: ForwardedBody;
  try {
    forwarded = wire === 'anthropic' ? anthropicBody(source) : openaiBody(source);
  } catch (error) {
    if (error instanceof BodyRefusal) return {type: 'invalid_request', message: error.message};
    throw error;
  }
  const body = forwarded.body;
  // OpenAI's newer name wins when both are present, as the API reads it; the other is not sent,
  // so no server can read an unclamped limit beside the clamped one.
  const fields = wire === 'openai' ? (['max_completion_tokens', 'max_tokens'] as const) : (['max_tokens'] as const);
  let asked: number | undefined;
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) return {type: 'invalid_request', message: `${field} must be a positive integer.`};
    asked = Math.max(asked ?? 0, value);
    delete body[field];
  }
  const field = wire === 'openai' && source.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens';
  const maxTokens = Math.min(asked ?? options.maxTokens, options.maxTokens);
  body[field] = maxTokens;
  if (wire === 'openai' && options.countUsage && body.stream === true) body.stream_options = {include_usage: true};
  return {
    body: JSON.stringify(body),
    model,
    maxTokens,
    ...(asked !== undefined && asked > maxTokens ? {clampedFrom: asked} : {}),
    reserve: bytes.byteLength + forwarded.images * IMAGE_RESERVE_TOKENS + maxTokens,
    dropped: forwarded.dropped,
  };
}
