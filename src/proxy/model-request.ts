/**
 * What the proxy checks and changes in a model request before it goes upstream: the model must be
 * on the allow-list, `max_tokens` is lowered to the ceiling (and set when the request has none, so
 * every answer has a bound), and an OpenAI-compatible stream asks for its usage, which the token
 * limits count. Also the request's reservation: an upper bound of the tokens it can spend.
 */
import type {Wire} from './proxy-options.js';

/** A checked request, ready to forward. */
export interface CheckedRequest {
  /** The body to send upstream. */
  body: string;
  model: string;
  /** The `max_tokens` sent upstream. */
  maxTokens: number;
  /** The value the page asked for, when it was lowered. */
  clampedFrom?: number;
  /** Tokens to reserve: the body's bytes (no tokenizer makes more tokens than bytes of text) plus `maxTokens`. */
  reserve: number;
}

/** Why a request is refused before it goes upstream. */
export interface RequestProblem {
  type: 'invalid_request' | 'model_not_allowed';
  message: string;
}

/** Checks and adjusts one request body of route `wire`. */
export function checkModelRequest(bytes: Uint8Array, wire: Wire, options: {models?: string[]; maxTokens: number; countUsage: boolean}): CheckedRequest | RequestProblem {
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return {type: 'invalid_request', message: 'The request body is not a JSON object.'};
  }
  const model = body.model;
  if (typeof model !== 'string' || !model) return {type: 'invalid_request', message: 'The request names no model.'};
  if (options.models && !options.models.includes(model)) {
    return {type: 'model_not_allowed', message: `This proxy does not serve the model "${model.slice(0, 100)}". Allowed: ${options.models.join(', ')}.`};
  }
  // OpenAI's newer name wins when both are present, as the API reads it.
  const field = wire === 'openai' && body.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens';
  const asked = body[field];
  if (asked !== undefined && (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1)) {
    return {type: 'invalid_request', message: `${field} must be a positive integer.`};
  }
  const maxTokens = Math.min(asked ?? options.maxTokens, options.maxTokens);
  body[field] = maxTokens;
  if (wire === 'openai' && options.countUsage && body.stream === true) {
    body.stream_options = {...(body.stream_options as object | undefined), include_usage: true};
  }
  const text = JSON.stringify(body);
  return {
    body: text,
    model,
    maxTokens,
    ...(asked !== undefined && asked > maxTokens ? {clampedFrom: asked} : {}),
    reserve: bytes.byteLength + maxTokens,
  };
}
