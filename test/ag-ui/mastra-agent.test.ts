import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {approvals, setup} from './ag-ui-fixture.js';

/** The Mastra AG-UI server's URL for `script`. */
function mastra(script: string): string {
  const base = SERVERS['agui-mastra'];
  if (!base) throw new Error('the agui-mastra test server is not running (it needs Node 22 and a first install)');
  return `${base.replace(/\/$/, '')}/${script}`;
}

describe('runAgUiAgent against a real Mastra agent (@ag-ui/mastra, the fake LLM as its model)', () => {
  it("streams the agent's answer, with its own tool call as a pill", async () => {
    const {ask, told} = setup(mastra('weather'));
    const result = await ask('Weather in Paris?');
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(result.text).to.equal('It is 21 °C in Paris.');
    expect(told.text.join('')).to.contain('It is 21 °C in Paris.');
    const pill = told.toolCalls.find((c) => c.name === 'get_weather');
    expect(pill, 'the agent\'s tool is shown').to.not.equal(undefined);
    expect(pill!.args).to.deep.equal({city: 'Paris'});
    expect(pill!.result).to.contain('tempC');
  });

  it('the agent calls the page\'s widget_display: the chart is drawn, validated, and the agent continues from its result', async () => {
    const {ask, told, store} = setup(mastra('chart'));
    const result = await ask('Chart the rain');
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(store.list().map((w) => w.type)).to.deep.equal(['chart']);
    expect(store.list()[0].params).to.deep.include({title: 'Rain in Paris', labels: ['Mon', 'Tue', 'Wed']});
    expect(told.toolCalls.find((c) => c.name === 'widget_display')?.error).to.equal(undefined);
    expect(result.text).to.equal('The chart is on the page.');
  });

  it('a suspended tool asks the person through the approval gate; Allow resumes and the tool runs', async () => {
    const gate = approvals({decision: 'allow'});
    const {ask} = setup(mastra('approval'), {approval: gate});
    const result = await ask('Delete the Q3 report');
    expect(gate.asked).to.have.length(1);
    expect(JSON.stringify(gate.asked[0].args), 'the person sees what would be done').to.contain('delete_report').and.contain('Q3');
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(result.text).to.equal('Done: the Q3 report was deleted.');
  });

  it('Deny resumes with the person\'s no and the tool does nothing', async () => {
    const {ask} = setup(mastra('approval'), {approval: approvals({decision: 'deny'})});
    const result = await ask('Delete the Q3 report');
    expect(result.text).to.equal('The Q3 report was kept.');
  });

  it('one conversation: its own tool, a chart drawn by the page, then an approval', async () => {
    const gate = approvals({decision: 'allow'});
    const {ask, told, store} = setup(mastra('all'), {approval: gate});
    const result = await ask('Everything');
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(told.toolCalls.map((c) => c.name)).to.include.members(['get_weather', 'widget_display']);
    expect(store.list().map((w) => w.type)).to.deep.equal(['chart']);
    expect(gate.asked).to.have.length(1);
    expect(result.text).to.equal('Done: the Q3 report was deleted.');
  });
});
