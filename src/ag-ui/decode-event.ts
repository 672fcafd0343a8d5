/**
 * One server-sent event's data as an AG-UI event: JSON, a type AG-UI 1.0 defines, and every field
 * the protocol requires, checked with `@ag-ui/core`'s own schemas (so "valid" means what the
 * protocol's authors mean). An event of a type 1.0 does not define is skipped, not an error: a
 * newer agent may send events this element does not know yet.
 */
import type {Event} from '@ag-ui/core';
import {EventSchema} from '@ag-ui/core/schemas';
import {AutouiError, ErrorCodes} from '../errors.js';
import {isAgUiEventType} from './ag-ui-events.js';

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
  const parsed = EventSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw protocolError(`a ${type} event is not valid${where}: ${issue?.message ?? 'unknown field'}`);
  }
  return {kind: 'event', event: parsed.data as Event};
}

/** The `AGENT_PROTOCOL` error for what the agent sent. */
export function protocolError(what: string): AutouiError {
  return new AutouiError(ErrorCodes.AGENT_PROTOCOL, `The agent broke the AG-UI protocol: ${what}.`);
}

/** The start of a long text, for a message. */
function preview(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
