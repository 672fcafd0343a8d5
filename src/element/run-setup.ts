/**
 * What a question needs before the loop starts, read from the element's attributes, and the
 * result of a question that could not start. Kept out of the element so its class stays about
 * the element.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {ModelMessage} from '../agent/messages.js';
import {AutouiError, ErrorCodes, errorMessage} from '../errors.js';

/** True on a page served from this machine: there a browser key is seen by its own developer only (`api-key`). */
export function isLocalPage(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

/** The `endpoint` attribute resolved against the page, without a trailing slash. */
export function resolveEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint, document.baseURI).href.replace(/\/$/, '');
  } catch {
    throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, `endpoint="${endpoint}" is not a URL: give the base URL of the provider API or of the key proxy.`);
  }
}

/** The result of a run that failed before the loop could start. */
export function failedRun(history: ModelMessage[], error: unknown): AgentResult {
  const code = AutouiError.isInstance(error) ? error.code : ErrorCodes.INVALID_ARGUMENT;
  return {...emptyRun(history, 'error'), error: {code, message: errorMessage(error)}};
}

/** The result of a run stopped (Stop, abort(), clear()) before the loop started. */
export function stoppedRun(history: ModelMessage[]): AgentResult {
  return emptyRun(history, 'aborted');
}

function emptyRun(history: ModelMessage[], stopReason: AgentResult['stopReason']): AgentResult {
  return {stopReason, text: '', iterations: 0, toolCalls: [], usage: {inputTokens: 0, outputTokens: 0}, widgets: [], messages: history};
}
