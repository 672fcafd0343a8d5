/**
 * Reads the events of one AG-UI run into what the element shows and keeps: streamed text and
 * reasoning to the callbacks, tool calls (the agent's as pills, the page's frontend ones left to
 * run), the agent's state, the conversation, the outcome and the token usage. Text and arguments
 * are gathered as lists of deltas and joined once when their message or call ends, so a long
 * answer or a 5 MB delta costs its length, never its square. What each event type does is the
 * table in `ag-ui-events.ts`.
 */
import type {AssistantMessage, Event, Interrupt, Message, RunFinishedEvent} from '@ag-ui/core';
import jsonPatch, {type Operation} from 'fast-json-patch';
import type {AgentCallbacks} from '../agent/agent-loop.js';
import type {ToolCall} from '../agent/dispatcher.js';
import {THINKING} from '../agent/run-step.js';
import type {Usage} from '../providers/language-model.js';
import {newId, textOf} from './agent-messages.js';
import type {FrontendTools} from './frontend-tools.js';
import {AGENT_SERVER} from './interrupts.js';

/** A frontend tool call the agent finished writing: the page runs it after the run. */
export interface PendingFrontendCall {
  id: string;
  name: string;
  argsText: string;
}

/** How the run ended, as far as its events said. */
export type RunOutcome =
  | {kind: 'open'}
  | {kind: 'finished'}
  | {kind: 'interrupt'; interrupts: Interrupt[]}
  | {kind: 'cancelled'}
  | {kind: 'error'; message: string; code?: string};

/** What the reader needs from the question. */
export interface RunEventsContext {
  callbacks: Required<Pick<AgentCallbacks, 'onText' | 'onReasoning' | 'onMessage' | 'onToolCall' | 'onStep'>>;
  onState(state: unknown): void;
  /** The conversation was replaced by the agent's MESSAGES_SNAPSHOT. */
  onMessagesSnapshot(): void;
  frontend: FrontendTools;
  /** The conversation, changed in place (the next run sends it). */
  messages: Message[];
  usage: Usage;
  /** Every finished tool call of the question, for `AgentResult.toolCalls`. */
  toolCalls: ToolCall[];
}

interface OpenCall {
  name: string;
  deltas: string[];
  started: number;
  record: AgUiToolCallRecord;
}

type AgUiToolCallRecord = NonNullable<AssistantMessage['toolCalls']>[number];

/** The reader of one run's events (a question makes one per run: resumes and tool results start new runs). */
export class RunEvents {
  outcome: RunOutcome = {kind: 'open'};
  /** The last assistant message's text: the answer. */
  answer = '';
  /** Frontend calls to run once the run has ended. */
  readonly pending: PendingFrontendCall[] = [];
  state: unknown;
  readonly #context: RunEventsContext;
  readonly #texts = new Map<string, {message: {content?: string}; deltas: string[]; assistant: boolean}>();
  readonly #calls = new Map<string, OpenCall>();
  /** Calls of the agent's own tools waiting for their result, by id. */
  readonly #serverCalls = new Map<string, {name: string; args: Record<string, unknown>; started: number}>();
  /** Every call of the run by id (for an interrupt that names one). */
  readonly seenCalls = new Map<string, {name: string; args: Record<string, unknown>}>();
  #chunkMessage?: string;
  #chunkCall?: string;

  constructor(context: RunEventsContext, state: unknown) {
    this.#context = context;
    this.state = state;
  }

