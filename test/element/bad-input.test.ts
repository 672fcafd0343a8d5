/**
 * Bad input and awkward timing: each gets a clear typed error (or a clean state) and loses
 * nothing the person or the page already had.
 */
import {expect} from '@open-wc/testing';
import {AutouiError} from '../../src/errors.js';
import {EventLog, createScenario, messageTexts, mountAgent, press, settle, type, ui} from './harness.js';

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as AutouiError);

describe('<autoui-agent> with bad input', () => {
  it('ask() with no text rejects with INVALID_ARGUMENT and starts nothing', async () => {
    const scenario = await createScenario([{text: 'never'}]);
    const agent = await mountAgent(scenario);
    const log = new EventLog(agent);

    for (const bad of ['', '   ', undefined, 42]) {
      const error = await rejection(agent.ask(bad as string));
      expect(error).to.be.instanceOf(AutouiError);
      expect(error!.code).to.equal('INVALID_ARGUMENT');
    }
    expect(log.of('autoui-error').map((e) => e.code)).to.deep.equal(Array(4).fill('INVALID_ARGUMENT'));
    expect(log.of('autoui-run-start')).to.have.length(0);
    expect(await scenario.requests()).to.have.length(0);
  });

  it('an unknown provider is told like any failure: autoui-error, a notice, the question back, run-end', async () => {
    const scenario = await createScenario([{text: 'never'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', provider: 'mistral'}});
    const log = new EventLog(agent);

    await type(agent, 'Hello?');
    await press(agent, 'Enter');
    const {result} = await log.next('autoui-run-end');
    await settle(agent);

    expect(result.stopReason).to.equal('error');
    expect(result.error!.code).to.equal('INVALID_ARGUMENT');
    expect(log.of('autoui-error')).to.deep.equal([result.error]);
    expect(ui(agent).notices()[0]).to.include('mistral');
    expect(ui(agent).textarea()!.value).to.equal('Hello?');
    expect(await scenario.requests()).to.have.length(0);
  });

  it('an endpoint that is no URL is an INVALID_ARGUMENT failure naming it', async () => {
    const agent = await mountAgent(undefined, {attributes: {endpoint: 'http://[oops'}});
    const result = await agent.ask('Hello?');
    expect(result.stopReason).to.equal('error');
    expect(result.error!.code).to.equal('INVALID_ARGUMENT');
    expect(result.error!.message).to.include('endpoint="http://[oops"');
  });

  it('a failed question retried is sent once, not twice', async () => {
    const scenario = await createScenario([{text: 'Answer.', fault: {status: 401, failTimes: 1}}]);
    const agent = await mountAgent(scenario);
    const failed = await agent.ask('Retry me');
    expect(failed.stopReason).to.equal('error');

    const retried = await agent.ask('Retry me');
    expect(retried.text).to.equal('Answer.');
    expect(messageTexts((await scenario.requests()).at(-1)!)).to.deep.equal(['Retry me']);
  });

  it('clear() during a run stops it, and its conversation does not come back', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'Old'}, text: 'Thinking', fault: {stall: true}},
      {match: {lastUserIncludes: 'New'}, text: 'Fresh.'},
    ]);
    const agent = await mountAgent(scenario);
    const log = new EventLog(agent);
    const old = agent.ask('Old question');
    await log.next('autoui-text');

    agent.clear();
    expect((await old).stopReason).to.equal('aborted');
    await settle(agent);
    expect(ui(agent).log()!.querySelectorAll('li'), 'nothing of the old run on screen').to.have.length(0);

    await agent.ask('New question');
    expect(messageTexts((await scenario.requests()).at(-1)!)).to.deep.equal(['New question']);
  });
});
