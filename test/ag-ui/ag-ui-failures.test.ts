import {expect} from '@open-wc/testing';
import {received, scripted, setup} from './ag-ui-fixture.js';

/** Resolves once `check` is true (polled): for what the server sees after the page has moved on. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe('runAgUiAgent: failures, stops and limits', () => {
  it('RUN_ERROR ends the question with the agent\'s message, and keeps the text streamed before it', async () => {
    const {ask, told} = setup(scripted('run-error'));
    const result = await ask('Fail please');
    expect(result.stopReason).to.equal('error');
    expect(result.error!.code).to.equal('AGENT_HTTP');
    expect(result.error!.message).to.contain('The scripted agent failed mid-stream.').and.contain('SCRIPTED_FAILURE');
    expect(result.text).to.equal('Partial answer before the failure.');
    expect(told.text.join('')).to.equal('Partial answer before the failure.');
  });

  it('a cut connection keeps what was streamed', async () => {
    const {ask} = setup(scripted('cut'));
    const result = await ask('Cut');
    expect(result.stopReason).to.equal('error');
    expect(result.text).to.equal('Streamed before the cut.');
    expect(['AGENT_HTTP', 'AGENT_PROTOCOL']).to.include(result.error!.code);
  });

  it('an event of a type AG-UI 1.0 does not define is skipped', async () => {
    const {ask} = setup(scripted('unknown-event'));
    const result = await ask('Future');
    expect(result.stopReason).to.equal('end_turn');
    expect(result.error).to.equal(undefined);
    expect(result.text).to.contain('After it.');
  });

  it('data that is not JSON, or an event without a required field, is AGENT_PROTOCOL', async () => {
    for (const scenario of ['malformed', 'missing-field']) {
      const result = await setup(scripted(scenario)).ask('Broken');
      expect(result.stopReason, scenario).to.equal('error');
      expect(result.error!.code, scenario).to.equal('AGENT_PROTOCOL');
    }
    const missing = await setup(scripted('missing-field')).ask('Broken');
    expect(missing.error!.message).to.contain('TEXT_MESSAGE_CONTENT').and.contain('messageId');
  });

  it('an HTTP error is AGENT_HTTP with its status', async () => {
    for (const status of [500, 401]) {
      const result = await setup(scripted('http-error', `status=${status}`)).ask('Hello');
      expect(result.stopReason).to.equal('error');
      expect(result.error!.code).to.equal('AGENT_HTTP');
      expect(result.error!.message).to.contain(`HTTP ${status}`).and.contain('scripted HTTP failure');
    }
  });

  it('a CORS refusal is AGENT_HTTP naming the header the agent must send', async () => {
    const origin = await setup(scripted('no-cors')).ask('Hello');
    expect(origin.error!.code).to.equal('AGENT_HTTP');
    expect(origin.error!.message).to.contain('CORS').and.contain('Access-Control-Allow-Origin');
    const headers = await setup(scripted('cors-no-headers'), {visitorToken: 'v-1'}).ask('Hello');
    expect(headers.error!.code).to.equal('AGENT_HTTP');
    expect(headers.error!.message).to.contain('Access-Control-Allow-Headers').and.contain('x-autoui-visitor');
    // The same agent without the extra header is fine: the preflight allows Content-Type and Accept.
    expect((await setup(scripted('cors-no-headers')).ask('Hello')).stopReason).to.equal('end_turn');
  });

  it('Stop aborts the HTTP run and keeps the text so far', async () => {
    const controller = new AbortController();
    const {ask, told, threadId} = setup(scripted('slow'), {signal: controller.signal});
    const asked = ask('Tick');
    await until(async () => told.text.join('').includes('tick 2'), 'two ticks streamed');
    controller.abort();
    const result = await asked;
    expect(result.stopReason).to.equal('aborted');
    expect(result.text).to.contain('tick 1');
    await until(async () => (await received(threadId))[0]?.aborted === true, 'the server saw the run aborted');
  });

  it('a 5 MB text delta arrives whole', async () => {
    const {ask, told} = setup(scripted('big-delta'));
    const result = await ask('Big');
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text.length).to.be.greaterThan(5_000_000);
    expect(result.text.endsWith('[end]')).to.equal(true);
    expect(told.text.join('').length).to.equal(result.text.length);
  });
});

describe('runAgUiAgent: credentials', () => {
  // Cookies are kept per host, not per port: the page's cookie reaches the agent's port on the same host.
  const sameHost = (url: string) => url.replace('127.0.0.1', location.hostname);
  const cookieSent = async (options: {credentials?: RequestCredentials}) => {
    const {ask, threadId} = setup(sameHost(scripted('text')), options);
    await ask('Hello');
    return (await received(threadId))[0].headers.cookie ?? '';
  };

  it("sends the page's cookies to its own origin only, unless the page says include", async () => {
    document.cookie = 'agui_session=s-42; path=/';
    try {
      expect(await cookieSent({}), 'another origin gets no cookie by default').to.not.contain('agui_session');
      expect(await cookieSent({credentials: 'include'})).to.contain('agui_session=s-42');
    } finally {
      document.cookie = 'agui_session=; path=/; max-age=0';
    }
  });
});
