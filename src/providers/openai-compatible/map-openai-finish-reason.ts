/** Maps an OpenAI-compatible `finish_reason` to the neutral finish reason. */
import type {FinishReason} from '../language-model.js';

/**
 * `stop` → stop, `tool_calls`/`function_call` → tool-calls, `length` → length. Some local servers
 * say `stop` after tool calls; `hasToolCalls` corrects that.
 */
export function mapOpenAIFinishReason(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'stop':
    case null:
    case undefined:
      return hasToolCalls ? 'tool-calls' : 'stop';
    default:
      // content_filter and server-specific reasons.
      return 'other';
  }
}
