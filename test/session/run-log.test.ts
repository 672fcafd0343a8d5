/** The run log a debug console keeps (`recordRuns`), recorded from a session's events. */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import {recordRuns} from '../../src/session/run-log.js';
import {displayLayer} from '../helpers/layers.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';

describe('recordRuns', () => {
  it("records each question's calls and end, and forgets them with the conversation", async () => {
    const model = new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'A', value: 1}})]), turn([text('Shown.')]), turn([text('Again.')])]);
    const session = new AgentSession({model, language: 'en', layers: [displayLayer()]});
    const log = recordRuns(session);
    await session.ask('Show A');
    const first = log.runs;
    expect(first.map((r) => r.question)).to.deep.equal(['Show A']);
    expect(first[0].calls.map((c) => c.tool)).to.deep.equal(['widget_display']);
    expect(first[0]).to.include({stopReason: 'end_turn'});
    await session.ask('Again?');
    expect(log.runs).to.have.length(2);
    expect(log.runs, 'a new array for a new question').not.to.equal(first);
    session.clear();
    expect(log.runs).to.deep.equal([]);
    log.stop();
  });
});
