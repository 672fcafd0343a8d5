/**
 * A session's snapshot and its restore, with the real `autoui` layer and widget catalogue: every
 * widget type comes back with its params, place, size and style; the conversation comes back only
 * when asked for and the next question continues it; nothing secret is written; a snapshot that
 * is refused changes nothing.
 */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {recipeExample} from '../../src/webmcp/recipe.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {ToolMessage} from '../../src/providers/model-messages.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {dataLayer} from '../helpers/layers.js';

const DISPLAY = 'autoui_webmcp_widget_display';

/** A session with the real widget catalogue (images allowed from img.example.org) and a data layer. */
function makeSession(model = new ScriptedModel([])) {
  const registry = createDefaultRegistry();
  const autoui = createAutouiLayer({catalog: registry, imageHosts: () => ['img.example.org']});
  const data = dataLayer('Data', [{name: 'query_sql', description: 'Run SQL', annotations: {readOnlyHint: true}, handler: () => '[{"region":"North","sales":1200}]'}]);
  const session = new AgentSession({model, language: 'en', layers: [data, autoui]});
  return {session, registry};
}

describe('AgentSession snapshot and restore', () => {
  it('brings back every widget type with its params, place, size and style', async () => {
    const {registry} = makeSession();
    const calls = registry.list().map((d) => call(DISPLAY, recipeExample(d.recipe)! as unknown as Record<string, unknown>));
    const model = new ScriptedModel([turn(calls), turn([text('Here.')])]);
    const {session} = makeSession(model);
    const result = await session.ask('show everything');
    expect(result.widgets.length, 'every widget shown').to.equal(registry.list().length);
    const [first, second] = session.widgets.list();
    session.widgets.move(first.id, 120, 48);
    session.widgets.resize(first.id, 420, 260);
    session.widgets.style(second.id, {background: '#ffeecc', color: 'rgb(10, 20, 30)'});
    const before = session.widgets.list();

    const snapshot = session.snapshot();
    expect(snapshot.format).to.equal('autoui-snapshot');
    expect(snapshot.version).to.equal(1);
    expect(snapshot.conversation, 'no conversation unless asked').to.equal(undefined);

    const {session: other} = makeSession();
    const restored = await other.restore(JSON.parse(JSON.stringify(snapshot)));
    expect(restored.dropped).to.deep.equal([]);
    expect(other.widgets.list()).to.deep.equal(before);
    expect(restored.widgets.map((w) => w.type)).to.deep.equal(registry.list().map((d) => d.type));
    // The transcript shows the question, the answer and the calls, without their arguments or results.
    const kinds = other.transcript.map((e) => e.kind);
    expect(kinds).to.include.members(['user', 'tool', 'assistant']);
    const tool = other.transcript.find((e) => e.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.call.args).to.deep.equal({});
    expect(tool?.kind === 'tool' && tool.call.result).to.equal('');
  });

  it('keeps the conversation only when asked, and the next question continues it (recall works on old results)', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'select 1'}, 'toolu_q1')]), turn([text('Sales are 1200.')])]);
    const {session} = makeSession(model);
    await session.ask('sales?');
    const snapshot = session.snapshot({conversation: true});
    expect(snapshot.conversation?.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(snapshot.conversation?.results.map((r) => r.id)).to.deep.equal(['toolu_q1']);
    expect(JSON.stringify(session.snapshot())).not.to.contain('North', 'tool results stay out of a snapshot without the conversation');

    const next = new ScriptedModel([turn([text('North leads.')])]);
    const {session: other} = makeSession(next);
    const restored = await other.restore(snapshot);
    expect(restored.conversation).to.equal(true);
    await other.ask('which region?');
    const sent = next.requests[0].messages;
    expect(sent.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect((sent[2] as ToolMessage).content[0].output).to.contain('North');
  });

  it('writes no key, no token, no query string of a server address', async () => {
    const secretKey = 'sk-ant-SECRET-0123456789';
    const model = new ScriptedModel([turn([text('hello')])]);
    const registry = createDefaultRegistry();
    const session = new AgentSession({
      model,
      language: 'en',
      layers: [createAutouiLayer({catalog: registry, imageHosts: () => []})],
      servers: [{name: 'hosted', url: 'https://user:pw@mcp.example.org/mcp?api_key=QUERY-SECRET#frag', token: 'TOKEN-SECRET'}],
      serverWaitMs: 1,
    });
    session.configure({model: {provider: 'anthropic', apiKey: secretKey, allowBrowserKey: true}});
    session.configure({model});
    await session.ask('hi');
    const written = JSON.stringify(session.snapshot({conversation: true}));
    for (const secret of [secretKey, 'QUERY-SECRET', 'TOKEN-SECRET', 'pw@', 'frag']) expect(written).not.to.contain(secret);
    expect(session.snapshot().servers).to.deep.equal([{name: 'hosted', url: 'https://mcp.example.org/mcp'}]);
    session.close();
  });

  it('refuses another format or version with a typed error, and changes nothing', async () => {
    const model = new ScriptedModel([turn([call(DISPLAY, {name: 'stat', params: {label: 'Users', value: 3}})]), turn([text('ok')])]);
    const {session} = makeSession(model);
    await session.ask('q');
    const historyOf = () => session.snapshot({conversation: true}).conversation;
    const before = {widgets: session.widgets.list(), transcript: session.transcript, history: historyOf()};
    for (const bad of [{format: 'other', version: 1}, {format: 'autoui-snapshot', version: 2, widgets: []}, 'not json', '{"format":"autoui-snapshot","version":1,"widgets":{}}', 42]) {
      const error = await session.restore(bad).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(AutouiError.isInstance(error), JSON.stringify(bad)).to.equal(true);
      expect((error as AutouiError).code).to.equal(ErrorCodes.SNAPSHOT_INVALID);
      expect(session.widgets.list()).to.deep.equal(before.widgets);
      expect(historyOf()).to.deep.equal(before.history);
    }
    expect(session.transcript.slice(0, before.transcript.length)).to.deep.equal([...before.transcript]);
  });

  it('leaves out unknown types and invalid params with a notice, and shows the rest', async () => {
    const {session} = makeSession();
    const restored = await session.restore({
      format: 'autoui-snapshot',
      version: 1,
      createdAt: new Date().toISOString(),
      widgets: [
        {id: 'w_aaaaaa', type: 'stat', params: {label: 'Kept', value: 1}},
        {id: 'w_bbbbbb', type: 'no-such-widget', params: {}},
        {id: 'w_cccccc', type: 'stat', params: {value: 'not a label'}},
      ],
      transcript: [],
      servers: [],
    });
    expect(session.widgets.list().map((w) => [w.id, w.type, w.params])).to.deep.equal([['w_aaaaaa', 'stat', {label: 'Kept', value: 1}]]);
    expect(restored.dropped.map((d) => d.type)).to.deep.equal(['no-such-widget', 'stat']);
    const notice = session.transcript.at(-1);
    expect(notice?.kind === 'notice' && notice.reason).to.equal('restored');
    expect(notice?.kind === 'notice' && notice.restored?.dropped).to.deep.equal(['no-such-widget', 'stat']);
  });
});
