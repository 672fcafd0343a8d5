/**
 * What the element does with each of AG-UI 1.0's events, in one table: the runner reads it to
 * tell an event it knows from one it does not, a test checks it against `@ag-ui/core`'s
 * `EventType` (so a new protocol event cannot go unnoticed), and the README prints it.
 * `shown`: a person sees it (text, a tool pill, a step, an approval card, an error).
 * `kept`: it changes what the run holds (the agent's state, the conversation) without being drawn.
 * `ignored`: read and dropped, for the reason given.
 */
import type {EventType} from '@ag-ui/core';

/** What the element does with one event type. */
export type AgUiEventHandling = 'shown' | 'kept' | 'ignored';

/** One row of the table. */
export interface AgUiEventRow {
  handling: AgUiEventHandling;
  /** What happens, in words for the README. */
  why: string;
}

/** Every AG-UI 1.0 event type and what the element does with it. */
export const AG_UI_EVENTS = {
  RUN_STARTED: {handling: 'ignored', why: 'opens the run; its thread and run ids are the ones the element sent'},
  RUN_FINISHED: {handling: 'shown', why: 'ends the run: token usage is added up; an `interrupt` outcome asks the person (the tool approval card) and resumes the run with the answer'},
  RUN_ERROR: {handling: 'shown', why: 'ends the question with the agent\'s message (stop reason `error`); the text streamed so far is kept'},
  STEP_STARTED: {handling: 'shown', why: 'shown as the "thinking" step (a framework\'s node names mean nothing to a visitor)'},
  STEP_FINISHED: {handling: 'shown', why: 'shown as the "thinking" step until the next tool call or text'},
  TEXT_MESSAGE_START: {handling: 'kept', why: 'opens a message of the conversation (an assistant message\'s text is streamed to the transcript)'},
  TEXT_MESSAGE_CONTENT: {handling: 'shown', why: 'streamed into the transcript as it arrives'},
  TEXT_MESSAGE_END: {handling: 'shown', why: 'closes the message, told whole; the last assistant message is the answer'},
  TEXT_MESSAGE_CHUNK: {handling: 'shown', why: 'as START, CONTENT and END in one event'},
  TOOL_CALL_START: {handling: 'shown', why: 'the step: calling the agent\'s tool, or drawing for a frontend tool'},
  TOOL_CALL_ARGS: {handling: 'kept', why: 'the call\'s arguments, gathered until its end'},
  TOOL_CALL_END: {handling: 'shown', why: 'a frontend tool (`widget_display`, `canvas`, the page\'s WebMCP tools) runs in the page, with validation, URL rules, the page\'s veto and approval; its result goes back in the next run'},
  TOOL_CALL_CHUNK: {handling: 'shown', why: 'as START, ARGS and END in one event'},
  TOOL_CALL_RESULT: {handling: 'shown', why: 'the agent\'s own tool call shown as a tool pill with its result'},
  STATE_SNAPSHOT: {handling: 'kept', why: 'replaces the agent\'s state (`agentState`, `autoui-agent-state`)'},
  STATE_DELTA: {handling: 'kept', why: 'a JSON Patch applied to the agent\'s state (`agentState`, `autoui-agent-state`)'},
  MESSAGES_SNAPSHOT: {handling: 'shown', why: 'replaces the conversation: the transcript the person reads (questions, answers, tool calls as pills), the history the question returns and the next question sends; the canvas stays'},
  ACTIVITY_SNAPSHOT: {handling: 'ignored', why: 'activity messages are a frontend\'s own components; the element has none to draw them with'},
  ACTIVITY_DELTA: {handling: 'ignored', why: 'as ACTIVITY_SNAPSHOT'},
  RAW: {handling: 'ignored', why: 'a framework\'s own event, passed through for its own frontends'},
  CUSTOM: {handling: 'ignored', why: 'an application\'s own event: no meaning the element could know'},
  REASONING_START: {handling: 'ignored', why: 'a boundary: the reasoning\'s text (REASONING_MESSAGE_CONTENT) is what is shown'},
  REASONING_MESSAGE_START: {handling: 'ignored', why: 'as REASONING_START'},
  REASONING_MESSAGE_CONTENT: {handling: 'shown', why: 'streamed as the model\'s thinking, apart from the answer, never into it'},
  REASONING_MESSAGE_END: {handling: 'ignored', why: 'as REASONING_START'},
  REASONING_MESSAGE_CHUNK: {handling: 'shown', why: 'as REASONING_MESSAGE_CONTENT'},
  REASONING_END: {handling: 'ignored', why: 'as REASONING_START'},
  REASONING_ENCRYPTED_VALUE: {handling: 'ignored', why: 'opaque to the page; the agent keeps its own reasoning'},
  SUBAGENT_STARTED: {handling: 'ignored', why: 'a subagent\'s text and tool calls are shown as the agent\'s; its boundaries are not'},
  SUBAGENT_FINISHED: {handling: 'ignored', why: 'as SUBAGENT_STARTED'},
  SUBAGENT_ERROR: {handling: 'ignored', why: 'the parent agent decides; a failing run ends with RUN_ERROR'},
} as const satisfies Record<`${EventType}`, AgUiEventRow>;

/** An event type of AG-UI 1.0. */
export type AgUiEventType = keyof typeof AG_UI_EVENTS;

/** True for an event type AG-UI 1.0 defines (anything else is ignored: a newer protocol's event). */
export function isAgUiEventType(type: unknown): type is AgUiEventType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(AG_UI_EVENTS, type);
}
