/**
 * One turn of the model, as the loop reads it: its stream gathered into text and tool calls (the
 * calls' arguments feeding their drafts as they come), the assistant message it adds to the
 * conversation and its tokens; and, when a run ends before a turn's calls have all run, the error
 * results that keep the conversation valid.
 */
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';
import type {CallDrafts} from './call-drafts.js';
import type {LanguageModel, ModelStreamPart, Usage} from '../providers/language-model.js';
import {NO_TRACE, type TraceSpan} from '../telemetry/agent-tracer.js';
import type {AssistantMessage, ModelMessage, ToolCallPart, ToolResultPart} from '../providers/model-messages.js';

/** What one streamed turn gave. */
export interface Turn {
  text: string;
  toolCalls: Array<ToolCallPart & {inputError?: string}>;
  /** What it adds to the conversation (its text, then its calls); absent when it has neither. */
  message?: AssistantMessage;
  finishReason?: string;
  error?: AutouiError;
}

/** What a turn is read for. */
export interface TurnReader {
  signal: AbortSignal;
  /** Gets the text as it comes. */
  onText(delta: string): void;
  /** Gets the model's thinking as it comes (never part of the answer). */
  onReasoning?(delta: string): void;
  /** The model read only the latest part of the conversation this turn (see `context-trimmed`). */
  onContextTrimmed?(info: {dropped: number; contextWindow: number}): void;
  /** The model started writing a call to `name` (its arguments follow). */
  onCall(name: string): void;
  /** Drafts the calls whose tools can be previewed. */
  drafts: CallDrafts;
  /** The run's token count: the turn's are added to it. */
  usage: Usage;
  /** The question's span: the turn is its `chat {model}` child (NO_TRACE when nothing is traced). */
  trace?: TraceSpan;
}

/**
 * Reads one turn's stream. A call the stream never finished will not run: its draft goes when
 * the stream ends. Never throws: a failed stream is the turn's `error` (none once the run was
 * aborted).
 */
export async function streamTurn(provider: LanguageModel, request: Parameters<LanguageModel['stream']>[0], {signal, onText, onReasoning, onContextTrimmed, onCall, drafts, usage, trace = NO_TRACE}: TurnReader): Promise<Turn> {
  const turn: Turn = {text: '', toolCalls: []};
  let turnUsage: Usage | undefined;
  const chat = startChat(trace, provider, request.maxTokens);
  const carrier = chat.carrier();
  const asked = chat.recording ? Date.now() : 0;
  let first = chat.recording;
  try {
    for await (const part of provider.stream(request, carrier ? {signal, trace: carrier} : {signal}) as AsyncIterable<ModelStreamPart>) {
      // Chunks that arrive after an abort are ignored: the run has already ended for the page.
      if (signal.aborted) break;
      if (first) {
        first = false;
        chat.set({'gen_ai.response.time_to_first_chunk': (Date.now() - asked) / 1000});
      }
      switch (part.type) {
        case 'text-delta':
          turn.text += part.delta;
          onText(part.delta);
          break;
        case 'reasoning-delta':
          onReasoning?.(part.delta);
          break;
        case 'context-trimmed':
          onContextTrimmed?.({dropped: part.dropped, contextWindow: part.contextWindow});
          break;
        case 'tool-input-start':
          onCall(part.name);
          drafts.start(part.id, part.name);
          break;
        case 'tool-input-delta':
          drafts.delta(part.id, part.delta);
          break;
        case 'tool-call':
          turn.toolCalls.push({type: 'tool-call', id: part.id, name: part.name, input: part.input ?? {}, ...(part.inputError ? {inputError: part.inputError} : {})});
          break;
        case 'finish':
          turnUsage = part.usage;
          turn.finishReason = part.reason;
          break;
        case 'error':
          turn.error = part.error;
          break;
      }
    }
  } catch (error) {
    if (!signal.aborted) {
      turn.error = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.PROVIDER_STREAM, `The model's stream failed: ${errorMessage(error)}`, {cause: error});
    }
  }
  drafts.settleAllBut(new Set(turn.toolCalls.map((call) => call.id)));
  addUsage(usage, turnUsage);
  endChat(chat, turn, turnUsage, signal);
  const content: AssistantMessage['content'] = turn.text ? [{type: 'text', text: turn.text}] : [];
  content.push(...turn.toolCalls.map(({inputError: _ignored, ...call}) => call));
  if (content.length) turn.message = {role: 'assistant', content};
  return turn;
}

/** The turn's `chat {model}` span (GenAI conventions: a client span per model request). */
function startChat(trace: TraceSpan, provider: LanguageModel, maxTokens: number | undefined): TraceSpan {
  if (!trace.recording) return NO_TRACE;
  return trace.child(`chat ${provider.modelId}`, {
    kind: 'client',
    attributes: {'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': provider.provider, 'gen_ai.request.model': provider.modelId, 'gen_ai.request.max_tokens': maxTokens},
  });
}

function endChat(chat: TraceSpan, turn: Turn, usage: Usage | undefined, signal: AbortSignal): void {
  if (!chat.recording) return;
  chat.set({
    'gen_ai.response.finish_reasons': turn.finishReason ? [turn.finishReason] : undefined,
    'gen_ai.usage.input_tokens': usage?.inputTokens,
    'gen_ai.usage.output_tokens': usage?.outputTokens,
  });
  if (turn.error) chat.fail(turn.error.code);
  else if (signal.aborted) chat.fail('ABORTED');
  chat.end();
}

function addUsage(total: Usage, usage: Usage | undefined): void {
  if (!usage) return;
  total.inputTokens += usage.inputTokens ?? 0;
  total.outputTokens += usage.outputTokens ?? 0;
  if (usage.cacheReadTokens) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + usage.cacheReadTokens;
  if (usage.cacheWriteTokens) total.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + usage.cacheWriteTokens;
}

/**
 * Gives every tool call of the last assistant message that has no result yet an error result,
 * so the conversation stays valid for the providers (every tool_use needs its tool_result) and
 * the next question can continue it.
 */
export function closeCalls(messages: ModelMessage[]): void {
  const last = messages[messages.length - 1];
  const turn = last?.role === 'tool' ? messages[messages.length - 2] : last;
  if (turn?.role !== 'assistant') return;
  const answered = new Set(last.role === 'tool' ? last.content.map((part) => part.toolCallId) : []);
  const parts: ToolResultPart[] = [];
  for (const call of turn.content) {
    if (call.type !== 'tool-call' || answered.has(call.id)) continue;
    parts.push({type: 'tool-result', toolCallId: call.id, toolName: call.name, output: 'Not executed: the run ended before this call.', isError: true});
  }
  if (parts.length === 0) return;
  if (last.role === 'tool') last.content.push(...parts);
  else messages.push({role: 'tool', content: parts});
}
