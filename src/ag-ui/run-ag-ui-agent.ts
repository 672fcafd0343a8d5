/**
 * `runAgUiAgent(question, options)`: a question answered by an AG-UI agent on a server instead of
 * the in-page loop, with the loop's callbacks and result, so a session picks one or the other.
 * One question may take several runs of the agent: after the agent calls the page's frontend
 * tools (their results go back in the next run's messages, as the protocol says) and after an
 * interrupt (the person's answer goes back in the next run's `resume`). Never throws for an agent
 * or tool failure: the result carries a stop reason, and the text streamed so far is kept.
 */
import type {Message, ResumeEntry, RunAgentInput} from '@ag-ui/core';
import type {AgentCallbacks, AgentLoopOptions, AgentResult, StopReason} from '../agent/agent-loop.js';
import {guardCallbacks} from '../agent/guard-callbacks.js';
import {closeCalls} from '../agent/model-turn.js';
import {THINKING} from '../agent/run-step.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import type {ModelMessage} from '../providers/model-messages.js';
import {fromAgUiMessages, newId, toAgUiMessages} from './agent-messages.js';
import {postAgentRun, type AgentEndpoint} from './agent-http.js';
import {decodeAgUiEvent, protocolError} from './decode-event.js';
import {FrontendTools} from './frontend-tools.js';
import {answerInterrupts} from './interrupts.js';
import {RunEvents} from './run-events.js';

/** The loop's callbacks, and the agent's state as it changes. Contract: must not throw. */
export interface AgUiCallbacks extends AgentCallbacks {
  /** The agent's state after a STATE_SNAPSHOT or a STATE_DELTA. */
  onAgentState?(state: unknown): void;
  /** The agent replaced the conversation (MESSAGES_SNAPSHOT): the transcript to restore, as history. */
  onAgentMessages?(history: ModelMessage[]): void;
}

/** The callbacks the runner calls (an agent's text has no trimmed context), each through {@link guardCallbacks}. */
const AG_UI_CALLBACKS = ['onText', 'onReasoning', 'onMessage', 'onToolCall', 'onStep', 'onIteration', 'onAgentState', 'onAgentMessages'] as const;

/** Options of {@link runAgUiAgent}: the loop's that apply, and where the agent is. */
export interface AgUiAgentOptions
  extends AgentEndpoint,
    Pick<AgentLoopOptions, 'layers' | 'signal' | 'history' | 'approval' | 'widgets' | 'toolTimeoutMs'> {
  callbacks?: AgUiCallbacks;
  /** The conversation's AG-UI thread (one per conversation: the agent keeps its memory by it). */
  threadId: string;
  /** The agent's state as the last question left it (sent as the run's `state`). */
  state?: unknown;
  /** Runs of the agent per question (each frontend tool round or interrupt starts one). Default 10. */
  maxRuns?: number;
}

/** What the question produced: the loop's result, and the agent's state after it. */
export interface AgUiResult extends AgentResult {
  /** The agent's state after the question (kept for the next one, and read by the page). */
  state: unknown;
}

const DEFAULT_MAX_RUNS = 10;

