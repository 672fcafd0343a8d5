/**
 * Approvals of an MCP App view's calls through a session, with the real probe server over HTTP:
 * a view that calls a write tool again and again (a poll) puts one card before the person, not
 * one per call; the calls waiting for it get its answer; arguments the person was not shown get
 * a card of their own; "always allow" covers later calls; a burst stays bounded.
 */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import type {ApprovalRequest} from '../../src/agent/approval.js';
import type {ApprovalResponder} from '../../src/session/session-approvals.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {MAX_WAITING_CALLS} from '../../src/session/app-approval-line.js';
import {ScriptedModel} from '../helpers/scripted-model.js';
import {closeAll, connect} from '../mcp/mcp-test-kit.js';

const code = (error: unknown) => (AutouiError.isInstance(error) ? error.code : 'ok');
const text = (result: Record<string, unknown>) => (result.content as Array<{text: string}>)[0].text;

/** A session over the probe server, and the approval cards it has put before the person (pending ones in `open`). */
async function probeSession() {
  const probe = await connect('app-probe');
  const session = new AgentSession({model: new ScriptedModel([]), language: 'en', layers: [probe.layer]});
  const asked: ApprovalRequest[] = [];
  const open = new Map<ApprovalRequest, ApprovalResponder>();
  session.subscribe((event) => {
    if (event.type === 'approval') {
      asked.push(event.request);
      open.set(event.request, event.respond);
    } else if (event.type === 'approval-settled') open.delete(event.request);
  });
  const view = (key: string) => ({key, server: 'Probe', channel: probe.layer.apps!.id, tool: 'probe'});
  const write = (key: string, value: string, signal?: AbortSignal) => session.apps.callTool(view(key), 'probe_write', {value}, signal).then(text, (e) => code(e));
  /** Answers the one pending card (fails when there are none or several). */
  const answer = (decision: 'allow' | 'allow-always' | 'deny') => {
    expect(open.size, 'exactly one pending card').to.equal(1);
    [...open.values()][0](decision);
  };
  const cardsShown = async (count: number) => {
    for (let i = 0; i < 200 && asked.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    expect(asked).to.have.length(count);
  };
  return {session, asked, open, write, answer, cardsShown};
}

describe('AgentSession: approvals of an MCP App view\'s calls', () => {
  afterEach(closeAll);

  it('asks once for a burst of a thousand identical calls; the waiting ones get the answer, the excess is refused', async () => {
    const {asked, open, write, answer, cardsShown} = await probeSession();
    const calls = Array.from({length: 1000}, () => write('view-a', 'x'));
    await cardsShown(1);
    answer('allow');
    const outcomes = await Promise.all(calls);
    expect(asked, 'one card').to.have.length(1);
    expect(outcomes.filter((o) => o === 'wrote x')).to.have.length(MAX_WAITING_CALLS);
    expect(outcomes.filter((o) => o === ErrorCodes.APP_REFUSED)).to.have.length(1000 - MAX_WAITING_CALLS);
    // "Allow once" answered the calls that waited for it: the next call asks again.
    const later = write('view-a', 'x');
    await cardsShown(2);
    answer('allow');
    expect(await later).to.equal('wrote x');
    expect(open.size).to.equal(0);
  });

  it('a deny answers every call waiting on the line, and other arguments wait for the answer rather than add a card', async () => {
    const {asked, write, answer, cardsShown} = await probeSession();
    const same = [write('view-a', 'x'), write('view-a', 'x')];
    const other = write('view-a', 'y');
    await cardsShown(1);
    answer('deny');
    expect(await Promise.all([...same, other])).to.deep.equal([ErrorCodes.TOOL_DENIED, ErrorCodes.TOOL_DENIED, ErrorCodes.TOOL_DENIED]);
    expect(asked).to.have.length(1);
  });

  it("a deny holds for the rest of the view's life: its later polls are denied without a card, while another view still asks", async () => {
    const {asked, open, write, answer, cardsShown} = await probeSession();
    const first = write('view-a', 'x');
    await cardsShown(1);
    answer('deny');
    expect(await first).to.equal(ErrorCodes.TOOL_DENIED);
    // Ten more polls, as a view polling every two seconds would send over twenty: no new card.
    for (let i = 0; i < 10; i++) expect(await write('view-a', i % 2 ? 'x' : 'y')).to.equal(ErrorCodes.TOOL_DENIED);
    expect(asked, 'no card after the deny').to.have.length(1);
    const elsewhere = write('view-b', 'x');
    await cardsShown(2);
    answer('allow');
    expect(await elsewhere).to.equal('wrote x');
    expect(open.size).to.equal(0);
  });

  it('after an "allow", a call with arguments the person was not shown asks with its own card', async () => {
    const {asked, write, answer, cardsShown} = await probeSession();
    const first = write('view-a', 'x');
    const other = write('view-a', 'y');
    await cardsShown(1);
    expect(asked[0].args).to.deep.equal({value: 'x'});
    answer('allow');
    expect(await first).to.equal('wrote x');
    await cardsShown(2);
    expect(asked[1].args).to.deep.equal({value: 'y'});
    answer('allow');
    expect(await other).to.equal('wrote y');
  });

  it('"always allow" covers the view\'s later calls of the tool', async () => {
    const {asked, write, answer, cardsShown} = await probeSession();
    const waiting = [write('view-a', 'x'), write('view-a', 'x'), write('view-a', 'y')];
    await cardsShown(1);
    answer('allow-always');
    expect(await Promise.all(waiting)).to.deep.equal(['wrote x', 'wrote x', 'wrote y']);
    expect(await Promise.all([write('view-a', 'x'), write('view-a', 'z')])).to.deep.equal(['wrote x', 'wrote z']);
    expect(asked).to.have.length(1);
  });

  it('"always allow" on one view\'s card also answers the card another view has open for the same tool', async () => {
    const {asked, open, write, cardsShown} = await probeSession();
    const a = write('view-a', 'x');
    const b = write('view-b', 'y');
    await cardsShown(2);
    open.get(asked[0])!('allow-always');
    expect(await a).to.equal('wrote x');
    expect(open.size, "view-b's card is answered by it").to.equal(0);
    expect(await b).to.equal('wrote y');
  });

  it('another view gets its own card, and a card whose calls were all cancelled is taken back', async () => {
    const {asked, open, write, cardsShown} = await probeSession();
    const stop = new AbortController();
    const a = [write('view-a', 'x', stop.signal), write('view-a', 'x', stop.signal)];
    const b = write('view-b', 'x');
    await cardsShown(2);
    expect(open.size).to.equal(2);
    stop.abort();
    expect(await Promise.all(a)).to.deep.equal([ErrorCodes.TOOL_DENIED, ErrorCodes.TOOL_DENIED]);
    expect(open.size, "view-a's card is taken back; view-b's waits").to.equal(1);
    [...open.values()][0]('allow');
    expect(await b).to.equal('wrote x');
  });
});
