/**
 * A question end to end: the real Anthropic provider against the fake LLM, the real Data MCP
 * server, the real autoui layer and canvas. What a page hears (events, in order, with their
 * details) and what a person sees (transcript, pills, widget).
 */
import {expect} from '@open-wc/testing';
import type {AgentResult} from '../../src/agent/agent-loop.js';
import {EventLog, createScenario, messageTexts, mountAgent, serverUrl, settle, ui} from './harness.js';

const COUNT_SQL = 'SELECT COUNT(*) AS n FROM airports';

/** A model that queries the Data server, shows a stat, then answers. */
const airportTurns = (answer = 'There are many airports.') => [
  {text: 'Let me count them.', toolCalls: [{name: 'data_mcp_query_sql', input: {sql: COUNT_SQL}}]},
  {match: {lastToolResultIncludes: '"rowCount"'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'Airports', value: 3376}}}]},
  {match: {lastToolResultIncludes: '"widget"'}, text: answer},
];

describe('<autoui-agent> answering a question', () => {
  it('streams the answer, calls the MCP server, shows a widget and fires every event in order', async () => {
    const scenario = await createScenario(airportTurns());
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, servers: [{name: 'data', url: serverUrl('demo-data')}]});
    const log = new EventLog(agent);

    const result = await agent.ask('How many airports?');
    await settle(agent);

    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal('There are many airports.');
    // The widget's element renders while the loop goes on: `created` may come before or after the
    // display call's own event, but always after `create` and before the run ends.
    const sequence = log.sequence().filter((t) => t !== 'autoui-server-ready');
    expect(sequence.filter((t) => t !== 'autoui-widget-created')).to.deep.equal([
      'autoui-run-start',
      'autoui-text',
      'autoui-message',
      'autoui-tool-call',
      'autoui-widget-create',
      'autoui-tool-call',
      'autoui-text',
      'autoui-message',
      'autoui-run-end',
    ]);
    const createdAt = sequence.indexOf('autoui-widget-created');
    expect(createdAt).to.be.above(sequence.indexOf('autoui-widget-create'));
    expect(createdAt).to.be.below(sequence.indexOf('autoui-run-end'));

    expect(log.of('autoui-run-start')).to.deep.equal([{question: 'How many airports?'}]);
    expect(log.of('autoui-text').map((d) => d.delta).join('')).to.equal('Let me count them.There are many airports.');
    expect(log.of('autoui-message')).to.deep.equal([
      {role: 'assistant', text: 'Let me count them.'},
      {role: 'assistant', text: 'There are many airports.'},
    ]);
    const [query, display] = log.of('autoui-tool-call');
    expect(query.name).to.equal('data_mcp_query_sql');
    expect(query.error).to.be.undefined;
    expect(query.args).to.deep.equal({sql: COUNT_SQL});
    expect(JSON.parse(query.result).rows[0].n, 'the real count from the Data server').to.be.a('number').above(1000);
    expect(query.elapsed).to.be.a('number');
    expect(query.guided).to.be.a('boolean');
    expect(display.name).to.equal('autoui_webmcp_widget_display');

    expect(log.of('autoui-widget-create')).to.deep.equal([{type: 'stat', params: {label: 'Airports', value: 3376}}]);
    const [created] = log.of('autoui-widget-created');
    expect(created.id).to.match(/^w_/);
    expect(created).to.include({type: 'stat'});
    expect(created.params).to.deep.equal({label: 'Airports', value: 3376});
    expect(created.element.localName).to.equal('autoui-stat');
    expect(created.element.isConnected).to.be.true;
    expect(created.element.shadowRoot!.textContent).to.include('Airports');

    const [{result: ended}] = log.of('autoui-run-end');
    expect(ended).to.equal(result);
    expect(ended.iterations).to.equal(3);
    expect(ended.toolCalls).to.have.length(2);
    expect(ended.widgets.map((w) => w.id)).to.deep.equal([created.id]);
    expect(ended.usage.inputTokens).to.be.above(0);

    expect(agent.widgets).to.deep.equal([{id: created.id, type: 'stat', params: {label: 'Airports', value: 3376}}]);
    const view = ui(agent);
    expect(view.widgets().map((w) => w.id)).to.deep.equal([created.id]);
    expect(view.widgets()[0].element).to.equal(created.element);
    expect(view.questions()).to.deep.equal(['You: How many airports?']);
    expect(view.answers()).to.deep.equal(['Let me count them.', 'There are many airports.']);
    // The two calls came one after the other: one line, which a person opens to see them.
    const transcript = view.root.querySelector('autoui-transcript')!.shadowRoot!;
    expect(view.pills(), 'closed, and nothing failed').to.have.length(0);
    transcript.querySelector<HTMLButtonElement>('[part="tool-group-toggle"]')!.click();
    await settle(agent);
    expect(view.pills()).to.have.length(2);
    expect(view.pills()[0]).to.include('query_sql');
    expect(view.pills()[1]).to.include('widget_display');
  });

  it('ends the run only once its widgets are on the canvas, even when the run ends right after showing them', async () => {
    // max-iterations 1: the run stops as soon as the display call returns, while the chart's
    // lazy chunk may still be loading.
    const scenario = await createScenario([
      {toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', labels: ['a', 'b'], datasets: [{label: 's', data: [1, 2]}]}}}]},
    ]);
    const agent = await mountAgent(scenario, {attributes: {'max-iterations': 1}});
    const log = new EventLog(agent);
    let createdBeforeEnd = false;
    agent.addEventListener('autoui-run-end', () => (createdBeforeEnd = log.of('autoui-widget-created').length === 1));

    const result = await agent.ask('A chart please');

    expect(result.stopReason).to.equal('max_iterations');
    expect(result.widgets).to.have.length(1);
    expect(createdBeforeEnd, 'autoui-widget-created came before autoui-run-end').to.be.true;
    expect(log.of('autoui-widget-created')[0].element.localName).to.equal('autoui-chart');
  });

  it('a canceled autoui-widget-create leaves no widget and tells the model', async () => {
    const scenario = await createScenario(airportTurns('I could not show it.'));
    const agent = await mountAgent(scenario, {servers: [{name: 'data', url: serverUrl('demo-data')}]});
    const log = new EventLog(agent);
    agent.addEventListener('autoui-widget-create', (e) => e.preventDefault());

    const result = await agent.ask('How many airports?');
    await settle(agent);

    expect(log.of('autoui-widget-create')).to.have.length(1);
    expect(log.of('autoui-widget-created')).to.have.length(0);
    expect(agent.widgets).to.deep.equal([]);
    expect(ui(agent).widgets()).to.have.length(0);
    expect(result.widgets).to.deep.equal([]);
    const display = log.of('autoui-tool-call')[1];
    expect(display.error, 'the call is an error').to.be.a('string');
    // The model read an error result naming the veto.
    const requests = await scenario.requests();
    const last = requests.at(-1)!;
    const toolResult = last.body.messages.at(-1).content.find((b: {type: string}) => b.type === 'tool_result');
    expect(toolResult.is_error).to.equal(true);
    expect(JSON.stringify(toolResult.content)).to.include('vetoed');
    // The failed call is in view without opening the line of the two calls.
    expect(ui(agent).pills()).to.have.length(1);
    expect(ui(agent).pills()[0]).to.include('✗').and.include('widget_display');
  });

  it('a follow-up question carries the conversation so far', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'first'}, text: 'First answer.'},
      {match: {lastUserIncludes: 'second'}, text: 'Second answer.'},
    ]);
    const agent = await mountAgent(scenario);

    const first: AgentResult = await agent.ask('The first question');
    expect(first.text).to.equal('First answer.');
    await agent.ask('The second question');

    const [, followUp] = await scenario.requests();
    const messages = followUp.body.messages as Array<{role: string}>;
    expect(messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(messageTexts(followUp)).to.deep.equal(['The first question', 'First answer.', 'The second question']);
    await settle(agent);
    expect(ui(agent).answers()).to.deep.equal(['First answer.', 'Second answer.']);
  });
});
