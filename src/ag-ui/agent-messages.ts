/**
 * The conversation in both vocabularies: the session keeps `ModelMessage`s (what snapshots,
 * sharing and the in-page loop read), an AG-UI agent reads and sends `Message`s with ids. A
 * question's run converts the history once on the way in and the agent's conversation once on
 * the way out, so an element can switch between the loop and an agent without losing the thread.
 */
import type {Message, ToolCall as AgUiToolCall} from '@ag-ui/core';
import type {ModelMessage, TextPart, ToolCallPart, ToolResultPart} from '../providers/model-messages.js';

/** A new id for a message or a run (random: ids are the client's to choose). */
export function newId(prefix: string): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}_${random}`;
}

/** The session's history as AG-UI messages. */
export function toAgUiMessages(history: readonly ModelMessage[]): Message[] {
  const messages: Message[] = [];
  for (const message of history) {
    if (message.role === 'user') {
      messages.push({id: newId('user'), role: 'user', content: message.content});
    } else if (message.role === 'assistant') {
      const text = message.content.filter((part): part is TextPart => part.type === 'text').map((part) => part.text).join('');
      const toolCalls: AgUiToolCall[] = message.content
        .filter((part): part is ToolCallPart => part.type === 'tool-call')
        .map((part) => ({id: part.id, type: 'function', function: {name: part.name, arguments: JSON.stringify(part.input)}}));
      messages.push({id: newId('assistant'), role: 'assistant', ...(text ? {content: text} : {}), ...(toolCalls.length ? {toolCalls} : {})});
    } else {
      for (const part of message.content) {
        messages.push({id: newId('tool'), role: 'tool', toolCallId: part.toolCallId, content: part.output, ...(part.isError ? {error: part.output} : {})});
      }
    }
  }
  return messages;
}

/** An AG-UI conversation as the session keeps it (system, developer, activity and reasoning messages left out). */
export function fromAgUiMessages(messages: readonly Message[]): ModelMessage[] {
  const history: ModelMessage[] = [];
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'user') {
      history.push({role: 'user', content: textOf(message.content)});
    } else if (message.role === 'assistant') {
      const content: Array<TextPart | ToolCallPart> = message.content ? [{type: 'text', text: message.content}] : [];
      for (const call of message.toolCalls ?? []) {
        names.set(call.id, call.function.name);
        content.push({type: 'tool-call', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments)});
      }
      if (content.length) history.push({role: 'assistant', content});
    } else if (message.role === 'tool') {
      const part: ToolResultPart = {type: 'tool-result', toolCallId: message.toolCallId, toolName: names.get(message.toolCallId) ?? '', output: message.error ?? textOf(message.content)};
      if (message.error) part.isError = true;
      const last = history.at(-1);
      if (last?.role === 'tool') last.content.push(part);
      else history.push({role: 'tool', content: [part]});
    }
  }
  return history;
}

/** The text of a message's content (its text parts; media are named, not carried). Untrusted: any part shape is read safely. */
export function textOf(content: Extract<Message, {role: 'user'}>['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part: {type?: unknown; text?: unknown}) => (part?.type === 'text' ? String(part.text ?? '') : `[${String(part?.type)}]`)).join('');
}

/** A call's arguments as an object ({} for anything else). */
function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
