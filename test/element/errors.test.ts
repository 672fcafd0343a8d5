/**
 * Failures a person meets: the model provider refusing the request, an MCP server that is down.
 * Each is told in the transcript in plain words and as an event; nothing already there is lost.
 */
import {expect} from '@open-wc/testing';
import {EventLog, createScenario, mountAgent, press, serverUrl, settle, systemPrompt, type, ui} from './harness.js';

const statCall = {name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'Countries', value: 250}}};

describe('<autoui-agent> when things fail', () => {
  it('a provider 401 is an autoui-error, a notice in plain words, the question back in the composer, the canvas kept', async () => {
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'countries'}, toolCalls: [statCall]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Shown.'},
      {match: {lastUserIncludes: 'again'}, fault: {status: 401, message: 'invalid x-api-key'}},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    await agent.ask('How many countries?');
    expect(agent.widgets).to.have.length(1);

    await type(agent, 'Tell me again');
    await press(agent, 'Enter');
    await log.nth('autoui-run-end', 2);
    await settle(agent);

    const [error] = log.of('autoui-error');
    expect(error.code).to.equal('PROVIDER_HTTP');
    expect(error.message).to.be.a('string').and.not.empty;
    expect(log.of('autoui-run-end')[1].result.stopReason).to.equal('error');
    const view = ui(agent);
    expect(view.notices()).to.have.length(1);
    expect(view.notices()[0]).to.match(/^Something went wrong: /);
    expect(view.notices()[0]).to.include('401');
    expect(view.textarea()!.value, 'the question is back, ready to send again').to.equal('Tell me again');
    expect(view.sendButton()!.disabled).to.be.false;
    expect(agent.widgets.map((w) => w.type), 'the earlier widget is still there').to.deep.equal(['stat']);
    expect(view.widgets()).to.have.length(1);
  });

  it('a server that is down is an autoui-server-error MCP_CONNECT, and questions still work with the others', async () => {
    const scenario = await createScenario([
      {toolCalls: [{name: 'data_mcp_list_tables', input: {}}]},
      {match: {lastToolResultIncludes: 'airports'}, text: 'The tables are listed.'},
    ]);
    const agent = await mountAgent(scenario, {
      servers: [
        {name: 'down', url: 'http://127.0.0.1:9/mcp'},
        {name: 'data', url: serverUrl('demo-data')},
      ],
    });
    const log = new EventLog(agent);

    const failure = await log.next('autoui-server-error');
    expect(failure.name).to.equal('down');
    expect(failure.code).to.equal('MCP_CONNECT');
    expect(failure.message).to.be.a('string').and.not.empty;
    expect(log.of('autoui-error')).to.deep.include({code: 'MCP_CONNECT', message: failure.message});
    await settle(agent);
    // No lang on the page or the element: English, the fallback.
    expect(ui(agent).notices(), 'told in the transcript too').to.deep.equal([`Something went wrong: ${failure.message}`]);

    const result = await agent.ask('Which tables?');
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal('The tables are listed.');
    expect(result.toolCalls[0].error).to.be.undefined;
    expect(agent.layers.map((l) => l.serverName)).to.deep.equal(['data', 'autoui']);
    const [request] = await scenario.requests();
    expect(systemPrompt(request)).to.include('data_mcp_');
    expect(systemPrompt(request)).to.not.include('down_mcp');
  });
});