  /** Applies one event. */
  apply(event: Event): void {
    const {callbacks} = this.#context;
    if (event.type !== 'TEXT_MESSAGE_CHUNK' && this.#chunkMessage) this.#endText(this.#chunkMessage);
    if (event.type !== 'TOOL_CALL_CHUNK' && this.#chunkCall) this.#endCall(this.#chunkCall);
    switch (event.type) {
      case 'TEXT_MESSAGE_START':
        this.#startText(event.messageId, event.role);
        break;
      case 'TEXT_MESSAGE_CONTENT':
        this.#addText(event.messageId, event.delta);
        break;
      case 'TEXT_MESSAGE_END':
        this.#endText(event.messageId);
        break;
      case 'TEXT_MESSAGE_CHUNK': {
        const id = event.messageId ?? this.#chunkMessage ?? newId('assistant');
        if (this.#chunkMessage && this.#chunkMessage !== id) this.#endText(this.#chunkMessage);
        if (!this.#texts.has(id)) this.#startText(id, event.role);
        this.#chunkMessage = id;
        if (event.delta) this.#addText(id, event.delta);
        break;
      }
      case 'TOOL_CALL_START':
        this.#startCall(event.toolCallId, event.toolCallName, event.parentMessageId);
        break;
      case 'TOOL_CALL_ARGS':
        this.#calls.get(event.toolCallId)?.deltas.push(event.delta);
        break;
      case 'TOOL_CALL_END':
        this.#endCall(event.toolCallId);
        break;
      case 'TOOL_CALL_CHUNK': {
        const id = event.toolCallId ?? this.#chunkCall;
        if (!id) break;
        if (this.#chunkCall && this.#chunkCall !== id) this.#endCall(this.#chunkCall);
        if (!this.#calls.has(id)) this.#startCall(id, event.toolCallName ?? '', event.parentMessageId);
        this.#chunkCall = id;
        if (event.delta) this.#calls.get(id)?.deltas.push(event.delta);
        break;
      }
      case 'TOOL_CALL_RESULT':
        this.#result(event.toolCallId, event.messageId, textOf(event.content));
        break;
      case 'STATE_SNAPSHOT':
        this.state = event.snapshot;
        this.#context.onState(this.state);
        break;
      case 'STATE_DELTA':
        this.#patchState(event.delta);
        break;
      case 'MESSAGES_SNAPSHOT':
        this.#context.messages.splice(0, this.#context.messages.length, ...event.messages);
        this.#context.onMessagesSnapshot();
        break;
      case 'REASONING_MESSAGE_CONTENT':
        callbacks.onReasoning(event.delta);
        break;
      case 'REASONING_MESSAGE_CHUNK':
        if (event.delta) callbacks.onReasoning(event.delta);
        break;
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
        callbacks.onStep(THINKING);
        break;
      case 'RUN_FINISHED':
        this.#finished(event);
        break;
      case 'RUN_ERROR':
        this.#addUsage(event.usage);
        this.outcome = {kind: 'error', message: event.message, ...(event.code ? {code: event.code} : {})};
        break;
      default:
        // RUN_STARTED, activity, raw, custom, reasoning boundaries, encrypted values and subagent
        // boundaries: see the table in ag-ui-events.ts.
        break;
    }
  }

  /** Closes what the run left open (a cut stream, a stop): text streamed so far is kept. */
  close(): void {
    for (const id of [...this.#texts.keys()]) this.#endText(id);
    for (const id of [...this.#calls.keys()]) this.#endCall(id, false);
    const now = Date.now();
    // The agent's calls whose result never came are shown all the same, without one.
    for (const [id, call] of this.#serverCalls) this.#pill({id, name: call.name, args: call.args, result: '', elapsed: now - call.started});
    this.#serverCalls.clear();
  }

  #startText(id: string, role: string | undefined): void {
    if (this.#texts.has(id)) return;
    const assistant = role === undefined || role === 'assistant';
    let message = this.#context.messages.find((m) => m.id === id) as {content?: string} | undefined;
    if (!message) {
      const created = {id, role: (role ?? 'assistant') as 'assistant', content: ''};
      this.#context.messages.push(created);
      message = created;
    }
    this.#texts.set(id, {message, deltas: [], assistant});
  }

  #addText(id: string, delta: string): void {
    if (!this.#texts.has(id)) this.#startText(id, 'assistant');
    const open = this.#texts.get(id)!;
    open.deltas.push(delta);
    if (open.assistant) this.#context.callbacks.onText(delta);
  }

  #endText(id: string): void {
    const open = this.#texts.get(id);
    if (this.#chunkMessage === id) this.#chunkMessage = undefined;
    if (!open) return;
    this.#texts.delete(id);
    const text = (open.message.content ?? '') + open.deltas.join('');
    open.message.content = text;
    if (open.assistant && text) {
      this.answer = text;
      this.#context.callbacks.onMessage({role: 'assistant', text});
    }
  }

  #startCall(id: string, name: string, parentMessageId: string | undefined): void {
    const messages = this.#context.messages;
    const parent = parentMessageId ? messages.find((m) => m.id === parentMessageId) : undefined;
    let holder: AssistantMessage;
    if (parent?.role === 'assistant') holder = parent;
    else {
      holder = {id: parentMessageId && !parent ? parentMessageId : newId('assistant'), role: 'assistant'};
      messages.push(holder);
    }
    const record: AgUiToolCallRecord = {id, type: 'function', function: {name, arguments: ''}};
    (holder.toolCalls ??= []).push(record);
    this.#calls.set(id, {name, deltas: [], started: Date.now(), record});
    const {frontend, callbacks} = this.#context;
    callbacks.onStep(frontend.has(name) ? frontend.stepOf(name) : {kind: 'calling', server: AGENT_SERVER, tool: name});
  }

  /** Ends a call; `complete` false for one the stream left unfinished (never run). */
  #endCall(id: string, complete = true): void {
    const open = this.#calls.get(id);
    if (this.#chunkCall === id) this.#chunkCall = undefined;
    if (!open) return;
    this.#calls.delete(id);
    const argsText = open.deltas.join('');
    open.record.function.arguments = argsText;
    const args = parseObject(argsText);
    this.seenCalls.set(id, {name: open.name, args});
    if (!complete) return;
    if (this.#context.frontend.has(open.name)) this.pending.push({id, name: open.name, argsText});
    else this.#serverCalls.set(id, {name: open.name, args, started: open.started});
  }

  #result(toolCallId: string, messageId: string, content: string): void {
    this.#context.messages.push({id: messageId, role: 'tool', toolCallId, content});
    const waiting = this.#serverCalls.get(toolCallId);
    const call = waiting ?? this.seenCalls.get(toolCallId);
    this.#serverCalls.delete(toolCallId);
    const started = waiting?.started ?? Date.now();
    this.#pill({id: toolCallId, name: call?.name ?? '', args: call?.args ?? {}, result: content, elapsed: Date.now() - started});
  }

  #pill(call: {id: string; name: string; args: Record<string, unknown>; result: string; elapsed: number}): void {
    const record: ToolCall = {...call, guided: false, server: AGENT_SERVER, tool: call.name};
    this.#context.toolCalls.push(record);
    this.#context.callbacks.onToolCall(record);
  }

  #patchState(delta: Operation[]): void {
    try {
      this.state = jsonPatch.applyPatch(this.state ?? {}, delta, false, false).newDocument;
      this.#context.onState(this.state);
    } catch (error) {
      // A patch that does not apply leaves the state as it was (the agent's next snapshot mends it).
      console.warn(`autoui-agent: the agent's STATE_DELTA did not apply: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #finished(event: RunFinishedEvent): void {
    this.#addUsage(event.usage);
    const outcome = event.outcome;
    if (outcome?.type === 'interrupt') this.outcome = {kind: 'interrupt', interrupts: outcome.interrupts};
    else if (outcome?.type === 'cancelled') this.outcome = {kind: 'cancelled'};
    else this.outcome = {kind: 'finished'};
  }

  #addUsage(usage: RunFinishedEvent['usage']): void {
    for (const entry of usage ?? []) {
      // Numbers only: an agent's string would be concatenated, not added.
      if (typeof entry?.inputTokens === 'number') this.#context.usage.inputTokens += entry.inputTokens;
      if (typeof entry?.outputTokens === 'number') this.#context.usage.outputTokens += entry.outputTokens;
    }
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
