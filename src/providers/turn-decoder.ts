/**
 * The provider-specific half of a turn: turning wire events (or one JSON answer) into neutral
 * stream parts. The shared half (HTTP, retries, SSE, abort, idle timeout) is in stream-turn.ts.
 */
import type {EventSourceMessage} from 'eventsource-parser';
import type {ModelStreamPart} from './language-model.js';

/** Decodes one streamed turn. A new decoder is made per request. */
export interface TurnDecoder {
  /** Parts produced by one server-sent event (text deltas go out at once). */
  event(message: EventSourceMessage): ModelStreamPart[];
  /** True once the end-of-turn marker or an error event was seen: reading stops. */
  readonly done: boolean;
  /**
   * Parts after the body ended: the tool calls and the finish part, or a `PROVIDER_STREAM` error
   * when the stream was cut before the turn completed (its tool calls are then dropped, never run).
   */
  end(): ModelStreamPart[];
  /** Parts of a non-streamed answer (`stream: false`, or a server that ignored `stream: true`). */
  json(body: unknown): ModelStreamPart[];
}
