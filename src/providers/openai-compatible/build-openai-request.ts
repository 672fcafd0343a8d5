/**
 * The body of a chat completions request. `max_tokens` (not `max_completion_tokens`) because
 * every OpenAI-compatible server understands it (Ollama, vLLM, llama.cpp, LM Studio); usage is
 * asked for in the stream with `stream_options.include_usage` unless turned off.
 */
import type {ModelRequest} from '../language-model.js';
import {convertToOpenAIMessages} from './convert-to-openai-messages.js';

/** Builds the JSON body for `request`. */
export function buildOpenAIRequest(
  request: ModelRequest,
  model: string,
  defaultMaxTokens: number,
  {stream, streamUsage}: {stream: boolean; streamUsage: boolean},
): Record<string, unknown> {
  const tools = request.tools.map((t) => ({type: 'function', function: {name: t.name, description: t.description, parameters: t.input_schema}}));
  return {
    model,
    messages: convertToOpenAIMessages(request.system, request.messages),
    ...(tools.length ? {tools} : {}),
    max_tokens: request.maxTokens ?? defaultMaxTokens,
    stream,
    ...(stream && streamUsage ? {stream_options: {include_usage: true}} : {}),
  };
}
