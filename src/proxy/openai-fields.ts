/**
 * The OpenAI-compatible chat completions body the proxy forwards, rebuilt from an allow-list.
 * Refused with a 400 that names them: `n` above 1 and `best_of` (several answers for one
 * reservation), OpenRouter's `models` fallback list (a model off the allow-list) and `plugins`,
 * `service_tier`, llama.cpp's `n_predict` (an output limit beside `max_tokens`), web search
 * options, and image, audio or file parts the provider fetches or decodes beyond their bytes.
 * Fields off the list are dropped.
 */
import {array, dropped, isObject, object, pick, refuse, refuseFields, string} from './body-fields.js';
import type {ForwardedBody} from './anthropic-fields.js';

/** Top-level fields forwarded on the OpenAI-compatible route (the output limit and `stream_options` are set by the caller). */
export const OPENAI_FIELDS = ['model', 'messages', 'tools', 'tool_choice', 'parallel_tool_calls', 'max_tokens', 'max_completion_tokens', 'stream', 'stream_options', 'temperature', 'top_p', 'stop', 'seed', 'presence_penalty', 'frequency_penalty', 'response_format', 'reasoning_effort', 'n'] as const;

const REFUSED = {
  best_of: 'it generates several answers for the price of one request.',
  models: 'a fallback list could run a model off the proxy\'s allow-list.',
  plugins: 'plugins (web search) are billed per use, beyond the tokens the proxy counts.',
  web_search_options: 'web search is billed per use, beyond the tokens the proxy counts.',
  service_tier: 'the service tier changes the price; the proxy uses the default tier.',
  n_predict: 'an output limit beside max_tokens, which the proxy sets.',
  prediction: 'predicted outputs are billed beyond the tokens the proxy counts.',
  audio: 'audio output is billed beyond the tokens the proxy counts.',
};

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** Rebuilds a chat completions body, or throws a `BodyRefusal`. */
export function openaiBody(source: Record<string, unknown>): ForwardedBody {
  refuseFields(source, REFUSED);
  if (source.n !== undefined && source.n !== 1) refuse('The proxy does not forward n other than 1: each extra choice is another answer for the price of one request.');
  const counter = {images: 0};
  const body = pick(source, ['model', 'max_tokens', 'max_completion_tokens', 'stream', 'parallel_tool_calls', 'temperature', 'top_p', 'stop', 'seed', 'presence_penalty', 'frequency_penalty', 'response_format', 'reasoning_effort']);
  body.messages = array(source.messages, 'messages').map((m, i) => message(object(m, `messages.${i}`), `messages.${i}`, counter));
  if (source.tools !== undefined) body.tools = array(source.tools, 'tools').map((t, i) => tool(object(t, `tools.${i}`), `tools.${i}`));
  if (source.tool_choice !== undefined) body.tool_choice = typeof source.tool_choice === 'string' ? source.tool_choice : pick(object(source.tool_choice, 'tool_choice'), ['type', 'function']);
  return {body, images: counter.images, dropped: dropped(source, OPENAI_FIELDS)};
}

function message(m: Record<string, unknown>, where: string, counter: {images: number}): Record<string, unknown> {
  const role = typeof m.role === 'string' && ROLES.has(m.role) ? m.role : refuse(`${where}.role must be one of ${[...ROLES].join(', ')}.`);
  const out: Record<string, unknown> = {role, ...pick(m, ['name', 'tool_call_id'])};
  if (m.content === null || typeof m.content === 'string') out.content = m.content;
  else if (m.content !== undefined) out.content = array(m.content, `${where}.content`).map((p, i) => part(object(p, `${where}.content.${i}`), `${where}.content.${i}`, counter));
  if (m.tool_calls !== undefined) {
    out.tool_calls = array(m.tool_calls, `${where}.tool_calls`).map((c, i) => {
      const call = object(c, `${where}.tool_calls.${i}`);
      const fn = object(call.function, `${where}.tool_calls.${i}.function`);
      return {id: string(call.id, `${where}.tool_calls.${i}.id`), type: 'function', function: {name: string(fn.name, `${where}.tool_calls.${i}.function.name`), arguments: string(fn.arguments, `${where}.tool_calls.${i}.function.arguments`)}};
    });
  }
  return out;
}

function part(p: Record<string, unknown>, where: string, counter: {images: number}): Record<string, unknown> {
  if (p.type === 'text') return {type: 'text', text: string(p.text, `${where}.text`)};
  if (p.type === 'image_url') {
    const image = object(p.image_url, `${where}.image_url`);
    // Inline (data:) images only: a URL would be fetched by the provider, at a size nobody checked.
    if (!string(image.url, `${where}.image_url.url`).startsWith('data:')) refuse(`The proxy forwards only inline images (${where}.image_url.url as a data: URL), not images the provider fetches.`);
    counter.images++;
    return {type: 'image_url', image_url: pick(image, ['url', 'detail'])};
  }
  return refuse(`The proxy does not forward ${where} of type ${JSON.stringify(String(p.type).slice(0, 40))}: only text and inline image parts.`);
}

function tool(t: Record<string, unknown>, where: string): Record<string, unknown> {
  if (t.type !== 'function') refuse(`The proxy forwards only function tools (${where}.type "function"): others run, and bill, at the provider.`);
  const fn = object(t.function, `${where}.function`);
  if (fn.parameters !== undefined && !isObject(fn.parameters)) refuse(`${where}.function.parameters must be an object.`);
  return {type: 'function', function: {name: string(fn.name, `${where}.function.name`), ...pick(fn, ['description', 'parameters', 'strict'])}};
}
