/**
 * Provider-neutral conversation messages. Providers convert them to their wire format
 * (Anthropic content blocks, OpenAI chat messages); the loop only ever sees these.
 */

/** Text written by the user or the assistant. */
export interface TextPart {
  type: 'text';
  text: string;
}

/** A tool call made by the assistant. */
export interface ToolCallPart {
  type: 'tool-call';
  /** The provider's id (Anthropic `toolu_…`, OpenAI `call_…`): every call gets exactly one result. */
  id: string;
  /** The name the model used (prefixed, possibly a canonical alias). */
  name: string;
  input: Record<string, unknown>;
}

/** The result of one tool call, as the model reads it. */
export interface ToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  /** Text for the model (possibly truncated or compressed; the full text is in the result buffer). */
  output: string;
  isError?: boolean;
}

/** A message from the user (a question, or a nudge from the loop). */
export interface UserMessage {
  role: 'user';
  content: string;
}

/** A message from the assistant: text and tool calls, in the order they came. */
export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextPart | ToolCallPart>;
}

/** The results of the tool calls of the preceding assistant message. */
export interface ToolMessage {
  role: 'tool';
  content: ToolResultPart[];
}

/** One message of a conversation. */
export type ModelMessage = UserMessage | AssistantMessage | ToolMessage;
