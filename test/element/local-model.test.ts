/**
 * `<autoui-agent provider="local">`: a GGUF model downloaded with the person's yes and run in the
 * browser by the real runtime, with the random-weight model of scripts/make-tiny-gguf.mjs served by
 * test/servers/model-files.mjs. Its words are noise: these tests are about the card, the download,
 * Cancel, and the order of preference between providers.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {clearLocalModels} from '../../src/providers/local/local-model.js';
import {createScenario, EventLog, mountAgent, settle, ui} from './harness.js';

const FILES = SERVERS['model-files'];

/** What `find` finds, once it does. */
async function waitFor<T>(find: () => T | null | undefined, timeout = 20_000): Promise<T> {
  await waitUntil(() => find(), 'not found in time', {timeout});
  return find()!;
}
const part = (agent: HTMLElement, name: string) => agent.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

describe('<autoui-agent provider="local">', function () {
  // The runtime compiles 10 MB of WebAssembly when a model first loads.
  this.timeout(180_000);
  before(() => clearLocalModels());
  afterEach(() => clearLocalModels());

  it('asks on a card naming the file, its size and host; Download shows the bytes, tells the progress, and the model answers on the device', async () => {
    const model = `${FILES}/tiny.gguf`;
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'local', model, 'max-iterations': '1'}});
    const log = new EventLog(agent);
    const asked = agent.ask('How many rainy days?');
    const card = await waitFor(() => part(agent, 'model-download'));
    expect(card.textContent).to.include('tiny.gguf').and.include(new URL(FILES).host).and.include('kB').and.include('nothing you ask leaves this device');
    await expect(card).to.be.accessible();
    part(agent, 'model-download-accept')!.click();
    const result = await asked;
    await settle(agent);
    const progress = log.of('autoui-model-download');
    expect(progress.length).to.be.greaterThan(0);
    expect(progress.every((p) => p.provider === 'local' && p.model === model)).to.equal(true);
    expect(progress.at(-1)!.loaded).to.equal(progress.at(-1)!.total);
    expect(part(agent, 'model-download'), 'the card is gone').to.equal(null);
    // The model ran (random words: an answer, a call, or one it could not finish), and the result names it.
    expect(result.model).to.deep.equal({provider: 'local', id: model});
    expect(result.error?.code ?? 'none').to.not.equal('LOCAL_MODEL_REFUSED');
  });

  it('Cancel mid-download stops it: LOCAL_MODEL_REFUSED, the question kept in the transcript', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'fr', provider: 'local', model: `${FILES}/slow.gguf`}});
    const log = new EventLog(agent);
    const asked = agent.ask('Combien de jours de pluie ?');
    (await waitFor(() => part(agent, 'model-download-accept'))).click();
    const bytes = await waitFor(() => part(agent, 'model-download-bytes'));
    expect(bytes.textContent).to.match(/ sur \d/);
    part(agent, 'model-download-cancel')!.click();
    const result = await asked;
    await settle(agent);
    expect(result.error?.code).to.equal('LOCAL_MODEL_REFUSED');
    expect(log.of('autoui-error').map((d) => d.code)).to.include('LOCAL_MODEL_REFUSED');
    expect(ui(agent).questions()).to.deep.equal(['Vous: Combien de jours de pluie ?']);
    expect(part(agent, 'model-download')).to.equal(null);
  });

  it('provider="browser local": a browser without its own model passes the question to the local model, which asks', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'browser local', model: `${FILES}/tiny.gguf`}});
    const asked = agent.ask('Hello?');
    const card = await waitFor(() => part(agent, 'model-download'));
    expect(card.textContent).to.include('tiny.gguf');
    part(agent, 'model-download-decline')!.click();
    const result = await asked;
    expect(result.error?.code).to.equal('LOCAL_MODEL_REFUSED');
  });

  it('provider="local openai": a refused download passes the question to the next provider, and the result names it', async () => {
    const scenario = await createScenario([{text: 'Twelve rainy days.'}]);
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', provider: 'local openai', model: `${FILES}/tiny.gguf`, endpoint: scenario.openaiBase}});
    const asked = agent.ask('How many rainy days?');
    (await waitFor(() => part(agent, 'model-download-decline'))).click();
    const result = await asked;
    await settle(agent);
    expect(result.text).to.equal('Twelve rainy days.');
    expect(result.model?.provider).to.equal('openai');
    expect(ui(agent).answers()).to.deep.equal(['Twelve rainy days.']);
    // A wire model's answer carries no "on this device" line (the answers read as the model wrote them).
  });
});
