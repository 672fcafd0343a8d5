/**
 * The display tools the WebMCP link runs for the browser's agent (`runDisplayTool`): the session's
 * `autoui` layer on the session's canvas, so the page's veto applies; without an `autoui` layer,
 * a refusal the page hears of.
 */
import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {AgentSession} from '../../src/session/agent-session.js';
import {runDisplayTool} from '../../src/element/webmcp/webmcp-link.js';
import {displayLayer} from '../helpers/layers.js';

describe('runDisplayTool', () => {
  it("runs the autoui layer's widget_display on the session's canvas: the page's veto applies", async () => {
    const session = new AgentSession({layers: [displayLayer()]});
    session.subscribe((event) => event.type === 'widget-create' && event.widget.params.label === 'No' && event.veto());
    const vetoed = await runDisplayTool(session, 'widget_display', {name: 'stat', params: {label: 'No'}});
    expect(session.widgets.list()).to.deep.equal([]);
    const shown = await runDisplayTool(session, 'widget_display', {name: 'stat', params: {label: 'Yes'}});
    expect(shown.isError).to.not.equal(true);
    expect(session.widgets.list().map((w) => w.params.label)).to.deep.equal(['Yes']);
    expect(vetoed.isError).to.equal(true);
  });

  it('refuses without an autoui layer, and tells whoever asked to hear refusals', async () => {
    const session = new AgentSession();
    const heard: string[] = [];
    const error = await runDisplayTool(session, 'canvas', {action: 'list'}, {refused: (e) => heard.push(e.code)}).catch((e: unknown) => e);
    expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.INVALID_ARGUMENT);
    expect(heard).to.deep.equal([ErrorCodes.INVALID_ARGUMENT]);
  });
});
