/**
 * The site's own AG-UI agent on a page whose CSP forbids eval (this group's page: `script-src
 * 'self' 'unsafe-inline'`): the element answers from the agent and draws the chart the agent asked
 * for through its frontend tool (the widget's validation must not need eval either).
 */
import {expect} from '@open-wc/testing';
import {mountAgent, settle, ui, widgetsRendered} from '../element/harness.js';
import {scripted} from '../ag-ui/ag-ui-fixture.js';

describe('<autoui-agent agent> on a page whose CSP forbids eval', function () {
  this.timeout(60_000);

  it('really forbids eval here (or this case proves nothing)', () => {
    expect(() => new Function('return 1')).to.throw(EvalError);
  });

  it("answers from the agent and draws the chart it asked for", async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', agent: scripted('frontend-tool')}});
    const result = await agent.ask('Chart it');
    await widgetsRendered(agent);
    await settle(agent);
    expect(result.stopReason, JSON.stringify(result.error)).to.equal('end_turn');
    expect(ui(agent).answers().join(' ')).to.contain('Let me draw that.').and.contain('The page answered:');
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['chart']);
  });
});
