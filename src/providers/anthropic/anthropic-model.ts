/**
 * The Anthropic Messages API over `fetch` and server-sent events:
 * `POST {endpoint}/v1/messages` with `anthropic-version: 2023-06-01`; with a browser key, the
 * `x-api-key` and `anthropic-dangerous-direct-browser-access` headers; without one, no auth header
 * (the key proxy adds it).
 */
import type {LanguageModel, ModelRequest, ModelStreamPart, StreamOptions} from '../language-model.js';
import {resolveProviderOptions, type ProviderOptions, type ResolvedProviderOptions} from '../provider-options.js';
import {hopLabel} from '../http/endpoint-hop.js';
import {streamTurn} from '../stream-turn.js';
import {AnthropicDecoder} from './anthropic-decoder.js';
import {buildAnthropicRequest} from './build-anthropic-request.js';

/** The API version this client speaks. */
export const ANTHROPIC_VERSION = '2023-06-01';

/** A Claude model behind the Messages API (or a proxy of it). */
export class AnthropicModel implements LanguageModel {
  readonly provider = 'anthropic';
  readonly modelId: string;
  readonly #options: ResolvedProviderOptions;

  constructor(options: Omit<ProviderOptions, 'provider'> = {}) {
    this.#options = resolveProviderOptions({...options, provider: 'anthropic'});
    this.modelId = this.#options.model;
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
    const o = this.#options;
    const headers: Record<string, string> = {
      ...o.headers,
      'content-type': 'application/json',
      'anthropic-version': ANTHROPIC_VERSION,
    };
    if (o.apiKey) {
      headers['x-api-key'] = o.apiKey;
      headers['anthropic-dangerous-direct-browser-access'] = 'true';
    }
    return streamTurn({
      url: `${o.endpoint}/v1/messages`,
      headers,
      body: buildAnthropicRequest(request, o.model, o.maxTokens, o.stream !== false),
      // An endpoint on the page's own origin is named as such: its errors are the site's, not the provider's.
      label: hopLabel(o.endpoint, 'The Anthropic API'),
      options: o,
      decoder: new AnthropicDecoder(),
      signal: options.signal,
      trace: options.trace,
    });
  }
}
