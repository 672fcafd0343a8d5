import {expect} from '@open-wc/testing';
import {EventType} from '@ag-ui/core';
import {AG_UI_EVENTS, isAgUiEventType} from '../../src/ag-ui/ag-ui-events.js';

describe('AG-UI event table', () => {
  it('says what the element does with every event type of @ag-ui/core, and with no other', () => {
    expect(Object.keys(AG_UI_EVENTS).sort()).to.deep.equal(Object.values(EventType).sort());
    expect(Object.keys(AG_UI_EVENTS)).to.have.length(31);
    for (const [type, row] of Object.entries(AG_UI_EVENTS)) {
      expect(['shown', 'kept', 'ignored'], type).to.include(row.handling);
      expect(row.why.length, `${type} says why`).to.be.greaterThan(10);
    }
  });

  it('tells a type of the protocol from a newer one', () => {
    expect(isAgUiEventType('TEXT_MESSAGE_CONTENT')).to.equal(true);
    expect(isAgUiEventType('FUTURE_EVENT')).to.equal(false);
    expect(isAgUiEventType('toString')).to.equal(false);
  });
});
