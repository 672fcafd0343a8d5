/**
 * A turn's request as the Prompt API takes it: the conversation so far (`constrainedMessages`) as
 * the session's initial prompts, and the last message as the prompt.
 */
import type {ModelRequest} from '../language-model.js';
import {constrainedMessages} from '../constrained/constrained-messages.js';
import type {PromptApiMessage} from './prompt-api.js';

/** The session's history and the prompt of one turn. */
export interface BrowserTurnInput {
  initialPrompts: PromptApiMessage[];
  prompt: string;
}

/** `request` as initial prompts and a last prompt. */
export function browserTurnInput(request: ModelRequest): BrowserTurnInput {
  const messages: PromptApiMessage[] = constrainedMessages(request);
  const last = messages.pop()!;
  // The Prompt API answers a user prompt: a conversation that ends with the model's own turn asks it to go on.
  if (last.role !== 'user') return {initialPrompts: [...messages, last], prompt: 'Go on.'};
  return {initialPrompts: messages, prompt: last.content};
}
