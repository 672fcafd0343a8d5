/**
 * Two elements on one page share nothing; and the element is accessible (axe), with a transcript
 * that screen readers follow as a polite live log.
 */
import {expect} from '@open-wc/testing';
import {EventLog, createScenario, messageTexts, mountAgent, serverUrl, settle, ui} from './harness.js';

const stat = (label: string) => ({name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label, value: 1}}});

describe('two <autoui-agent> elements on one page', () => {
  it('share no scenario, widgets, layers, events or history, even when they run at the same time', async () => {
    const [scenarioA, scenarioB] = await Promise.all([
      createScenario([{toolCalls: [stat('From A')]}, {text: 'A done.', chunkDelayMs: 20}, {text: 'A again.'}]),
      createScenario([{toolCalls: [stat('From B')]}, {text: 'B done.', chunkDelayMs: 20}]),
    ]);
    const a = await mountAgent(scenarioA, {servers: [{name: 'data', url: serverUrl('demo-data')}]});
    const b = await mountAgent(scenarioB, {servers: [{name: 'atlas', url: serverUrl('demo-atlas')}]});
    const [logA, logB] = [new EventLog(a), new EventLog(b)];
    await Promise.all([logA.next('autoui-server-ready'), logB.next('autoui-server-ready')]);

    const [resultA, resultB] = await Promise.all([a.ask('Question A'), b.ask('Question B')]);
    await Promise.all([settle(a), settle(b)]);

    expect([resultA.text, resultB.text]).to.deep.equal(['A done.', 'B done.']);
    expect(a.widgets.map((w) => w.params)).to.deep.equal([{label: 'From A', value: 1}]);
    expect(b.widgets.map((w) => w.params)).to.deep.equal([{label: 'From B', value: 1}]);
    expect(ui(a).widgets().map((w) => w.id)).to.deep.equal([a.widgets[0].id]);
    expect(ui(b).widgets().map((w) => w.id)).to.deep.equal([b.widgets[0].id]);
    expect(a.layers.map((l) => l.serverName)).to.deep.equal(['data', 'autoui']);
    expect(b.layers.map((l) => l.serverName)).to.deep.equal(['atlas', 'autoui']);
    expect(logA.of('autoui-run-start')).to.deep.equal([{question: 'Question A'}]);
    expect(logB.of('autoui-run-start')).to.deep.equal([{question: 'Question B'}]);
    expect(ui(a).questions()).to.have.length(1);
    expect(ui(b).answers()).to.deep.equal(['B done.']);

    b.clear();
    expect(a.widgets, 'clearing B leaves A alone').to.have.length(1);
    await a.ask('Follow-up A');
    const lastA = (await scenarioA.requests()).at(-1)!;
    expect(messageTexts(lastA).join(' ')).to.include('Question A').and.not.include('Question B');
    expect(await scenarioB.requests()).to.have.length(2);
  });
});

describe('<autoui-agent> accessibility', () => {
  it('passes axe with a conversation, a tool pill, a widget, an error notice and the console', async () => {
    const scenario = await createScenario([{text: 'Here:', toolCalls: [stat('Accessible')]}, {text: 'Done.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en', debug: true}, servers: [{name: 'down', url: 'http://127.0.0.1:9/mcp'}]});
    await agent.ask('Show something');
    await settle(agent);
    expect(ui(agent).pills()).to.have.length(1);
    expect(ui(agent).widgets()).to.have.length(1);
    expect(ui(agent).notices()).to.have.length(1);
    expect(ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!.querySelector('[role="alert"]')).to.exist;

    await expect(agent).to.be.accessible();
  });

  it('has a transcript that is a polite live log, labelled in the element’s language', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const log = ui(agent).log()!;
    expect(log.getAttribute('role')).to.equal('log');
    expect(log.getAttribute('aria-live')).to.equal('polite');
    expect(log.getAttribute('aria-label')).to.equal('Conversation');
    expect(ui(agent).textarea()!.getAttribute('aria-label')).to.equal('Your question');
  });
});
