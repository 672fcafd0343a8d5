/**
 * `persistSession` over the browser's real IndexedDB, and the format's shipped JSON Schema: a
 * session kept under a key comes back in a new session with its "always allow" answers for MCP
 * servers (a snapshot alone never brings one), a question asked while the copy is read waits for
 * it, and every snapshot the session writes validates against schemas/autoui-snapshot.schema.json.
 */
import {expect} from '@open-wc/testing';
import {AgentSession} from '../../src/session/agent-session.js';
import {persistSession} from '../../src/session/persist-session.js';
import {indexedDbStorage} from '../../src/session/session-storage.js';
import {createRuntimeValidator} from '../../src/schema/validator.js';
import type {JsonSchema} from '../../src/schema/json-schema.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {dataLayer, type CallLog} from '../helpers/layers.js';

const SAVE = 'data_mcp_save_query';

/** A session whose data layer (at a fixed URL) has a tool that needs approval, answered by `answer`. */
function makeSession(model: ScriptedModel, answer: () => 'allow' | 'allow-always' | 'deny', asked: string[], log: CallLog = {calls: []}) {
  const data = dataLayer('data', [{name: 'save_query', description: 'Save a query', title: 'Save a query', handler: () => 'saved'}], log, {serverUrl: 'https://data.example.org/mcp'});
  const autoui = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
  return new AgentSession({
    model,
    language: 'en',
    layers: [data, autoui],
    askApproval: async (request) => {
      asked.push(request.tool);
      return answer();
    },
  });
}

const key = () => `test-${Math.random().toString(36).slice(2)}`;

describe('persistSession', () => {
  it('keeps "always allow" for an MCP tool with the stored copy, and a restored snapshot alone never approves', async () => {
    const storage = indexedDbStorage();
    const name = key();
    const asked: string[] = [];
    const first = makeSession(new ScriptedModel([turn([call(SAVE, {sql: 'select 1'})]), turn([text('saved')])]), () => 'allow-always', asked);
    const kept = persistSession(first, {key: name, storage, debounceMs: 10});
    await kept.restored;
    await first.ask('save it');
    expect(asked).to.deep.equal(['save_query']);
    expect(first.alwaysAllowed).to.deep.equal(['https://data.example.org/mcp\nsave_query']);
    await kept.flush();
    const snapshot = first.snapshot({conversation: true});

    // A new session over the stored copy: the same tool runs without asking.
    const asked2: string[] = [];
    const log: CallLog = {calls: []};
    const second = makeSession(new ScriptedModel([turn([call(SAVE, {sql: 'select 2'})]), turn([text('saved again')])]), () => 'deny', asked2, log);
    const again = persistSession(second, {key: name, storage});
    // Asked before the copy is read: the question waits for it, and continues it.
    const result = await second.ask('save another');
    expect((await again.restored)?.conversation).to.equal(true);
    expect(asked2, 'no question: always allowed').to.deep.equal([]);
    expect(log.calls.map((c) => c.args)).to.deep.equal([{sql: 'select 2'}]);
    expect(result.messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['save it', 'save another']);

    // The same snapshot restored with restore() brings the conversation, never the approval.
    const asked3: string[] = [];
    const third = makeSession(new ScriptedModel([turn([call(SAVE, {sql: 'select 3'})]), turn([text('denied')])]), () => 'deny', asked3);
    await third.restore(snapshot);
    await third.ask('and again');
    expect(asked3).to.deep.equal(['save_query']);
    again.stop();
    await storage.erase(name);
  });

  it('writes snapshots that validate against the JSON Schema shipped in the package', async () => {
    const schema = (await (await fetch('/schemas/autoui-snapshot.schema.json')).json()) as JsonSchema;
    const validator = createRuntimeValidator(schema);
    const asked: string[] = [];
    const model = new ScriptedModel([
      turn([text('Looking.'), call(SAVE, {sql: 'x'})]),
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Users', value: 3}}), call('autoui_webmcp_widget_display', {name: 'nope', params: {}})]),
      turn([text('Done.')]),
    ]);
    const session = makeSession(model, () => 'deny', asked);
    await session.ask('q');
    session.widgets.move(session.widgets.list()[0].id, 5, 6);
    session.widgets.style(session.widgets.list()[0].id, {color: 'red'});
    for (const snapshot of [session.snapshot(), session.snapshot({conversation: true})]) {
      const result = validator.validate(snapshot);
      expect(result.valid, JSON.stringify(!result.valid && result.errors)).to.equal(true);
    }
    const kinds = session.snapshot().transcript.map((e) => e.kind);
    expect(kinds).to.include.members(['user', 'assistant', 'approval', 'tool']);
    // And the schema is not a rubber stamp: a tool call with its result, or a foreign style, fails it.
    const bad = session.snapshot();
    const tool = bad.transcript.find((e) => e.kind === 'tool')!;
    (tool as {call: Record<string, unknown>}).call.result = 'secret rows';
    expect(validator.validate(bad).valid).to.equal(false);
    const styled = session.snapshot();
    styled.widgets[0].style = {'background-image': 'url(x)'};
    expect(validator.validate(styled).valid).to.equal(false);
  });
});
