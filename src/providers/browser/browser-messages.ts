/**
 * A turn's request as the Prompt API takes it: the conversation so far as the session's initial
 * prompts, and the last message as the prompt. Two readings of the same conversation: for a
 * constrained turn (`constrainedMessages`: the system prompt says how to write a call, and the
 * model's earlier calls are written in that shape), and for the browser's own tool use, where the
 * session is given the tools and the history says in words what was called and what came back.
 */
import type {ModelRequest} from '../language-model.js';
import type {ModelMessage} from '../model-messages.js';
import {constrainedMessages, type PlainMessage} from '../constrained/constrained-messages.js';
import type {PromptApiMessage} from './prompt-api.js';

/** The session's history (the system prompt first) and the prompt of one turn. */
export interface BrowserTurnInput {
  initialPrompts: PromptApiMessage[];
  prompt: string;
}

/** `request` as initial prompts and a last prompt, for a constrained turn. */
export function browserTurnInput(request: ModelRequest): BrowserTurnInput {
  return splitLast(constrainedMessages(request));
}

/** `request` as initial prompts and a last prompt, for a session given the tools themselves. */
export function nativeToolTurnInput(request: ModelRequest): BrowserTurnInput {
  return splitLast([{role: 'system', content: request.system}, ...request.messages.map(nativeMessage)]);
}

function splitLast(messages: PlainMessage[]): BrowserTurnInput {
  const last = messages.pop()!;
  // The Prompt API answers a user prompt: a conversation that ends with the model's own turn asks it to go on.
  if (last.role !== 'user') return {initialPrompts: [...messages, last], prompt: 'Go on.'};
  return {initialPrompts: messages, prompt: last.content};
}

function nativeMessage(message: ModelMessage): PlainMessage {
  switch (message.role) {
    case 'user':
      return {role: 'user', content: message.content};
    case 'assistant':
      return {role: 'assistant', content: message.content.map((part) => (part.type === 'text' ? part.text : `(called ${part.name} with ${JSON.stringify(part.input)})`)).join('\n')};
    case 'tool':
      return {role: 'user', content: message.content.map((r) => `${r.isError ? 'Error from' : 'Result of'} ${r.toolName}:\n${r.output}`).join('\n\n')};
  }
}
