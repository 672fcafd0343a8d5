/**
 * The starter questions a visitor sees before the first question, on an element wired to the real
 * Data and Atlas demo servers and the scripted fake model: drawn from the servers' recipes with no
 * page code, in the element's language; picked with the mouse or the keyboard, they are asked (the
 * model receives them) and go away; a page replaces them (property or slot) or handles them
 * (`autoui-suggestion`), and `readonly` shows none.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import type {SuggestionDetail} from '../../src/element/events.js';
import {EventLog, createScenario, engineLoaded, messageTexts, mountAgent, serverElement, serverUrl, settle, ui, type Scenario, warmUpFirstElement} from './harness.js';

/** The demo servers' starter questions in English, in the order they are offered (Data and Atlas in turns). */
const ENGLISH = [
  'Where are the airports of Washington state?',
  'Show the largest cities of Japan on a map.',
  'How loaded is the machine this demo runs on?',
  'Show me a dashboard of the weather in Seattle in 2015.',
];
const FRENCH = [
  'Où sont les aéroports de l’État de Washington\u00a0?',
  'Montrez les plus grandes villes du Japon sur une carte.',
  'Quelle est la charge de la machine sur laquelle tourne cette démo\u00a0?',
  'Montrez-moi un tableau de bord de la météo à Seattle en 2015.',
];

const DEMO_SERVERS = () => [
  {name: 'data', url: serverUrl('demo-data')},
  {name: 'atlas', url: serverUrl('demo-atlas')},
];

/** True when the element is drawn (takes room on screen). */
const shown = (el: Element) => el.getClientRects().length > 0;
/** The list of starter questions, when shown. */
const list = (agent: AutouiAgent) => [...ui(agent).root.querySelectorAll<HTMLElement>('[part="suggestions"]')].find(shown) ?? null;
/** The built-in starter questions' buttons on screen. */
const buttons = (agent: AutouiAgent) => [...ui(agent).root.querySelectorAll<HTMLButtonElement>('[part="suggestion"]')].filter(shown);
const texts = (agent: AutouiAgent) => buttons(agent).map((b) => b.textContent!.trim());

/** Mounts an agent on the demo servers and waits until both are ready and the views (the list's chunk, with the engine) are in. */
async function mountOnDemoServers(scenario: Scenario | undefined, attributes: Record<string, string | boolean> = {lang: 'en'}, children: HTMLElement[] = []): Promise<AutouiAgent> {
  const agent = await mountAgent(scenario, {attributes, servers: DEMO_SERVERS(), children});
  await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'the demo servers did not connect', {timeout: 8000});
  await engineLoaded(agent);
  await settle(agent);
  return agent;
}

/** Records `autoui-suggestion` as a page listening on the document would. */
function suggestionLog(): {details: SuggestionDetail[]; events: Event[]; stop(): void} {
  const details: SuggestionDetail[] = [];
  const events: Event[] = [];
  const listener = (event: CustomEvent<SuggestionDetail>) => {
    details.push(event.detail);
    events.push(event);
  };
  document.addEventListener('autoui-suggestion', listener);
  return {details, events, stop: () => document.removeEventListener('autoui-suggestion', listener)};
}

