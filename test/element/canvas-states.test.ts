/**
 * What the canvas says besides its widgets, as a person sees it: what will appear on it while it
 * is empty, the step a question is on while it runs (without moving any widget), and a failed
 * question in plain words with a button that asks it again. Real servers (the fake LLM, the
 * protocol's reference server, the Data demo server), in both languages.
 */
import {sendKeys} from '@web/test-runner-commands';
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {EventLog, createScenario, engineLoaded, messageTexts, mountAgent, press, serverUrl, settle, type, ui, widgetsRendered, type Turn} from './harness.js';

const DISPLAY = 'autoui_webmcp_widget_display';
const statCall = {name: DISPLAY, input: {name: 'stat', params: {label: 'Airports', value: 42}}};
/** A call to the reference server's tool that takes `seconds` to answer. */
const slowCall = (seconds: number) => ({name: 'everything_mcp_trigger-long-running-operation', input: {duration: seconds, steps: seconds}});
const chartCall = {name: DISPLAY, input: {name: 'chart', params: {type: 'bar', title: 'Rainfall by month', labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'], datasets: [{label: 'mm', data: [51, 41, 48, 52, 63, 50]}]}}};
/** An HTTP failure of the model that the provider does not retry (so one request fails once). */
const modelFails = (status: number, message: string): Turn['fault'] => ({status, message, failTimes: 1, headers: {'x-should-retry': 'false'}});

/** The canvas's shadow root, once its chunk has loaded. */
async function canvasOf(agent: AutouiAgent): Promise<ShadowRoot> {
  await engineLoaded(agent);
  await waitUntil(() => ui(agent).root.querySelector('autoui-canvas')?.shadowRoot, 'the canvas did not load', {timeout: 5000});
  await settle(agent);
  return ui(agent).root.querySelector('autoui-canvas')!.shadowRoot!;
}

const words = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** What the canvas says of the question now: its status line, its failure notice, its empty text. */
function canvasSays(agent: AutouiAgent) {
  const root = ui(agent).root.querySelector('autoui-canvas')!.shadowRoot!;
  return {
    empty: () => words(root.querySelector('.empty')),
    working: () => words(root.querySelector('.status .working')),
    failure: () => words(root.querySelector('.status .run-failed p')),
    retry: () => root.querySelector<HTMLButtonElement>('.status .run-failed button'),
    region: () => root.querySelector<HTMLElement>('.status')!,
  };
}

/** Waits until the status line says `text` (a step may be short: polled often). */
async function statusSays(agent: AutouiAgent, text: string): Promise<void> {
  await waitUntil(() => canvasSays(agent).working() === text, `the canvas never said "${text}" (last: "${canvasSays(agent).working()}")`, {timeout: 10_000, interval: 5});
}

describe('<autoui-agent> canvas: empty, working and failed states', () => {
  it('the empty canvas says what will appear there, until the first widget; a read-only one says nothing', async () => {
    const scenario = await createScenario([{match: {lastUserIncludes: 'airports'}, toolCalls: [statCall]}, {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    await canvasOf(agent);
    expect(canvasSays(agent).empty()).to.equal('Charts, tables and maps answering your questions appear here.');
    expect(canvasSays(agent).working(), 'no status before a question').to.equal('');

    await agent.ask('How many airports?');
    await widgetsRendered(agent);
    expect(ui(agent).widgets()).to.have.length(1);
    expect(canvasSays(agent).empty(), 'gone with the first widget').to.equal('');
    expect(canvasSays(agent).working(), 'no status once answered').to.equal('');

    const readonly = await mountAgent(undefined, {attributes: {lang: 'en', readonly: true}});
    await canvasOf(readonly);
    expect(canvasSays(readonly).empty()).to.equal('');
  });

  it('while a question runs, the status says the server being called, then the widget being written, then goes', async function () {
    this.timeout(30_000);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'rainfall'}, toolCalls: [slowCall(2)]},
      // The chart's call streams slowly: the draft is on the canvas while the model still writes.
      {match: {lastToolResultIncludes: 'completed'}, toolCalls: [chartCall], chunkDelayMs: 40, fragmentSize: 4},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Here is the rainfall.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, servers: [{name: 'everything', url: serverUrl('everything')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    await canvasOf(agent);
    const region = canvasSays(agent).region();
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.getAttribute('aria-live')).to.equal('polite');

    const run = agent.ask('Show the rainfall');
    await statusSays(agent, 'Calling everything…');
    expect(agent.session.running).to.equal(true);
    expect(log.of('autoui-tool-call'), 'the call is still running').to.have.length(0);

    await statusSays(agent, 'Drawing a chart…');
    expect(ui(agent).drafts(), 'said while the chart is still being written').to.have.length(1);
    expect(ui(agent).widgets()).to.have.length(0);

    const result = await run;
    await settle(agent);
    expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok', 'ok']);
    expect(canvasSays(agent).working(), 'gone once answered').to.equal('');
    expect(canvasSays(agent).failure()).to.equal('');
  });

  it('says when a call waits for the person, then the call', async () => {
    const name = `status ${Date.now().toString(36)}`;
    const scenario = await createScenario([{toolCalls: [{name: 'data_mcp_save_query', input: {name, sql: 'SELECT 1 AS one'}}]}, {text: 'Saved.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', 'eager-tools': true}, servers: [{name: 'data', url: serverUrl('demo-data')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    await canvasOf(agent);
    const run = agent.ask('Save it');
    await log.next('autoui-tool-approval');
    await statusSays(agent, 'Waiting for your answer…');
    await waitUntil(async () => (await settle(agent), ui(agent).cardButton('allow')), 'no approval card');
    ui(agent).cardButton('allow')!.click();
    expect((await run).toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok']);
    await settle(agent);
    expect(canvasSays(agent).working()).to.equal('');
  });

  it('a widget does not move when the status line appears and goes', async function () {
    this.timeout(20_000);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'airports'}, toolCalls: [statCall]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'},
      {match: {lastUserIncludes: 'wait'}, toolCalls: [slowCall(2)]},
      {match: {lastToolResultIncludes: 'completed'}, text: 'Done waiting.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, servers: [{name: 'everything', url: serverUrl('everything')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    await agent.ask('How many airports?');
    await widgetsRendered(agent);
    const frame = ui(agent).widgets()[0].frame;
    const box = () => JSON.stringify(frame.getBoundingClientRect());
    const idle = box();

    const run = agent.ask('Now wait a little');
    await statusSays(agent, 'Calling everything…');
    const line = canvasSays(agent).region().querySelector('.working')!.getBoundingClientRect();
    expect(line.height, 'the status line is shown').to.be.above(0);
    expect(box(), 'with the status line shown').to.equal(idle);

    await run;
    await settle(agent);
    expect(canvasSays(agent).working()).to.equal('');
    expect(box(), 'with the status line gone').to.equal(idle);
  });

  it('a refused key is a readable notice; "Try again" asks again, and once the model answers the notice goes and the widget shows', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'airports'}, fault: modelFails(401, 'invalid x-api-key'), toolCalls: [statCall]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Here they are.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    await canvasOf(agent);
    await type(agent, 'How many airports?');
    await press(agent, 'Enter');
    await log.nth('autoui-run-end', 1);
    await settle(agent);

    const says = canvasSays(agent);
    expect(says.failure()).to.equal('The model refused the key. PROVIDER_HTTP');
    expect(says.retry()!.textContent).to.equal('Try again');
    expect(ui(agent).textarea()!.value, 'the question went back in the composer').to.equal('How many airports?');

    says.retry()!.focus();
    await sendKeys({press: 'Enter'});
    expect(ui(agent).root.querySelector('autoui-composer')!.shadowRoot!.activeElement === ui(agent).textarea(), 'focus goes to the composer, not to the page').to.equal(true);
    await log.nth('autoui-run-end', 2);
    await widgetsRendered(agent);
    expect(log.of('autoui-run-end')[1].result.stopReason).to.equal('end_turn');
    expect(says.failure(), 'the notice is gone').to.equal('');
    expect(ui(agent).widgets()).to.have.length(1);
    expect(ui(agent).answers()).to.deep.equal(['Here they are.']);
    expect(ui(agent).questions(), 'asked twice, the same question').to.deep.equal(['You: How many airports?', 'You: How many airports?']);
    expect(ui(agent).textarea()!.value, 'not left in the composer').to.equal('');
    const requests = await scenario.requests();
    expect(requests.map((r) => messageTexts(r)[0]), 'the same question, each time').to.deep.equal(['How many airports?', 'How many airports?', 'How many airports?']);
    expect(messageTexts(requests[1]), 'the failed question is not in the conversation twice').to.deep.equal(['How many airports?']);
  });

  it('a model error keeps the widgets; "Try again" asks the failed question, not what the person typed since', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'airports'}, toolCalls: [statCall]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'},
      // Fails once, then answers.
      {match: {lastUserIncludes: 'rainfall'}, fault: modelFails(500, 'overloaded'), text: 'It rained.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    await agent.ask('How many airports?');
    const failed = await agent.ask('And the rainfall?');
    expect(failed.stopReason).to.equal('error');
    await widgetsRendered(agent);
    const says = canvasSays(agent);
    expect(says.failure()).to.equal('The model answered with an error. PROVIDER_HTTP');
    expect(ui(agent).widgets(), 'the widget is still there').to.have.length(1);

    // The person starts another question meanwhile: it stays theirs.
    await type(agent, ' and more');
    const typed = ui(agent).textarea()!.value;
    says.retry()!.click();
    await log.nth('autoui-run-end', 3);
    await settle(agent);
    expect(log.of('autoui-run-end')[2].result.text).to.equal('It rained.');
    expect(ui(agent).questions().at(-1)).to.equal('You: And the rainfall?');
    expect(ui(agent).textarea()!.value).to.equal(typed);
    expect(says.failure()).to.equal('');
  });

  it('Stop gives no error notice', async () => {
    const scenario = await createScenario([{text: 'Looking into it', fault: {stall: true}}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    await canvasOf(agent);
    const run = agent.ask('Never-ending question');
    await log.next('autoui-text');
    await statusSays(agent, 'Thinking…');
    await settle(agent);
    ui(agent).stopButton()!.click();
    expect((await run).stopReason).to.equal('aborted');
    await settle(agent);
    expect(canvasSays(agent).failure()).to.equal('');
    expect(canvasSays(agent).retry()).to.equal(null);
    expect(canvasSays(agent).working()).to.equal('');
  });

  it('speaks French with lang="fr"', async function () {
    this.timeout(20_000);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'pluie'}, toolCalls: [slowCall(1)]},
      {match: {lastToolResultIncludes: 'completed'}, text: 'Voilà.'},
      {match: {lastUserIncludes: 'clé'}, fault: modelFails(403, 'forbidden')},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'fr'}, servers: [{name: 'everything', url: serverUrl('everything')}]});
    const log = new EventLog(agent);
    await log.next('autoui-server-ready');
    await canvasOf(agent);
    expect(canvasSays(agent).empty()).to.equal('Les graphiques, tableaux et cartes qui répondent à vos questions apparaissent ici.');
    const run = agent.ask('La pluie ?');
    await statusSays(agent, 'Appel à everything…');
    await run;
    await agent.ask('Et la clé ?');
    await settle(agent);
    expect(canvasSays(agent).failure()).to.equal('Le modèle a refusé la clé. PROVIDER_HTTP');
    expect(canvasSays(agent).retry()!.textContent).to.equal('Réessayer');
  });
});
