/**
 * The fields each AG-UI 1.0 event must carry, and the optional ones the runner reads, with their
 * kinds: a small table instead of `@ag-ui/core`'s zod schemas, which weigh about 95 kB gzip with
 * zod for a check this size (a test holds the table to those schemas' required fields). An event
 * that breaks it is the agent's protocol error, told by name and field.
 */
import type {AgUiEventType} from './ag-ui-events.js';

/** What a field holds: `defined` is any JSON value; `content` a string or a list of parts. */
type FieldKind = 'string' | 'array' | 'object' | 'defined' | 'content';

/** Fields every event of a type has (besides `type`). */
export const REQUIRED_FIELDS: Record<AgUiEventType, Record<string, FieldKind>> = {
  TEXT_MESSAGE_START: {messageId: 'string'},
  TEXT_MESSAGE_CONTENT: {messageId: 'string', delta: 'string'},
  TEXT_MESSAGE_END: {messageId: 'string'},
  TEXT_MESSAGE_CHUNK: {},
  TOOL_CALL_START: {toolCallId: 'string', toolCallName: 'string'},
  TOOL_CALL_ARGS: {toolCallId: 'string', delta: 'string'},
  TOOL_CALL_END: {toolCallId: 'string'},
  TOOL_CALL_CHUNK: {},
  TOOL_CALL_RESULT: {messageId: 'string', toolCallId: 'string', content: 'content'},
  STATE_SNAPSHOT: {snapshot: 'defined'},
  STATE_DELTA: {delta: 'array'},
  MESSAGES_SNAPSHOT: {messages: 'array'},
  ACTIVITY_SNAPSHOT: {messageId: 'string', activityType: 'string', content: 'object'},
  ACTIVITY_DELTA: {messageId: 'string', activityType: 'string', patch: 'array'},
  RAW: {event: 'defined'},
  CUSTOM: {name: 'string', value: 'defined'},
  RUN_STARTED: {threadId: 'string', runId: 'string'},
  RUN_FINISHED: {threadId: 'string', runId: 'string'},
  RUN_ERROR: {message: 'string'},
  STEP_STARTED: {stepName: 'string'},
  STEP_FINISHED: {stepName: 'string'},
  REASONING_START: {messageId: 'string'},
  REASONING_MESSAGE_START: {messageId: 'string', role: 'string'},
  REASONING_MESSAGE_CONTENT: {messageId: 'string', delta: 'string'},
  REASONING_MESSAGE_END: {messageId: 'string'},
  REASONING_MESSAGE_CHUNK: {},
  REASONING_END: {messageId: 'string'},
  REASONING_ENCRYPTED_VALUE: {subtype: 'string', entityId: 'string', encryptedValue: 'string'},
  SUBAGENT_STARTED: {subagentRunId: 'string', name: 'string'},
  SUBAGENT_FINISHED: {subagentRunId: 'string'},
  SUBAGENT_ERROR: {subagentRunId: 'string', message: 'string'},
};

/** Optional fields the runner reads: when present, of this kind. */
const READ_OPTIONAL: Partial<Record<AgUiEventType, Record<string, FieldKind>>> = {
  TEXT_MESSAGE_START: {role: 'string'},
  TEXT_MESSAGE_CHUNK: {messageId: 'string', role: 'string', delta: 'string'},
  TOOL_CALL_START: {parentMessageId: 'string'},
  TOOL_CALL_CHUNK: {toolCallId: 'string', toolCallName: 'string', parentMessageId: 'string', delta: 'string'},
  REASONING_MESSAGE_CHUNK: {delta: 'string'},
  RUN_FINISHED: {outcome: 'object', usage: 'array'},
  RUN_ERROR: {code: 'string', usage: 'array'},
};

/** What is wrong with an event of a known `type`, or undefined when nothing the runner reads is. */
export function invalidField(type: AgUiEventType, event: Record<string, unknown>): string | undefined {
  for (const [field, kind] of Object.entries(REQUIRED_FIELDS[type])) {
    if (!(field in event) || !isKind(event[field], kind)) return `${field} (${kind === 'defined' ? 'required' : `a required ${kind}`})`;
  }
  for (const [field, kind] of Object.entries(READ_OPTIONAL[type] ?? {})) {
    if (event[field] !== undefined && event[field] !== null && !isKind(event[field], kind)) return `${field} (a ${kind} when given)`;
  }
  if (type === 'MESSAGES_SNAPSHOT' && !(event.messages as unknown[]).every(isMessage)) return 'messages (each with a string id and role, and its role\'s fields)';
  if (type === 'RUN_FINISHED' && !isOutcome(event.outcome)) return 'outcome (an interrupt outcome lists interrupts with a string id and reason)';
  return undefined;
}

function isKind(value: unknown, kind: FieldKind): boolean {
  if (kind === 'defined') return value !== undefined;
  if (kind === 'string') return typeof value === 'string';
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === 'string' || Array.isArray(value);
}

/** A message as the runner reads one (its role's text and links; the rest is the agent's). */
function isMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.id !== 'string' || typeof message.role !== 'string') return false;
  if (message.role === 'user') return isKind(message.content, 'content');
  if (message.role === 'tool') return typeof message.toolCallId === 'string' && isKind(message.content, 'content');
  if (message.role === 'assistant') {
    const calls = message.toolCalls;
    if (calls !== undefined && !(Array.isArray(calls) && calls.every((c) => typeof c?.id === 'string' && typeof c?.function?.name === 'string' && typeof c?.function?.arguments === 'string'))) return false;
    return message.content === undefined || message.content === null || typeof message.content === 'string';
  }
  return true;
}

function isOutcome(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const outcome = value as {type?: unknown; interrupts?: unknown};
  if (outcome.type !== 'interrupt') return true;
  return Array.isArray(outcome.interrupts) && outcome.interrupts.every((i) => typeof i?.id === 'string' && typeof i?.reason === 'string');
}
