/**
 * The body of a Messages API request. Prompt caching: the last tool, the system prompt and the
 * last block of the conversation carry `cache_control: {type: 'ephemeral'}` (3 of the 4 allowed
 * breakpoints), so each loop iteration reads the previous one's prefix from the cache instead of
 * paying for tools, prompt and history again. Prefixes under the model's minimum are simply not
 * cached; the marks are harmless there.
 */
import type {ModelRequest} from '../language-model.js';
import {convertToAnthropicMessages, type AnthropicMessage} from './convert-to-anthropic-messages.js';

const EPHEMERAL = {type: 'ephemeral'} as const;

/** Builds the JSON body for `request`. */
export function buildAnthropicRequest(request: ModelRequest, model: string, defaultMaxTokens: number, stream: boolean): Record<string, unknown> {
  const messages: AnthropicMessage[] = convertToAnthropicMessages(request.messages);
  const last = messages[messages.length - 1]?.content.at(-1);
  if (last) Object.assign(last, {cache_control: EPHEMERAL});
  const tools = request.tools.map((t, i, all) => ({
    name: t.name,
    description: t.description,
    input_schema: t.input_schema,
    ...(i === all.length - 1 ? {cache_control: EPHEMERAL} : {}),
  }));
  return {
    model,
    // Required by the API; the loop always passes one, a direct caller may not.
    max_tokens: request.maxTokens ?? defaultMaxTokens,
    ...(request.system ? {system: [{type: 'text', text: request.system, cache_control: EPHEMERAL}]} : {}),
    messages,
    ...(tools.length ? {tools} : {}),
    stream,
  };
}
