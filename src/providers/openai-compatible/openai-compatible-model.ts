/**
 * OpenAI-compatible chat completions over `fetch` and server-sent events (OpenAI, Ollama, vLLM,
 * llama.cpp, LM Studio, OpenRouter): `POST {endpoint}/chat/completions`, `Authorization: Bearer`
 * only with a browser key (the key proxy adds it otherwise).
 */
import type {LanguageModel, ModelRequest, ModelStreamPart, StreamOptions} from '../language-model.js';
import {resolveProviderOptions, type ProviderOptions, type ResolvedProviderOptions} from '../provider-options.js';
import {hopLabel} from '../http/endpoint-hop.js';
import {streamTurn} from '../stream-turn.js';
import {buildOpenAIRequest} from './build-openai-request.js';
import {OpenAIDecoder} from './openai-decoder.js';

/** A chat model behind an OpenAI-compatible chat completions API (or a proxy of it). */
export class OpenAICompatibleModel implements LanguageModel {
  readonly provider = 'openai';
  readonly modelId: string;
  readonly #options: ResolvedProviderOptions;

  constructor(options: Omit<ProviderOptions, 'provider'> = {}) {
    this.#options = resolveProviderOptions({...options, provider: 'openai'});
    this.modelId = this.#options.model;
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
    const o = this.#options;
    const headers: Record<string, string> = {...o.headers, 'content-type': 'application/json'};
    if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
    const stream = o.stream !== false;
    return streamTurn({
      url: `${o.endpoint}/chat/completions`,
      headers,
      body: buildOpenAIRequest(request, o.model, o.maxTokens, {stream, streamUsage: o.streamUsage !== false}),
      // An endpoint on the page's own origin is named as such: its errors are the site's, not the provider's.
      label: hopLabel(o.endpoint, 'The chat completions API'),
      options: o,
      decoder: new OpenAIDecoder(),
      signal: options.signal,
      trace: options.trace,
    });
  }
}
