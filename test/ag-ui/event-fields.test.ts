import {expect} from '@open-wc/testing';
import {EventSchema} from '@ag-ui/core/schemas';
import {REQUIRED_FIELDS, invalidField} from '../../src/ag-ui/event-fields.js';
import {decodeAgUiEvent} from '../../src/ag-ui/decode-event.js';
import type {AgUiEventType} from '../../src/ag-ui/ag-ui-events.js';

/** The protocol's own schema of each event type (zod, from @ag-ui/core: tests only). */
const schemas = new Map<string, {shape: Record<string, {safeParse(value: unknown): {success: boolean}}>}>(
  (EventSchema as unknown as {options: Array<{shape: Record<string, any>}>}).options.map((option) => [option.shape.type._zod.def.values[0], option as any]),
);

/** The smallest event of `type` the table accepts. */
function minimal(type: AgUiEventType): Record<string, unknown> {
  const event: Record<string, unknown> = {type};
  const sample = {string: 'x', array: [], object: {}, defined: {}, content: 'x'} as const;
  for (const [field, kind] of Object.entries(REQUIRED_FIELDS[type])) event[field] = sample[kind];
  // Two fields the protocol narrows to a fixed word.
  if (type === 'REASONING_MESSAGE_START') event.role = 'reasoning';
  if (type === 'REASONING_ENCRYPTED_VALUE') event.subtype = 'message';
  return event;
}

describe('AG-UI event fields', () => {
  it("requires exactly the fields @ag-ui/core's schemas require, for every event type", () => {
    for (const type of Object.keys(REQUIRED_FIELDS) as AgUiEventType[]) {
      const shape = schemas.get(type)!.shape;
      const required = Object.keys(shape).filter((field) => field !== 'type' && !shape[field].safeParse(undefined).success);
      expect(Object.keys(REQUIRED_FIELDS[type]).sort(), type).to.deep.equal(required.sort());
    }
  });

  it('accepts the smallest valid event of each type, and refuses it without any one required field, as the schemas do', () => {
    for (const type of Object.keys(REQUIRED_FIELDS) as AgUiEventType[]) {
      const event = minimal(type);
      expect(EventSchema.safeParse(event).success, `${type} is valid for @ag-ui/core`).to.equal(true);
      expect(invalidField(type, event), type).to.equal(undefined);
      for (const field of Object.keys(REQUIRED_FIELDS[type])) {
        const without = {...event};
        delete without[field];
        expect(EventSchema.safeParse(without).success, `${type} without ${field}`).to.equal(false);
        expect(invalidField(type, without), `${type} without ${field}`).to.contain(field);
      }
    }
  });

  it('refuses what the runner would misread: a number for text, a snapshot message without an id, an interrupt without one', () => {
    const refused = (event: object) => () => decodeAgUiEvent(JSON.stringify(event));
    expect(refused({type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 5})).to.throw(/AG-UI protocol.*delta/);
    expect(refused({type: 'TEXT_MESSAGE_CHUNK', delta: {}})).to.throw(/delta/);
    expect(refused({type: 'MESSAGES_SNAPSHOT', messages: [{role: 'user', content: 'hi'}]})).to.throw(/messages/);
    expect(refused({type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: {type: 'interrupt', interrupts: [{reason: 'x'}]}})).to.throw(/outcome/);
    expect(decodeAgUiEvent(JSON.stringify({type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'ok', extra: 1})).kind).to.equal('event');
  });
});
