/**
 * The result of a question that never reached the loop: refused settings (an unknown provider, a
 * part of the library that failed to load) or a Stop while servers connected or the engine
 * loaded. Shaped like any other result, so a page handles every question the same way.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ModelMessage} from '../providers/model-messages.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';

/** The result of a run that failed before the loop could start. */
export function failedRun(history: readonly ModelMessage[], error: unknown): AgentResult {
  const code = AutouiError.isInstance(error) ? error.code : ErrorCodes.INVALID_ARGUMENT;
  return {...emptyRun(history, 'error'), error: {code, message: errorMessage(error)}};
}

/** The result of a run stopped (Stop, abort(), clear()) before the loop started. */
export function stoppedRun(history: readonly ModelMessage[]): AgentResult {
  return emptyRun(history, 'aborted');
}

function emptyRun(history: readonly ModelMessage[], stopReason: AgentResult['stopReason']): AgentResult {
  return {stopReason, text: '', iterations: 0, toolCalls: [], usage: {inputTokens: 0, outputTokens: 0}, widgets: [], messages: [...history]};
}
