import {expect} from '@open-wc/testing';
import {closeAll, connect, originOf, rejection, toolContext} from './mcp-test-kit.js';

/** Makes the quirks server forget every session, as a restart would. */
const forgetSessions = () => fetch(`${originOf('mcp-quirks')}/forget`, {method: 'POST'});

describe('a session the server has forgotten (HTTP 404)', () => {
  afterEach(closeAll);

  it('reconnects once and retries a read-only tool transparently', async () => {
    const {layer} = await connect('mcp-quirks');
    expect((await layer.execute!('stamp', {}, toolContext())).text).to.equal('stamp 1');
    await forgetSessions();
    // A fresh session on the server: its call counter starts again.
    expect((await layer.execute!('stamp', {}, toolContext())).text).to.equal('stamp 1');
  });

  it('reconnects but does not replay a tool that is not read-only, and says so', async () => {
    const {layer} = await connect('mcp-quirks');
    await forgetSessions();
    const error = await rejection(layer.execute!('append', {line: 'x'}, toolContext()));
    expect(error.code).to.equal('TOOL_FAILED');
    expect(error.message).to.contain('not marked read-only').and.contain('lost the session');
    // The new session works for the next call.
    expect((await layer.execute!('append', {line: 'y'}, toolContext())).text).to.equal('appended y');
  });
});
