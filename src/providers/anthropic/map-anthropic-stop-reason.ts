/** Maps Anthropic's `stop_reason` to the neutral finish reason. */
import type {FinishReason} from '../language-model.js';

/** `end_turn`/`stop_sequence` → stop, `tool_use` → tool-calls, `max_tokens` (and a full context) → length. */
export function mapAnthropicStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    default:
      // pause_turn, refusal, and whatever a later API version adds.
      return 'other';
  }
}
