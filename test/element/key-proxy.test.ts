/**
 * `<autoui-agent>` behind the shipped key proxy (`src/proxy/`, served by test/servers/llm-proxy.mjs)
 * where a person notices it: a usage limit is a readable notice naming the wait and nothing of the
 * conversation is lost; the `visitor-token` attribute opens a proxy that requires one, a missing
 * token is told in plain words, a refreshed token works at the next question, and the token is
 * never kept or shown; a model off the proxy's allow-list is told in the proxy's words.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {ErrorCodes} from '../../src/errors.js';
import {decodeShareFragment} from '../../src/session/snapshot/share-link.js';
import {findShareFragment} from '../../src/session/snapshot/share-param.js';
import {EventLog, createScenario, mountAgent, press, serverUrl, settle, type, ui, type Scenario} from './harness.js';

const PROXY_KEY = 'sk-ant-proxy-element-0a1b2c3d4e5f';
const VISITORS = {secret: 'element-visitor-secret-0123456789abcdef01234567', audience: 'https://site.example'};
const STAT = {format: 'autoui-snapshot', version: 1, createdAt: new Date().toISOString(), widgets: [{id: 'w_stat01', type: 'stat-card', params: {label: 'Airports', value: 3376}}], transcript: [], servers: []};

/** POSTs `body` to a route of the proxy factory and returns its JSON answer. */
async function factory<T>(route: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${serverUrl('llm-proxy')}${route}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
  if (response.status !== 201) throw new Error(`${route} refused: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A key proxy in front of `scenario` (Anthropic route unless `wire` says otherwise); its URL is the element's `endpoint`. */
async function proxyFor(scenario: Scenario, options: Record<string, unknown> = {}, wire: 'anthropic' | 'openai' = 'anthropic', upstream: Record<string, unknown> = {}): Promise<string> {
  const baseUrl = wire === 'anthropic' ? scenario.base : scenario.openaiBase;
  const {url} = await factory<{url: string}>('/__proxies', {[wire]: {apiKey: PROXY_KEY, baseUrl, ...upstream}, ...options});
  return wire === 'anthropic' ? url : `${url}/v1`;
}

/** A visitor token signed server-side, as the site's own server does. */
async function mintToken(subject: string): Promise<string> {
  return (await factory<{token: string}>('/__visitor-tokens', {...VISITORS, subject, expiresInSeconds: 600})).token;
}

/** Asks `question` through the composer (typed over what it holds, then Enter) and waits for its end. */
async function askTyped(agent: AutouiAgent, log: EventLog, question: string): Promise<void> {
  const ended = log.of('autoui-run-end').length;
  if (ui(agent).textarea()!.value) await press(agent, 'Control+a');
  await type(agent, question);
  await press(agent, 'Enter');
  await log.nth('autoui-run-end', ended + 1);
  await settle(agent);
}

/**
 * The proxy's clock (`clockAt` of the proxy factory) stands still 30 s into a minute: both
 * questions fall in one per-minute window, and the wait it names (30 s) is over the 10 s a provider
 * would wait and retry on its own, so the refusal is what the person meets, however slow the machine.
 */
const HALF_MINUTE = Date.UTC(2026, 11, 7, 12, 0, 30);

/** Everything this page keeps in IndexedDB, localStorage and sessionStorage, as text. */
async function everythingStored(): Promise<string> {
  const parts: string[] = [JSON.stringify({...localStorage}), JSON.stringify({...sessionStorage})];
  for (const {name} of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of db.objectStoreNames) {
      const all = db.transaction(store).objectStore(store);
      const [keys, values] = await Promise.all(
        [all.getAllKeys(), all.getAll()].map((r) => new Promise<unknown[]>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))),
      );
      parts.push(JSON.stringify({db: name, store, keys, values}));
    }
    db.close();
  }
  return parts.join('\n');
}

describe('<autoui-agent> behind the key proxy', () => {
  it('a question over the proxy’s limit is PROXY_LIMIT, a notice naming the wait; the earlier answer, the question and the canvas stay', async () => {
    const scenario = await createScenario([{match: {lastUserIncludes: 'airports'}, text: 'There are 3,376 airports.'}, {text: 'Never sent upstream.'}]);
    const endpoint = await proxyFor(scenario, {limits: {requestsPerMinute: 1}, clockAt: HALF_MINUTE});
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', endpoint}});
    const log = new EventLog(agent);
    await agent.restore(STAT);

    await askTyped(agent, log, 'How many airports?');
    expect(ui(agent).answers()).to.deep.equal(['There are 3,376 airports.']);
    await askTyped(agent, log, 'And how many runways?');

    const errors = log.of('autoui-error');
    expect(errors.map((e) => e.code)).to.deep.equal([ErrorCodes.PROXY_LIMIT]);
    expect(errors[0].message).to.equal('Too many requests this minute. Try again in 30 s.');
    expect(log.of('autoui-run-end')[1].result.stopReason).to.equal('error');
    const view = ui(agent);
    expect(view.notices()).to.have.length(1);
    expect(view.notices()[0], 'the wait is the time left in the minute').to.equal('Something went wrong: Too many requests this minute. Try again in 30 s.');
    expect(view.questions()).to.deep.equal(['You: How many airports?', 'You: And how many runways?']);
    expect(view.answers(), 'the first answer is kept').to.deep.equal(['There are 3,376 airports.']);
    expect(view.textarea()!.value, 'the question is back in the composer, ready to send again').to.equal('And how many runways?');
    expect(agent.widgets.map((w) => w.params), 'the canvas is kept').to.deep.equal([STAT.widgets[0].params]);
    expect(await scenario.requests(), 'the refused question never reached the model').to.have.length(1);
  });

  it('visitor-token opens a proxy that requires one; without it a notice says so; a fresh token works; the token is never kept or shown', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'first'}, text: 'First answer.'},
      {match: {lastUserIncludes: 'third'}, text: 'Third answer.'},
    ]);
    const endpoint = await proxyFor(scenario, {visitorTokens: VISITORS});
    const [token, fresh] = [await mintToken('visitor-42'), await mintToken('visitor-42')];
    const id = `visitor-${Math.random().toString(36).slice(2, 8)}`;
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', endpoint, 'visitor-token': token, persist: 'local', id, debug: true}});
    const log = new EventLog(agent);

    await askTyped(agent, log, 'The first question');
    expect(ui(agent).answers()).to.deep.equal(['First answer.']);
    expect(log.of('autoui-error')).to.deep.equal([]);

    agent.removeAttribute('visitor-token');
    await askTyped(agent, log, 'The second question');
    const [missing] = log.of('autoui-error');
    expect(missing.code).to.equal(ErrorCodes.PROVIDER_HTTP);
    const notices = ui(agent).notices();
    expect(notices).to.have.length(1);
    expect(notices[0]).to.match(/^Something went wrong: .*needs a visitor token from the site \(the visitor-token attribute\), and the request carried none\.$/);
    expect(notices[0], 'the provider key is not what is wrong').not.to.contain('api-key');

    agent.setAttribute('visitor-token', fresh);
    await askTyped(agent, log, 'The third question');
    expect(ui(agent).answers()).to.deep.equal(['First answer.', 'Third answer.']);
    expect(log.of('autoui-error'), 'no new error').to.have.length(1);
    expect(ui(agent).questions()).to.deep.equal(['You: The first question', 'You: The second question', 'You: The third question']);

    const secrets = [token, fresh, token.split('.')[2], fresh.split('.')[2]];
    const snapshots = JSON.stringify([agent.snapshot(), agent.snapshot({conversation: true})]);
    const share = await decodeShareFragment(findShareFragment(await agent.shareUrl())!);
    await waitUntil(async () => (await everythingStored()).includes('Third answer.'), 'the session was not stored', {timeout: 5000});
    const stored = await everythingStored();
    await settle(agent);
    const console = ui(agent).console()?.textContent ?? '';
    expect(console, 'the debug console is shown').to.contain('Tokens:');
    const messages = JSON.stringify(log.events.map((e) => e.event.detail));
    const upstream = JSON.stringify(await scenario.requests());
    for (const secret of secrets) {
      expect(snapshots, 'snapshot()').not.to.contain(secret);
      expect(share, 'the share link').not.to.contain(secret);
      expect(stored, 'the stored session').not.to.contain(secret);
      expect(console, 'the debug console').not.to.contain(secret);
      expect(messages, 'events and error messages').not.to.contain(secret);
      expect(upstream, 'what reached the model').not.to.contain(secret);
    }
    agent.clear();
  });

  it('a model off the proxy’s allow-list is a notice in the proxy’s words', async () => {
    const scenario = await createScenario([{text: 'Never sent upstream.'}]);
    const endpoint = await proxyFor(scenario, {}, 'openai', {models: ['gpt-allowed']});
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', provider: 'openai', endpoint, model: 'gpt-elsewhere'}});
    const log = new EventLog(agent);
    await askTyped(agent, log, 'Anything');

    expect(log.of('autoui-error').map((e) => e.code)).to.deep.equal([ErrorCodes.PROVIDER_HTTP]);
    const notices = ui(agent).notices();
    expect(notices).to.have.length(1);
    expect(notices[0]).to.match(/^Something went wrong: .*HTTP 400 \(model_not_allowed\): This proxy does not serve the model "gpt-elsewhere"\. Allowed: gpt-allowed\.$/);
    expect(ui(agent).textarea()!.value).to.equal('Anything');
    expect(await scenario.requests()).to.have.length(0);
  });

  it('endpoint="/llm" on a page whose server has no key proxy there: the notice names that endpoint and asks whether the proxy is mounted, not the provider', async () => {
    // The test page's own server has nothing at /llm, as a page copied from the README without its proxy.
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', endpoint: '/llm'}});
    const log = new EventLog(agent);
    await askTyped(agent, log, 'How many airports?');

    expect(log.of('autoui-error').map((e) => e.code)).to.deep.equal([ErrorCodes.PROVIDER_HTTP]);
    const notices = ui(agent).notices();
    expect(notices).to.have.length(1);
    expect(notices[0]).to.match(/^Something went wrong: The endpoint \/llm answered HTTP 404: is the key proxy mounted there\?/);
    expect(notices[0]).not.to.contain('Anthropic');
    expect(ui(agent).textarea()!.value, 'the question is back, ready once the proxy is there').to.equal('How many airports?');
  });
});
