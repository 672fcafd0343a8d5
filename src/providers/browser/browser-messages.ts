/**
 * A turn's request as the Prompt API takes it: the system prompt (with how to call tools) and the
 * conversation so far as the session's initial prompts, and the last message as the prompt. The
 * model's earlier turns are written in the constrained shapes it answers in, so the history shows
 * it what it is asked to write; tool results come back as the person's messages, marked as results.
 */
import type {ModelRequest} from '../language-model.js';
import type {ModelMessage} from '../model-messages.js';
import type {PromptApiMessage} from './prompt-api.js';
import {toolInstructions} from './turn-constraint.js';

/** The session's history and the prompt of one turn. */
export interface BrowserTurnInput {
  initialPrompts: PromptApiMessage[];
  prompt: string;
}

/** `request` as initial prompts and a last prompt. */
export function browserTurnInput(request: ModelRequest): BrowserTurnInput {
  const system: PromptApiMessage = {role: 'system', content: `${request.system}\n\n${toolInstructions(request.tools)}`};
  const messages = request.messages.map(promptMessage);
  const last = messages.pop();
  // The Prompt API answers a user prompt: a conversation that ends with the model's own turn asks it to go on.
  if (!last || last.role !== 'user') return {initialPrompts: [system, ...messages, ...(last ? [last] : [])], prompt: 'Go on.'};
  return {initialPrompts: [system, ...messages], prompt: last.content};
}

function promptMessage(message: ModelMessage): PromptApiMessage {
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
