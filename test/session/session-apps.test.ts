/**
 * A session's side of MCP App views, with the real probe server and basic example server
 * connected as layers: a view reaches only its own server's app-visible tools, asks approval
 * where the policy does, reads its view once, and what it says (messages, model context) reaches
 * the model labelled as its own.
 */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {ScriptedModel, text, turn} from '../helpers/scripted-model.js';
import {closeAll, connect} from '../mcp/mcp-test-kit.js';

/** The probe's view, as a view names itself (its server's connection id is set by makeSession). */
const view = {key: 'view-1', server: 'Probe', channel: '', tool: 'probe'};

async function makeSession(model = new ScriptedModel([]), approve: 'writes' | 'never' = 'writes') {
  const probe = await connect('app-probe');
  const basic = await connect('app-basic');
  view.channel = probe.layer.apps!.id;
  const session = new AgentSession({model, language: 'en', approve, layers: [probe.layer, basic.layer]});
  return session;
}

const code = (error: unknown) => (AutouiError.isInstance(error) ? error.code : String(error));

describe('AgentSession apps', () => {
  afterEach(closeAll);

  it('proxies a view\'s call to its own server\'s app-visible tools only', async () => {
    const session = await makeSession();
    const counted = await session.apps.callTool(view, 'probe_count', {});
    expect((counted.content as Array<{text: string}>)[0].text).to.match(/^\d+$/);
    expect(code(await session.apps.callTool(view, 'probe_secret', {}).catch((e) => e))).to.equal(ErrorCodes.APP_REFUSED);
    expect(code(await session.apps.callTool(view, 'get-time', {}).catch((e) => e)), "another server's tool").to.equal(ErrorCodes.APP_REFUSED);
    expect(code(await session.apps.callTool({key: 'v', server: 'Probe', channel: 'not-a-connection', tool: 'x'}, 'probe_count', {}).catch((e) => e))).to.equal(ErrorCodes.APP_REFUSED);
  });

  it('tells two servers of the same name apart: each view reaches its own connection', async () => {
    const [a, b] = [await connect('app-probe'), await connect('app-probe')];
    expect(a.layer.serverName).to.equal(b.layer.serverName);
    const session = new AgentSession({model: new ScriptedModel([]), language: 'en', approve: 'never', layers: [a.layer, b.layer]});
    const count = async (layer: typeof a.layer) => ((await session.apps.callTool({key: 'v', server: 'Probe', channel: layer.apps!.id, tool: 'probe'}, 'probe_count', {})).content as Array<{text: string}>)[0].text;
    await count(a.layer);
    await count(a.layer);
    expect(await count(a.layer)).to.equal('3');
    expect(await count(b.layer), "the second server's own count").to.equal('1');
  });

  it('asks a person before a view\'s write, with the view named, and sends nothing on a denial', async () => {
    const session = await makeSession();
    const asked: unknown[] = [];
    session.subscribe((event) => {
      if (event.type !== 'approval') return;
      asked.push(event.request);
      event.respond('deny');
    });
    const denied = await session.apps.callTool(view, 'probe_write', {value: 'x'}).catch((e) => e);
    expect(code(denied)).to.equal(ErrorCodes.TOOL_DENIED);
    expect(asked).to.have.length(1);
    expect(asked[0]).to.deep.include({tool: 'probe_write', server: 'Probe', from: {app: {server: 'Probe', tool: 'probe'}}});
    await session.apps.callTool(view, 'probe_count', {});
    expect(asked, 'a read-only tool does not ask under "writes"').to.have.length(1);
  });

  it('leaves MCP App views out of snapshots: their params hold a call\'s arguments and result', async () => {
    const session = await makeSession();
    session.widgets.create({type: 'mcp-app', params: {server: 'Probe', channel: view.channel, tool: 'probe', resourceUri: 'ui://probe/view.html', input: {note: 'secret-arg'}, result: {content: []}}});
    session.widgets.create({type: 'stat', params: {label: 'Kept', value: 1}});
    const snapshot = session.snapshot();
    expect(snapshot.widgets.map((w) => w.type)).to.deep.equal(['stat']);
    expect(JSON.stringify(snapshot)).not.to.include('secret-arg');
  });

  it('reads a view once per session, and again after clear()', async () => {
    const session = await makeSession();
    const first = await session.apps.readView(view, 'ui://probe/view.html');
    expect(first.html).to.include('Probe view');
    expect(first.csp?.connectDomains).to.be.an('array');
    expect(first.prefersBorder).to.equal(true);
    expect(await session.apps.readView(view, 'ui://probe/view.html')).to.equal(first);
    session.clear();
    expect(await session.apps.readView(view, 'ui://probe/view.html')).not.to.equal(first);
  });

  it('sends a view\'s message as the next question, labelled, and its last model context once', async () => {
    const model = new ScriptedModel([turn([text('One.')]), turn([text('Two.')])]);
    const session = await makeSession(model);
    session.apps.updateModelContext(view, 'The user picked Lyon.');
    session.apps.updateModelContext(view, 'The user picked Paris.');
    const ended = new Promise((resolve) => session.subscribe((e) => e.type === 'run-end' && resolve(e.result)));
    const first = session.apps.message(view, 'Show me Paris.');
    const second = session.apps.message(view, 'again').catch((e) => e);
    await first;
    expect(code(await second), 'while a question runs').to.equal(ErrorCodes.RUN_IN_PROGRESS);
    await ended;
    const sent = JSON.stringify(model.requests[0].messages.at(-1));
    expect(sent).to.include('Show me Paris.').and.include('app view of Probe').and.include('The user picked Paris.').and.not.include('Lyon');
    expect(session.transcript[0]).to.deep.equal({kind: 'user', text: 'Show me Paris.', from: {app: {server: 'Probe', tool: 'probe'}}});
    const restored = new AgentSession({language: 'en'});
    await restored.restore(session.snapshot());
    expect(restored.transcript[0], "a snapshot keeps the question the view's").to.deep.equal(session.transcript[0]);
    await session.ask('And then?');
    expect(JSON.stringify(model.requests[1].messages.at(-1)), 'the context is sent once').not.to.include('Paris');
  });
});
