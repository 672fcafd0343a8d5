/**
 * Neutral messages → OpenAI chat completion `messages`: the system prompt first, assistant tool
 * calls as `tool_calls` with JSON-string arguments, one `tool` message per result. The format has
 * no error flag on tool results, so a failed result is prefixed with `Error: ` for the model.
 */
import type {ModelMessage} from '../model-messages.js';

/** A chat message as we send it. */
export type OpenAIMessage =
  | {role: 'system' | 'user'; content: string}
  | {role: 'assistant'; content: string | null; tool_calls?: Array<{id: string; type: 'function'; function: {name: string; arguments: string}}>}
  | {role: 'tool'; tool_call_id: string; content: string};

/** Converts `messages`, preceded by `system` when it is not empty. */
export function convertToOpenAIMessages(system: string, messages: readonly ModelMessage[]): OpenAIMessage[] {
  const out: OpenAIMessage[] = system ? [{role: 'system', content: system}] : [];
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        out.push({role: 'user', content: message.content});
        break;
      case 'assistant': {
        const text = message.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
        const calls = message.content.flatMap((p) =>
          p.type === 'tool-call' ? [{id: p.id, type: 'function' as const, function: {name: p.name, arguments: JSON.stringify(p.input)}}] : [],
        );
        if (!text && calls.length === 0) break;
        out.push({role: 'assistant', content: text || null, ...(calls.length ? {tool_calls: calls} : {})});
        break;
      }
      case 'tool':
        for (const r of message.content) {
          const content = r.isError && !/^error\b/i.test(r.output) ? `Error: ${r.output}` : r.output;
          out.push({role: 'tool', tool_call_id: r.toolCallId, content});
        }
        break;
    }
  }
  return out;
}
