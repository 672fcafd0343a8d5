/**
 * `<autoui-agent provider="browser">`: the browser's built-in model answers, through the same
 * loop, canvas and events as any provider, with a fake of the Prompt API installed on the page
 * (no machine here has the real one). Nothing is fetched: no model request leaves the page.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {FakePromptApi} from '../helpers/fake-prompt-api.js';
import {EventLog, mountAgent, settle, ui, watchFetch} from './harness.js';

/** What `find` finds, once it does. */
async function waitFor<T>(find: () => T | null | undefined): Promise<T> {
  await waitUntil(() => find(), 'not found in time', {timeout: 5000});
  return find()!;
}

describe('<autoui-agent provider="browser">', () => {
  let api: FakePromptApi;
  beforeEach(() => {
    api = new FakePromptApi();
    (window as unknown as {LanguageModel?: unknown}).LanguageModel = api;
  });
  afterEach(() => {
    delete (window as unknown as {LanguageModel?: unknown}).LanguageModel;
  });

  it('answers with a widget through an emulated tool call, and no request leaves the page', async () => {
    api.answers.push(JSON.stringify({tool: 'autoui_webmcp_widget_display', arguments: {name: 'stat', params: {label: 'Rainy days', value: 12}}}), JSON.stringify({answer: 'Seattle had 12 rainy days.'}));
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    const log = new EventLog(agent);
    const fetches = watchFetch();
    const result = await agent.ask('How many rainy days in Seattle?');
    await settle(agent);
    fetches.stop();

    expect(result.stopReason, result.error?.message).to.equal('end_turn');
    expect(result.text).to.equal('Seattle had 12 rainy days.');
    expect(agent.widgets.map((w) => [w.type, w.params])).to.deep.equal([['stat', {label: 'Rainy days', value: 12}]]);
    expect(log.of('autoui-text').map((d) => d.delta).join('')).to.equal('Seattle had 12 rainy days.');
    expect(fetches.calls.filter((c) => !c.url.includes('/chunks/') && !/\.(js|ts|css)(\?|$)/.test(c.url)), 'no model request').to.deep.equal([]);
    // The answer says which model wrote it, on the device.
    expect(result.model).to.deep.equal({provider: 'browser', id: 'built-in'});
    expect(ui(agent).answers()).to.deep.equal(["Seattle had 12 rainy days.Answered by this browser's own model, on this device"]);
    expect(ui(agent).widgets()).to.have.length(1);
    // Each turn had its own session, destroyed after it.
    expect(api.sessions.map((s) => s.destroyed)).to.deep.equal([true, true]);
  });

  it('a model to download is asked for on a card: Download starts it from the click, its progress is told, then it answers', async () => {
    api.availabilityState = 'downloadable';
    // A small model's first turn must look something up (small-model mode), then it answers.
    api.answers.push(JSON.stringify({tool: 'autoui_webmcp_list_recipes', arguments: {}}), JSON.stringify({answer: 'Ready.'}));
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    const log = new EventLog(agent);
    const asked = agent.ask('How many rainy days?');
    const card = await waitFor(() => agent.shadowRoot!.querySelector<HTMLElement>('[part="model-download"]'));
    expect(card.getAttribute('role')).to.equal('group');
    expect(card.textContent).to.include('nothing you ask leaves this device');
    expect(api.createCalls, 'nothing before the click').to.equal(0);
    await expect(card).to.be.accessible();
    card.querySelector<HTMLButtonElement>('[part="model-download-accept"]')!.click();
    const result = await asked;
    await settle(agent);
    expect(result.text).to.equal('Ready.');
    expect(log.of('autoui-model-download')).to.deep.equal([
      {provider: 'browser', model: 'built-in', loaded: 0, total: 1},
      {provider: 'browser', model: 'built-in', loaded: 0.5, total: 1},
      {provider: 'browser', model: 'built-in', loaded: 1, total: 1},
    ]);
    expect(agent.shadowRoot!.querySelector('[part="model-download"]'), 'the card is gone').to.equal(null);
  });

  it('Not now declines: LOCAL_MODEL_REFUSED, nothing downloaded, the question kept', async () => {
    api.availabilityState = 'downloadable';
    const agent = await mountAgent(undefined, {attributes: {lang: 'fr', provider: 'browser'}});
    const log = new EventLog(agent);
    const asked = agent.ask('Combien de jours de pluie ?');
    const card = await waitFor(() => agent.shadowRoot!.querySelector<HTMLElement>('[part="model-download"]'));
    expect(card.textContent).to.include('Télécharger');
    card.querySelector<HTMLButtonElement>('[part="model-download-decline"]')!.click();
    const result = await asked;
    expect(result.stopReason).to.equal('error');
    expect(log.of('autoui-error').map((d) => d.code)).to.include('LOCAL_MODEL_REFUSED');
    expect(api.createCalls).to.equal(0);
    expect(agent.session.transcript.some((e) => e.kind === 'user' && e.text === 'Combien de jours de pluie ?')).to.equal(true);
  });

  it('Stop while the card asks retracts it, and nothing is downloaded', async () => {
    api.availabilityState = 'downloadable';
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    const asked = agent.ask('How many rainy days?');
    await waitFor(() => agent.shadowRoot!.querySelector('[part="model-download"]'));
    agent.abort();
    const result = await asked;
    await agent.updateComplete;
    expect(result.stopReason).to.equal('aborted');
    expect(agent.shadowRoot!.querySelector('[part="model-download"]')).to.equal(null);
    expect(api.createCalls).to.equal(0);
  });

  it('a readonly embed has nobody to ask: the model is declined at once', async () => {
    api.availabilityState = 'downloadable';
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser', readonly: true}});
    const result = await agent.ask('How many rainy days?');
    expect(result.error?.code).to.equal('LOCAL_MODEL_REFUSED');
    expect(api.createCalls).to.equal(0);
  });

  it('no built-in model in this browser: LOCAL_MODEL_UNAVAILABLE in plain words', async () => {
    delete (window as unknown as {LanguageModel?: unknown}).LanguageModel;
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    const log = new EventLog(agent);
    const result = await agent.ask('Hello?');
    expect(result.stopReason).to.equal('error');
    const [error] = log.of('autoui-error');
    expect(error.code).to.equal('LOCAL_MODEL_UNAVAILABLE');
    expect(error.message).to.match(/no built-in model/);
  });

  it("where the browser has tool use, its model's own calls draw the widget, and its words stream", async () => {
    api.toolUse = true;
    // The first turn must look something up (small-model mode: constrained), then the model calls the display tool itself.
    api.answers.push(
      JSON.stringify({tool: 'autoui_webmcp_list_recipes', arguments: {}}),
      {text: 'Here it is. ', calls: [{name: 'autoui_webmcp_widget_display', arguments: {name: 'stat', params: {label: 'Rainy days', value: 12}}}]},
      {text: 'Seattle had 12 rainy days.', calls: []},
    );
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    const result = await agent.ask('How many rainy days in Seattle?');
    await settle(agent);
    expect(result.stopReason, result.error?.message).to.equal('end_turn');
    expect(agent.widgets.map((w) => [w.type, w.params])).to.deep.equal([['stat', {label: 'Rainy days', value: 12}]]);
    expect(ui(agent).widgets()).to.have.length(1);
    expect(api.sessions[1].tools.map((t) => t.name), 'the second turn was given the tools').to.include('autoui_webmcp_widget_display');
    expect(result.text).to.equal('Seattle had 12 rainy days.');
  });

  it('a conversation longer than the model reads goes on, and the transcript says the oldest messages were left out', async () => {
    api.contextWindow = 2500;
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser'}});
    // Each question looks something up first (small-model mode), then answers at length.
    for (let i = 0; i < 8; i++) api.answers.push(JSON.stringify({tool: 'autoui_webmcp_list_recipes', arguments: {}}), JSON.stringify({answer: `Answer ${i}: ${'rain '.repeat(300)}`}));
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await agent.ask(`Question ${i}?`));
    await settle(agent);
    expect(results.map((r) => r.stopReason), 'every question was answered').to.deep.equal(Array(8).fill('end_turn'));
    const notices = [...agent.shadowRoot!.querySelector('autoui-transcript')!.shadowRoot!.querySelectorAll('[part="notice"]')].map((n) => n.textContent);
    expect(notices.length, 'a notice once the conversation outgrew the window').to.be.above(0);
    expect(notices[0]).to.match(/^This conversation is longer than the model on this device can read \(2500 tokens\): it read only the latest part, without the \d+ oldest messages\.$/);
    expect(agent.session.transcript.filter((e) => e.kind === 'user'), 'the transcript keeps every question').to.have.length(8);
  });
});
