/**
 * Neutral messages → Anthropic Messages `messages`. A neutral `tool` message becomes a `user`
 * message of `tool_result` blocks; consecutive messages of one role are merged, because the API
 * requires alternation and the loop's nudge (a user message) may follow a tool message. Empty
 * text is dropped (the API rejects empty text blocks).
 */
import type {ModelMessage} from '../model-messages.js';

/** An Anthropic content block as we send it. */
export type AnthropicBlock =
  | {type: 'text'; text: string; cache_control?: {type: 'ephemeral'}}
  | {type: 'tool_use'; id: string; name: string; input: Record<string, unknown>; cache_control?: {type: 'ephemeral'}}
  | {type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean; cache_control?: {type: 'ephemeral'}};

/** An Anthropic message as we send it. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

/** Converts and merges `messages`. */
export function convertToAnthropicMessages(messages: readonly ModelMessage[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage['role'], blocks: AnthropicBlock[]) => {
    if (blocks.length === 0) return;
    const last = out[out.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else out.push({role, content: blocks});
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        push('user', message.content ? [{type: 'text', text: message.content}] : []);
        break;
      case 'assistant':
        push(
          'assistant',
          message.content.flatMap((part): AnthropicBlock[] =>
            part.type === 'text'
              ? part.text ? [{type: 'text', text: part.text}] : []
              : [{type: 'tool_use', id: part.id, name: part.name, input: part.input}],
          ),
        );
        break;
      case 'tool':
        push(
          'user',
          message.content.map((r) => ({type: 'tool_result', tool_use_id: r.toolCallId, content: r.output, ...(r.isError ? {is_error: true} : {})})),
        );
        break;
    }
  }
  return out;
}
