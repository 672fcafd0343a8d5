/**
 * A conversation as a model without tool use reads it, for constrained turns
 * (`turn-constraint.ts`): the system prompt with how to call tools, then the messages as plain
 * text. The model's earlier turns are written in the constrained shapes it answers in, so the
 * history shows it what it is asked to write; tool results come back as the person's messages,
 * marked as results. The browser's model and a local model in constrained mode read the same.
 */
import type {ModelRequest} from '../language-model.js';
import type {ModelMessage} from '../model-messages.js';
import {toolInstructions} from './turn-constraint.js';

/** One message of a plain-text conversation (the Prompt API's and a chat template's shape). */
export interface PlainMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `request` as plain messages, the system prompt first. */
export function constrainedMessages(request: ModelRequest): PlainMessage[] {
  return [{role: 'system', content: `${request.system}\n\n${toolInstructions(request.tools)}`}, ...request.messages.map(plainMessage)];
}

function plainMessage(message: ModelMessage): PlainMessage {
  switch (message.role) {
    case 'user':
      return {role: 'user', content: message.content};
    case 'assistant': {
      const lines = message.content.map((part) => (part.type === 'text' ? JSON.stringify({answer: part.text}) : JSON.stringify({tool: part.name, arguments: part.input})));
      return {role: 'assistant', content: lines.join('\n')};
    }
    case 'tool':
      return {role: 'user', content: message.content.map((r) => `${r.isError ? 'Error from' : 'Result of'} ${r.toolName}:\n${r.output}`).join('\n\n')};
  }
}
