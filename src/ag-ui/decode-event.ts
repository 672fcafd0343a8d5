/**
 * One server-sent event's data as an AG-UI event: JSON, a type AG-UI 1.0 defines, and every field
 * the protocol requires (the table in `event-fields.ts`). An event of a type 1.0 does not define
 * is skipped, not an error: a newer agent may send events this element does not know yet.
 */
import type {Event} from '@ag-ui/core';
import {AutouiError, ErrorCodes} from '../errors.js';
import {isAgUiEventType} from './ag-ui-events.js';
import {invalidField} from './event-fields.js';

/** What one `data:` line holds: an event, or a type this element skips. */
export type DecodedEvent = {kind: 'event'; event: Event} | {kind: 'unknown'; type: string};

/** Decodes one event's data. Throws `AGENT_PROTOCOL` for data that is not a valid AG-UI event. */
export function decodeAgUiEvent(data: string): DecodedEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw protocolError(`an event is not JSON: ${preview(data)}`);
  }
  const type = typeof value === 'object' && value !== null ? (value as {type?: unknown}).type : undefined;
  if (typeof type !== 'string') throw protocolError(`an event has no type: ${preview(data)}`);
  if (!isAgUiEventType(type)) return {kind: 'unknown', type};
  const wrong = invalidField(type, value as Record<string, unknown>);
  if (wrong) throw protocolError(`a ${type} event has no valid ${wrong}`);
  return {kind: 'event', event: value as Event};
}

/** The `AGENT_PROTOCOL` error for what the agent sent. */
export function protocolError(what: string): AutouiError {
  return new AutouiError(ErrorCodes.AGENT_PROTOCOL, `The agent broke the AG-UI protocol: ${what}.`);
}

/** The start of a long text, for a message. */
function preview(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