describe('<autoui-agent> starter questions', () => {
  warmUpFirstElement(DEMO_SERVERS);
  let log: ReturnType<typeof suggestionLog>;
  beforeEach(() => (log = suggestionLog()));
  afterEach(() => log.stop());

  it('come from the demo servers’ recipes with no page code, labelled, one button each', async () => {
    const agent = await mountOnDemoServers(undefined);
    expect(texts(agent)).to.deep.equal(ENGLISH);
    const group = list(agent)!;
    expect(group.getAttribute('role')).to.equal('group');
    const label = ui(agent).root.getElementById(group.getAttribute('aria-labelledby')!)!;
    expect(label.textContent).to.equal('Try asking');
    expect(buttons(agent).every((b) => b.localName === 'button' && b.type === 'button')).to.equal(true);
  });

  it('a server that becomes ready later adds its questions, in turns with the others', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}, servers: [DEMO_SERVERS()[0]!]});
    await waitUntil(() => agent.session.servers.every((s) => s.state === 'ready'), 'Data did not connect', {timeout: 8000});
    await engineLoaded(agent);
    await settle(agent);
    expect(texts(agent)).to.deep.equal([ENGLISH[0], ENGLISH[2], ENGLISH[3]]);
    const events = new EventLog(agent);
    agent.append(serverElement(DEMO_SERVERS()[1]!));
    await events.next('autoui-server-ready', (d) => d.name === 'atlas');
    await settle(agent);
    expect(texts(agent)).to.deep.equal(ENGLISH);
  });

  it('are in French with lang="fr", and follow a change of lang', async () => {
    const agent = await mountOnDemoServers(undefined, {lang: 'fr'});
    expect(texts(agent)).to.deep.equal(FRENCH);
    expect(ui(agent).root.getElementById(list(agent)!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Essayez par exemple');
    agent.setAttribute('lang', 'en-GB');
    await settle(agent);
    expect(texts(agent)).to.deep.equal(ENGLISH);
  });

  it('on a page in a language the element has no texts for (lang="de", or <html lang="ja">), are the English questions under the English label, never the recipes’ titles', async () => {
    const agent = await mountOnDemoServers(undefined, {lang: 'de'});
    expect(texts(agent)).to.deep.equal(ENGLISH);
    expect(ui(agent).root.getElementById(list(agent)!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Try asking');
    const pageLang = document.documentElement.lang;
    try {
      document.documentElement.lang = 'ja';
      agent.removeAttribute('lang');
      await settle(agent);
      expect(texts(agent)).to.deep.equal(ENGLISH);
    } finally {
      document.documentElement.lang = pageLang;
    }
  });

  it('a click asks the question (the model receives it), tells the page where it came from, and the list goes away until clear()', async () => {
    const scenario = await createScenario([{text: 'Here are the airports.'}]);
    const agent = await mountOnDemoServers(scenario);
    const events = new EventLog(agent);
    buttons(agent)[0]!.click();
    await events.next('autoui-run-end');
    await settle(agent);

    expect(log.details).to.deep.equal([{question: ENGLISH[0], source: 'recipe', server: 'data', recipe: 'airports-map'}]);
    const event = log.events[0] as CustomEvent;
    expect([event.bubbles, event.composed, event.cancelable]).to.deep.equal([true, true, true]);
    const [request] = await scenario.requests();
    expect(messageTexts(request!)).to.include(ENGLISH[0]);
    expect(ui(agent).questions()).to.deep.equal([`You: ${ENGLISH[0]}`]);
    expect(list(agent)).to.equal(null);
    expect(buttons(agent)).to.deep.equal([]);

    agent.clear();
    await settle(agent);
    expect(texts(agent)).to.deep.equal(ENGLISH);
  });

  it('keyboard: Tab reaches them, Enter asks, and the focus goes to the composer', async () => {
    const scenario = await createScenario([{text: 'A dashboard.'}]);
    const agent = await mountOnDemoServers(scenario);
    const events = new EventLog(agent);
    const target = buttons(agent)[3]!;
    buttons(agent)[2]!.focus();
    await sendKeys({press: 'Tab'});
    expect(ui(agent).root.activeElement).to.equal(target);
    await sendKeys({press: 'Enter'});
    await events.next('autoui-run-start');
    await settle(agent);
    expect(ui(agent).root.activeElement?.localName).to.equal('autoui-composer');
    await events.next('autoui-run-end');
    expect(log.details.map((d) => d.question)).to.deep.equal([ENGLISH[3]]);
    expect(messageTexts((await scenario.requests())[0]!)).to.include(ENGLISH[3]);
  });

  it('Space asks too', async () => {
    const scenario = await createScenario([{text: 'The cities.'}]);
    const agent = await mountOnDemoServers(scenario);
    const events = new EventLog(agent);
    buttons(agent)[1]!.focus();
    await sendKeys({press: 'Space'});
    await events.next('autoui-run-end');
    expect(messageTexts((await scenario.requests())[0]!)).to.include(ENGLISH[1]);
  });

  it('preventDefault() on autoui-suggestion: the element does not ask it, the page decides', async () => {
    const scenario = await createScenario([{text: 'Answered the page’s own question.'}]);
    const agent = await mountOnDemoServers(scenario);
    agent.addEventListener('autoui-suggestion', (event) => event.preventDefault(), {once: true});
    buttons(agent)[0]!.click();
    expect(agent.session.running).to.equal(false);
    expect(agent.session.transcript).to.deep.equal([]);
    await settle(agent);
    expect(texts(agent), 'still offered').to.deep.equal(ENGLISH);
    // The next question the model receives is the page's, never the cancelled one.
    await agent.ask('The page’s own question');
    const texts0 = messageTexts((await scenario.requests())[0]!);
    expect(texts0).to.include('The page’s own question');
    expect(texts0).to.not.include(ENGLISH[0]);
  });

  it('readonly shows none (and removing readonly shows them)', async () => {
    const agent = await mountOnDemoServers(undefined, {lang: 'en', readonly: true});
    expect(list(agent)).to.equal(null);
    expect(buttons(agent)).to.deep.equal([]);
    agent.readonly = false;
    await settle(agent);
    expect(texts(agent)).to.deep.equal(ENGLISH);
  });

  it('the page’s `suggestions` replace the recipes’ ones, [] shows none, undefined brings the recipes’ back', async () => {
    const scenario = await createScenario([{text: 'Warm.'}]);
    const agent = await mountOnDemoServers(scenario);
    agent.suggestions = ['How warm was 2015?', 'Which airport is the highest?'];
    await settle(agent);
    expect(texts(agent)).to.deep.equal(['How warm was 2015?', 'Which airport is the highest?']);
    agent.suggestions = [];
    await settle(agent);
    expect(list(agent)).to.equal(null);
    agent.suggestions = undefined;
    await settle(agent);
    expect(texts(agent)).to.deep.equal(ENGLISH);

    agent.suggestions = ['How warm was 2015?'];
    await settle(agent);
    const events = new EventLog(agent);
    buttons(agent)[0]!.click();
    await events.next('autoui-run-end');
    expect(log.details).to.deep.equal([{question: 'How warm was 2015?', source: 'page'}]);
    expect(messageTexts((await scenario.requests())[0]!)).to.include('How warm was 2015?');
  });

  it('slotted elements replace the built-in list; a click asks their data-question, else their text', async () => {
    const scenario = await createScenario([{text: 'One.'}, {text: 'Two.'}]);
    const plain = Object.assign(document.createElement('button'), {slot: 'suggestions', textContent: '  How warm was 2015?  '});
    const card = document.createElement('div');
    card.slot = 'suggestions';
    card.innerHTML = '<button data-question="Which Washington airport is the busiest?"><b>Busiest</b> airport</button>';
    const agent = await mountOnDemoServers(scenario, {lang: 'en'}, [plain, card]);
    const events = new EventLog(agent);

    expect(buttons(agent), 'the built-in list is not drawn').to.deep.equal([]);
    expect(list(agent)).to.not.equal(null);
    expect(shown(plain) && shown(card)).to.equal(true);

    plain.click();
    await events.nth('autoui-run-end', 1);
    expect(log.details).to.deep.equal([{question: 'How warm was 2015?', source: 'page'}]);
    expect(shown(plain), 'hidden after the first question, like the built-in list').to.equal(false);

    agent.clear();
    await settle(agent);
    expect(shown(card)).to.equal(true);
    card.querySelector('b')!.click();
    await events.nth('autoui-run-end', 2);
    expect(log.details[1]).to.deep.equal({question: 'Which Washington airport is the busiest?', source: 'page'});
    const requests = await scenario.requests();
    expect(messageTexts(requests.at(-1)!)).to.include('Which Washington airport is the busiest?');
  });

  it('a slot filled after the first render shows the list’s label with it', async () => {
    const agent = await mountOnDemoServers(undefined);
    agent.suggestions = [];
    await settle(agent);
    expect(list(agent)).to.equal(null);
    const late = Object.assign(document.createElement('button'), {slot: 'suggestions', textContent: 'Late?'});
    agent.append(late);
    await waitUntil(() => list(agent) !== null, 'the slotted element did not show the list');
    expect(shown(late)).to.equal(true);
  });
});
