/**
 * One run at a time, and every way a run stops early: the Stop button, `abort()`, and the element
 * leaving the page (which also closes its MCP connections).
 */
import {expect, waitUntil} from '@open-wc/testing';
import {AutouiError} from '../../src/errors.js';
import {EventLog, createScenario, mountAgent, serverUrl, settle, ui, watchFetch} from './harness.js';

/** A model that starts answering and then goes silent, as a hung stream does. */
const stalled = () => createScenario([{text: 'Looking into it', fault: {stall: true}}]);

describe('<autoui-agent> runs one question at a time', () => {
  it('refuses a second question politely while one runs, and the first completes normally', async () => {
    const scenario = await createScenario([{text: 'A slow but complete answer to the first question.', chunkDelayMs: 120}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);

    const first = agent.ask('First question');
    await log.next('autoui-text');
    const refusal = await agent.ask('Second question').then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(refusal).to.be.instanceOf(AutouiError);
    expect((refusal as AutouiError).code).to.equal('RUN_IN_PROGRESS');
    expect(log.of('autoui-error')).to.deep.equal([{code: 'RUN_IN_PROGRESS', message: (refusal as AutouiError).message}]);
    await settle(agent);
    expect(ui(agent).notices()).to.deep.equal(['A question is already being answered. Wait for it, or stop it first.']);

    const result = await first;
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal('A slow but complete answer to the first question.');
    expect(log.of('autoui-run-start')).to.deep.equal([{question: 'First question'}]);
    expect(log.of('autoui-run-end')).to.have.length(1);
    expect(await scenario.requests(), 'the refused question never reached the model').to.have.length(1);
    await settle(agent);
    expect(ui(agent).questions()).to.deep.equal(['You: First question']);
    expect(ui(agent).answers(), 'the notice did not split the answer').to.deep.equal(['A slow but complete answer to the first question.']);
  });
});

describe('<autoui-agent> stopping a run', () => {
  it('the Stop button ends the run as aborted and the composer returns to Send', async () => {
    const agent = await mountAgent(await stalled(), {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    const run = agent.ask('Never-ending question');
    await log.next('autoui-text');
    await settle(agent);

    const view = ui(agent);
    expect(view.sendButton()).to.be.null;
    expect(view.stopButton()!.textContent).to.equal('Stop');
    view.stopButton()!.click();

    const result = await run;
    expect(result.stopReason).to.equal('aborted');
    expect(log.of('autoui-run-end')[0].result.stopReason).to.equal('aborted');
    await settle(agent);
    expect(view.stopButton()).to.be.null;
    expect(view.sendButton()!.textContent).to.equal('Send');
    expect(view.notices()).to.deep.equal(['Stopped.']);
    expect(view.answers()).to.deep.equal(['Looking into it']);
  });

  it('abort() ends the run as aborted, and the next question runs', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'hang'}, text: 'Looking into it', fault: {stall: true}},
      {match: {lastUserIncludes: 'again'}, text: 'Here it is.'},
    ]);
    const agent = await mountAgent(scenario);
    const log = new EventLog(agent);
    const run = agent.ask('Please hang');
    await log.next('autoui-text');
    agent.abort();
    expect((await run).stopReason).to.equal('aborted');

    const next = await agent.ask('Try again');
    expect(next.stopReason).to.equal('end_turn');
    expect(next.text).to.equal('Here it is.');
  });

  it('abort() works while a server is still connecting: the run stops at once', async () => {
    const scenario = await createScenario([{text: 'Answered.'}]);
    const hanging = `${serverUrl('mcp-quirks').replace(/\/mcp$/, '')}/hang`;
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, servers: [{name: 'slow', url: hanging}]});
    // The server never answers: without a stop that reaches the wait for servers, this question
    // would sit 10 s (the wait for servers still connecting), past this test's own time limit.
    const running = agent.ask('First');
    setTimeout(() => agent.abort(), 100);
    const result = await running;
    expect(result.stopReason).to.equal('aborted');
    expect(await scenario.requests(), 'no request was made').to.have.length(0);
    await settle(agent);
    expect(ui(agent).notices()).to.deep.equal(['Stopped.']);
  });

  it('removing the element from the page aborts its run and closes its MCP connections', async () => {
    // The 2025 lifecycle, whose session the server is told to end (a stateless 2026-07-28 server keeps none).
    const agent = await mountAgent(await stalled(), {servers: [{name: 'data', url: serverUrl('demo-data'), protocol: '2025-11-25'}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    expect(agent.layers.map((l) => l.serverName)).to.deep.equal(['data', 'autoui']);
    const run = agent.ask('Never-ending question');
    await log.next('autoui-text');
    const fetches = watchFetch();

    try {
      agent.remove();
      expect((await run).stopReason).to.equal('aborted');
      expect(agent.layers.map((l) => l.serverName), 'no MCP layer left').to.deep.equal(['autoui']);
      await waitUntil(() => fetches.calls.some((c) => c.method === 'DELETE' && c.url === serverUrl('demo-data')), 'the MCP session was not ended');
    } finally {
      fetches.stop();
    }
    // Put back on the page, it connects again.
    document.body.append(agent);
    await log.nth('autoui-server-ready', 2);
    expect(agent.layers.map((l) => l.serverName)).to.deep.equal(['data', 'autoui']);
    agent.remove();
  });
});