/** Answers one question with the AG-UI agent at `options.url`. See the module comment. */
export async function runAgUiAgent(question: string, options: AgUiAgentOptions): Promise<AgUiResult> {
  const signal = options.signal ?? new AbortController().signal;
  const callbacks = guardCallbacks(options.callbacks, AG_UI_CALLBACKS);
  const frontend = new FrontendTools(options.layers, {signal, widgets: options.widgets, approval: options.approval, toolTimeoutMs: options.toolTimeoutMs});
  const messages: Message[] = [...toAgUiMessages(options.history ?? []), {id: newId('user'), role: 'user', content: question}];
  const result: AgUiResult = {
    stopReason: 'end_turn',
    text: '',
    iterations: 0,
    toolCalls: [],
    usage: {inputTokens: 0, outputTokens: 0},
    widgets: frontend.widgets,
    messages: [],
    model: {provider: 'ag-ui', id: options.url},
    state: options.state,
  };
  const context = {
    callbacks,
    onState: (state: unknown) => callbacks.onAgentState(state),
    onMessagesSnapshot: () => callbacks.onAgentMessages(fromAgUiMessages(messages)),
    frontend,
    messages,
    usage: result.usage,
    toolCalls: result.toolCalls,
  };
  const finish = (stopReason: StopReason, error?: {code: string; message: string}): AgUiResult => {
    result.stopReason = stopReason;
    if (error) result.error = error;
    result.messages = fromAgUiMessages(messages);
    // A run cut short (stopped, failed) may leave calls without results; the next question's
    // agent, like a provider, expects every call answered.
    closeCalls(result.messages);
    return result;
  };

  let resume: ResumeEntry[] | undefined;
  const maxRuns = options.maxRuns ?? DEFAULT_MAX_RUNS;
  for (let iteration = 1; iteration <= maxRuns; iteration++) {
    if (signal.aborted) return finish('aborted');
    callbacks.onIteration({iteration, tools: frontend.tools.map((tool) => tool.name)});
    callbacks.onStep(THINKING);
    result.iterations = iteration;
    const input: RunAgentInput = {threadId: options.threadId, runId: newId('run'), state: result.state ?? {}, messages, tools: frontend.tools, context: [], forwardedProps: {}, ...(resume ? {resume} : {})};
    resume = undefined;
    const run = new RunEvents(context, result.state);
    let failure: unknown;
    try {
      for await (const data of postAgentRun(options, input, signal)) {
        const decoded = decodeAgUiEvent(data);
        if (decoded.kind === 'unknown') continue;
        run.apply(decoded.event);
        if (run.outcome.kind !== 'open') break;
      }
    } catch (error) {
      failure = error;
    }
    run.close();
    result.state = run.state;
    if (run.answer) result.text = run.answer;
    if (signal.aborted) return finish('aborted');
    if (failure !== undefined) {
      const error = AutouiError.isInstance(failure) ? failure : new AutouiError(ErrorCodes.AGENT_HTTP, `The agent could not be asked: ${errorMessage(failure)}.`);
      return finish('error', {code: error.code, message: error.message});
    }

    const outcome = run.outcome;
    if (outcome.kind === 'open') {
      const cut = protocolError('the stream ended before RUN_FINISHED (the connection was cut, or the agent stopped writing)');
      return finish('error', {code: cut.code, message: cut.message});
    }
    if (outcome.kind === 'error') {
      // The agent's own failure: its words, and its code when it gives one, in the message.
      const code = outcome.code ? ` (${outcome.code})` : '';
      return finish('error', {code: ErrorCodes.AGENT_HTTP, message: `The agent failed${code}: ${outcome.message}`});
    }
    if (outcome.kind === 'cancelled') return finish('end_turn');
    if (outcome.kind === 'interrupt') {
      const answers = await answerInterrupts(outcome.interrupts, {approval: options.approval, signal, callOf: (id) => run.seenCalls.get(id)});
      if (answers === 'stopped') return finish('aborted');
      resume = answers;
      continue;
    }
    if (run.pending.length === 0) return finish('end_turn');
    for (const call of run.pending) {
      if (signal.aborted) return finish('aborted');
      callbacks.onStep(frontend.stepOf(call.name));
      const done = await frontend.run(call.id, call.name, call.argsText);
      // An error says so in its content too: frameworks that hand the model only a tool
      // message's content would otherwise pass a refusal off as a result.
      messages.push({id: newId('tool'), role: 'tool', toolCallId: call.id, content: done.isError ? `Error: ${done.text}` : done.text, ...(done.isError ? {error: done.text} : {})});
      result.toolCalls.push(done.call);
      callbacks.onToolCall(done.call);
    }
  }
  return finish('max_iterations');
}
