/**
 * The rules of a conversation, checked on `AgentSession` itself with the scripted model. Each
 * rule is a function that throws when the rule is broken; agent-session.test.ts runs every one
 * inside a Web Worker, where there is no DOM, so they also prove the session never needs one.
 * Real servers over HTTP where servers matter (the MCP test servers).
 */
import {expect} from '@esm-bundle/chai';
import {SERVERS} from '@test/servers';
import {AgentSession, type AgentSessionOptions} from '../../src/session/agent-session.js';
import {recordRuns} from '../../src/session/run-log.js';
import type {SessionEvent} from '../../src/session/session-events.js';
import type {ModelStreamPart} from '../../src/providers/language-model.js';
import type {ToolMessage} from '../../src/providers/model-messages.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {createWebMcpServer} from '../../src/webmcp/webmcp-server.js';
import type {WebMcpLayer} from '../../src/agent/types.js';
import {ScriptedModel, call, text, turn, type ScriptedTurn} from '../helpers/scripted-model.js';
import {dataLayer, displayLayer, type CallLog} from '../helpers/layers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A turn that streams `words` one at a time, `ms` apart, and stops early when the run is stopped. */
const slowText = (words: string[], ms = 20): ScriptedTurn => async function* (_request, signal) {
  for (const word of words) {
    if (signal?.aborted) return;
    await sleep(ms);
    yield {type: 'text-delta', delta: word} satisfies ModelStreamPart;
  }
  yield {type: 'finish', reason: 'stop'} satisfies ModelStreamPart;
};

/** A session over `model` with a data layer, a display layer and `options.layers`, and everything it says recorded. */
function session(model: ScriptedModel, options: AgentSessionOptions = {}, log: CallLog = {calls: []}) {
  const data = dataLayer('Data', [
    {name: 'query_sql', description: 'Run SQL', annotations: {readOnlyHint: true}, handler: () => '[{"n":3}]'},
    {name: 'save_query', description: 'Save a query', title: 'Save a query', handler: () => 'saved'},
  ], log);
  const s = new AgentSession({model, language: 'en', ...options, layers: [data, displayLayer(log), ...(options.layers ?? [])]});
  const events: SessionEvent[] = [];
  s.subscribe((e) => events.push(e));
  const types = () => events.map((e) => e.type);
  return {s, events, types, log, runs: recordRuns(s)};
}

/** The conversation as the model will read it with the next question (the snapshot's copy). */
const historyOf = (s: AgentSession) => s.snapshot({conversation: true}).conversation?.messages ?? [];

/** Resolves at the first event of `type` (or fails after 5 s). */
function next(s: AgentSession, type: SessionEvent['type']): Promise<SessionEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within 5 s`)), 5000);
    const off = s.subscribe((e) => {
      if (e.type !== type) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

const userTexts = (model: ScriptedModel, index: number) => model.requests[index].messages.filter((m) => m.role === 'user').map((m) => m.content);

/** Every rule, by the sentence it checks. */
export const sessionRules: Record<string, () => Promise<void>> = {
  async 'runs without a DOM'() {
    expect(typeof (globalThis as {document?: unknown}).document).to.equal('undefined');
  },

  async 'answers a question: events in order, the transcript, the widget store and the history'() {
    const model = new ScriptedModel([
      turn([text('Looking. '), call('data_mcp_query_sql', {sql: 'select 3'})]),
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Rows', value: 3}})]),
      turn([text('There are 3.')]),
    ]);
    const {s, types, events, runs} = session(model);
    const result = await s.ask('  How many rows?  ');
    expect(result.stopReason).to.equal('end_turn');
    expect(types().filter((t) => t !== 'step')).to.deep.equal(['run-start', 'text', 'message', 'tool-call', 'widget-create', 'widget-created', 'tool-call', 'text', 'message', 'run-end']);
    // The steps a view shows while the run works: each before what it announces.
    const steps = events.flatMap((e, i) => (e.type === 'step' ? [{...e.step, before: events.slice(i + 1).find((n) => n.type !== 'step')?.type}] : []));
    expect(steps).to.deep.equal([
      {kind: 'thinking', before: 'text'},
      {kind: 'calling', server: 'Data', tool: 'query_sql', before: 'tool-call'},
      {kind: 'thinking', before: 'widget-create'},
      {kind: 'drawing', widget: 'stat', before: 'widget-create'},
      {kind: 'thinking', before: 'text'},
    ]);
    expect(events[0]).to.deep.equal({type: 'run-start', question: 'How many rows?'});
    const [widget] = s.widgets.list();
    expect(widget).to.include({type: 'stat'});
    expect(result.widgets).to.deep.equal([{id: widget.id, type: 'stat', params: {label: 'Rows', value: 3}}]);
    expect(s.transcript.map((e) => e.kind)).to.deep.equal(['user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(s.transcript.filter((e) => e.kind === 'assistant').every((e) => e.kind === 'assistant' && !e.streaming)).to.equal(true);
    expect(historyOf(s).map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(s.running).to.equal(false);
    expect(runs.runs, 'the run log a debug console keeps').to.have.length(1);
    expect(runs.runs[0]).to.include({question: 'How many rows?', stopReason: 'end_turn'});
  },

  async 'the next question continues the conversation'() {
    const model = new ScriptedModel([turn([text('First answer.')]), turn([text('Second answer.')])]);
    const {s} = session(model);
    await s.ask('First?');
    await s.ask('Second?');
    expect(userTexts(model, 1)).to.deep.equal(['First?', 'Second?']);
  },

  async 'refuses an empty question without starting anything'() {
    const {s, types} = session(new ScriptedModel([]));
    const refusal = await s.ask('   ').then(() => undefined, (e: unknown) => e);
    expect(AutouiError.isInstance(refusal) && refusal.code).to.equal(ErrorCodes.INVALID_ARGUMENT);
    expect(types()).to.deep.equal(['error']);
    expect(s.transcript).to.deep.equal([]);
  },

  async 'one question at a time: a second is refused with a notice, and the first completes'() {
    const model = new ScriptedModel([slowText(['A ', 'slow ', 'answer.'])]);
    const {s, events} = session(model);
    const first = s.ask('First');
    await next(s, 'text');
    const refusal = await s.ask('Second').then(() => undefined, (e: unknown) => e);
    expect(AutouiError.isInstance(refusal) && refusal.code).to.equal(ErrorCodes.RUN_IN_PROGRESS);
    expect(events.filter((e) => e.type === 'notice').map((e) => e.type === 'notice' && e.notice.reason)).to.deep.equal(['busy']);
    const result = await first;
    expect(result.text).to.equal('A slow answer.');
    expect(model.requests, 'the refused question never reached the model').to.have.length(1);
    // The notice did not split the answer being streamed.
    expect(s.transcript.map((e) => e.kind)).to.deep.equal(['user', 'assistant', 'notice']);
  },

  async 'Stop while servers connect ends the question at once, and nothing reaches the model'() {
    const model = new ScriptedModel([turn([text('never')])]);
    const {s} = session(model);
    s.setServers([{name: 'sleepy', url: `${SERVERS['mcp-quirks'].replace(/\/mcp$/, '')}/hang`}]);
    expect(s.servers.map((srv) => srv.state)).to.deep.equal(['connecting']);
    const run = s.ask('Anyone there?');
    await sleep(50);
    const started = Date.now();
    s.abort();
    const result = await run;
    expect(result.stopReason).to.equal('aborted');
    expect(Date.now() - started, 'without waiting for the server').to.be.below(1000);
    expect(model.requests).to.have.length(0);
    expect(s.transcript.at(-1)).to.include({kind: 'notice', reason: 'aborted'});
    s.close();
  },

  async 'Stop while the engine loads ends the question at once, and nothing reaches the model'() {
    const model = new ScriptedModel([turn([text('never')])]);
    let preparing = false;
    const {s} = session(model, {prepare: () => ((preparing = true), new Promise<void>(() => {}))});
    const run = s.ask('Anyone there?');
    while (!preparing) await sleep(5);
    s.abort();
    expect((await run).stopReason).to.equal('aborted');
    expect(model.requests).to.have.length(0);
  },

  async 'clear() while the engine loads forgets the question, and a new one runs'() {
    const model = new ScriptedModel([turn([text('Fresh.')])]);
    let first = true;
    const {s} = session(model, {prepare: () => (first ? ((first = false), new Promise<void>(() => {})) : Promise.resolve())});
    const old = s.ask('Old question');
    await sleep(20);
    s.clear();
    expect((await old).stopReason).to.equal('aborted');
    expect(s.transcript, 'nothing of the old question is shown').to.deep.equal([]);
    expect(historyOf(s)).to.deep.equal([]);
    await s.ask('New question');
    expect(userTexts(model, 0)).to.deep.equal(['New question']);
  },

  async 'a failed question is not kept in the history: asked again, the model sees it once'() {
    const failing: ScriptedTurn = () => [{type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_HTTP, 'Overloaded (529)')}];
    const model = new ScriptedModel([failing, turn([text('Answer.')])]);
    const {s, events} = session(model);
    const failed = await s.ask('Retry me');
    expect(failed.stopReason).to.equal('error');
    expect(failed.error).to.deep.equal({code: ErrorCodes.PROVIDER_HTTP, message: 'Overloaded (529)'});
    expect(historyOf(s)).to.deep.equal([]);
    expect(events.filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.error.code)).to.deep.equal([ErrorCodes.PROVIDER_HTTP]);
    expect(s.transcript.at(-1)).to.include({kind: 'notice', reason: 'error', code: ErrorCodes.PROVIDER_HTTP, message: 'Overloaded (529)'});
    await s.ask('Retry me');
    expect(userTexts(model, 1)).to.deep.equal(['Retry me']);
  },

  async 'settings that cannot work fail the question with their code, before any request'() {
    const s = new AgentSession({model: {provider: 'gemini' as 'anthropic'}, language: 'en'});
    const result = await s.ask('Hello?');
    expect(result.stopReason).to.equal('error');
    expect(result.error?.code).to.equal(ErrorCodes.INVALID_ARGUMENT);
    expect(s.transcript.map((e) => e.kind)).to.deep.equal(['user', 'notice']);
  },

  async 'after clear(), nothing of the run that was going comes back: text, tool calls, widgets, history'() {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let lateWidget: unknown = 'not tried';
    const slowDisplay = createWebMcpServer('late', {
      description: 'Shows a widget once released',
      tools: [
        {
          name: 'show',
          description: 'Shows a stat after a while, whatever its signal says (as a careless tool would)',
          annotations: {readOnlyHint: true},
          execute: async (_args, context) => {
            started();
            await gate;
            lateWidget = context.widgets?.create({type: 'stat', params: {label: 'Late', value: 1}});
            return 'shown';
          },
        },
      ],
    }).layer;
    const model = new ScriptedModel([turn([text('Working. '), call('late_webmcp_show', {})]), turn([text('Done.')])]);
    const {s, events, runs} = session(model, {layers: [slowDisplay]});
    const run = s.ask('Show it late');
    await running;
    s.clear();
    const seen = events.length;
    const result = await run;
    release();
    await sleep(20);
    expect(result.stopReason).to.equal('aborted');
    expect(lateWidget, 'the tool found the canvas closed to it').to.equal(undefined);
    expect(s.widgets.list()).to.deep.equal([]);
    expect(s.transcript).to.deep.equal([]);
    expect(historyOf(s)).to.deep.equal([]);
    expect(runs.runs).to.deep.equal([]);
    expect(model.requests, 'no turn after the stop').to.have.length(1);
    expect(events.slice(seen).map((e) => e.type), 'only the end of the stopped run').to.deep.equal(['run-end']);
  },

  async 'a subscriber vetoes a widget: nothing is shown, and the model reads why'() {
    const model = new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'No', value: 0}})]), turn([text('ok')])]);
    const {s} = session(model);
    s.subscribe((e) => e.type === 'widget-create' && e.veto());
    const result = await s.ask('Show it');
    expect(s.widgets.list()).to.deep.equal([]);
    expect(result.widgets).to.deep.equal([]);
    expect(result.toolCalls[0].error).to.contain('vetoed');
  },

  async "the canvas a tool uses outside a question is the store behind the page's veto"() {
    const {s, types} = session(new ScriptedModel([]));
    s.subscribe((e) => e.type === 'widget-create' && e.widget.params.label === 'No' && e.veto());
    expect(s.canvas.create({type: 'stat', params: {label: 'No', value: 0}})).to.equal(undefined);
    const shown = s.canvas.create({type: 'stat', params: {label: 'Yes', value: 1}});
    expect(s.widgets.list().map((w) => w.id)).to.deep.equal([shown!.id]);
    expect(types()).to.deep.equal(['widget-create', 'widget-create', 'widget-created']);
  },

  async 'two sessions side by side share nothing'() {
    const a = session(new ScriptedModel([slowText(['A1 ', 'A2'], 15), turn([text('A again')])]));
    const b = session(new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'B', value: 2}})]), turn([text('B done')])]));
    const [ra, rb] = await Promise.all([a.s.ask('Question A'), b.s.ask('Question B')]);
    expect(ra.text).to.equal('A1 A2');
    expect(rb.text).to.equal('B done');
    expect(a.s.widgets.list()).to.deep.equal([]);
    expect(b.s.widgets.list().map((w) => w.params)).to.deep.equal([{label: 'B', value: 2}]);
    expect(a.types().includes('widget-created')).to.equal(false);
    a.s.clear();
    expect(historyOf(b.s), 'clearing one leaves the other').to.have.length(4);
    expect(b.s.transcript.map((e) => e.kind)).to.deep.equal(['user', 'tool', 'assistant']);
  },

  async 'a page layer with its own widget_display and a tool named recall works beside autoui'() {
    const designkit = createWebMcpServer('designkit', {
      description: 'The brand kit of this page',
      tools: [
        {
          name: 'widget_display',
          description: 'Shows a brand badge',
          displays: true,
          execute: (args, context) => {
            const shown = context.widgets?.create({type: 'badge', params: {label: String(args.label)}});
            return shown ? JSON.stringify({id: shown.id}) : 'not shown';
          },
        },
        {name: 'recall', description: 'The brand colours', annotations: {readOnlyHint: true}, execute: () => 'teal and sand'},
      ],
    }).layer;
    const model = new ScriptedModel([
      turn([call('designkit_webmcp_widget_display', {label: 'New'}), call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'N', value: 1}})]),
      turn([call('designkit_webmcp_recall', {}), call('data_mcp_query_sql', {sql: 'x'})]),
      turn([call('recall', {id: 'missing'})]),
      turn([text('Done.')]),
    ]);
    const {s} = session(model);
    s.addLayer(designkit);
    const result = await s.ask('Brand it');
    expect(result.toolCalls.map((c) => [c.name, c.error === undefined]), JSON.stringify(result.toolCalls.map((c) => [c.name, c.error]))).to.deep.equal([
      ['designkit_webmcp_widget_display', true],
      ['autoui_webmcp_widget_display', true],
      ['designkit_webmcp_recall', true],
      ['data_mcp_query_sql', true],
      // The loop's own recall answered, not the page's.
      ['recall', false],
    ]);
    expect(result.toolCalls[2].result).to.equal('teal and sand');
    expect(result.toolCalls[4].error).to.contain('No stored result has the id "missing"');
    expect(s.widgets.list().map((w) => w.type)).to.deep.equal(['badge', 'stat']);
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['badge', 'stat']);
    expect(model.toolNames(0)).to.include.members(['designkit_webmcp_widget_display', 'autoui_webmcp_widget_display']);
    // The loop's recall comes with the first results, whatever a layer names its tools.
    expect(model.toolNames(1)).to.include.members(['designkit_webmcp_recall', 'recall']);
    const results = (model.requests[1].messages.at(-1) as ToolMessage).content.map((p) => p.isError ?? false);
    expect(results).to.deep.equal([false, false]);
  },

  async 'a server that fails is told once (server-error, error, notice), and questions still run'() {
    const model = new ScriptedModel([turn([text('Still here.')])]);
    const {s, events} = session(model);
    s.setServers([{name: 'gone', url: 'http://127.0.0.1:9/mcp'}]);
    const failed = await next(s, 'server-error');
    expect(failed).to.include({name: 'gone'});
    expect(events.map((e) => e.type).filter((t) => t !== 'server-error')).to.deep.equal(['error', 'notice']);
    expect(s.servers[0].state).to.equal('error');
    expect((await s.ask('Hello?')).text).to.equal('Still here.');
    s.close();
  },

  async 'run-end comes after what the view settles, and the question counts as over by then'() {
    const order: string[] = [];
    const model = new ScriptedModel([turn([text('ok')])]);
    const {s} = session(model, {
      settle: async () => {
        await sleep(30);
        order.push('settled');
      },
    });
    s.subscribe((e) => e.type === 'run-end' && order.push(`run-end, running=${s.running}`));
    await s.ask('q');
    expect(order).to.deep.equal(['settled', 'run-end, running=false']);
  },
  async 'asks through the approval event: the transcript holds the request, the first valid answer counts'() {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'x'}), call('data_mcp_save_query', {name: 'n'})]), turn([text('Saved.')])]);
    const {s, log} = session(model);
    const run = s.ask('Save it');
    const asked = (await next(s, 'approval')) as Extract<SessionEvent, {type: 'approval'}>;
    expect(asked.request).to.include({server: 'data', tool: 'save_query', title: 'Save a query'});
    expect(log.calls.map((c) => c.tool), 'the read-only call ran, the write waits').to.deep.equal(['query_sql']);
    expect(s.transcript.at(-1)).to.deep.include({kind: 'approval', state: 'pending'});
    asked.respond('allow');
    asked.respond('deny');
    const result = await run;
    expect(result.toolCalls.map((c) => c.error ?? 'ok')).to.deep.equal(['ok', 'ok']);
    expect(log.calls.map((c) => c.tool)).to.deep.equal(['query_sql', 'save_query']);
    expect(s.transcript.find((e) => e.kind === 'approval')).to.deep.include({state: 'allowed'});
  },

  async 'an app answers with the askApproval hook; "always" holds for the session until clear()'() {
    const asked: string[] = [];
    const model = new ScriptedModel([
      turn([call('data_mcp_save_query', {n: 1})]),
      turn([call('data_mcp_save_query', {n: 2})]),
      turn([text('Both.')]),
      turn([call('data_mcp_save_query', {n: 3})]),
      turn([text('Third.')]),
    ]);
    const {s, log} = session(model, {
      askApproval: async (request) => {
        asked.push(String(request.args.n));
        return asked.length === 1 ? 'allow-always' : {decision: 'deny', reason: 'Enough.'};
      },
    });
    await s.ask('Save twice');
    expect(asked).to.deep.equal(['1']);
    expect(log.calls.map((c) => c.args.n)).to.deep.equal([1, 2]);
    s.clear();
    const third = await s.ask('Once more');
    expect(asked).to.deep.equal(['1', '3']);
    expect(third.toolCalls[0].errorCode).to.equal(ErrorCodes.TOOL_DENIED);
    expect(third.toolCalls[0].error).to.contain('Enough.');
  },

  async 'with no hook and nobody subscribed, a call that needs approval is denied, not left waiting'() {
    const log: CallLog = {calls: []};
    const data = dataLayer('Data', [{name: 'save_query', description: 'Save'}], log);
    const model = new ScriptedModel([turn([call('data_mcp_save_query', {})]), turn([text('Could not.')])]);
    const s = new AgentSession({model, language: 'en', layers: [data, displayLayer()]});
    const result = await s.ask('Save it');
    expect(result.toolCalls[0].errorCode).to.equal(ErrorCodes.TOOL_DENIED);
    expect(log.calls).to.deep.equal([]);
  },

  async 'approve: never on the session skips the question'() {
    const model = new ScriptedModel([turn([call('data_mcp_save_query', {})]), turn([text('ok')])]);
    const {s, types, log} = session(model, {approve: 'never'});
    await s.ask('Save it');
    expect(types()).to.not.include('approval');
    expect(log.calls.map((c) => c.tool)).to.deep.equal(['save_query']);
  },

  async 'Stop and clear() deny a call that waits, and end the run'() {
    for (const end of ['abort', 'clear'] as const) {
      const model = new ScriptedModel([turn([call('data_mcp_save_query', {})]), turn([text('never')])]);
      const {s, log, events} = session(model);
      const run = s.ask('Save it');
      await next(s, 'approval');
      s[end]();
      const result = await run;
      expect(result.stopReason, end).to.equal('aborted');
      expect(log.calls, end).to.deep.equal([]);
      expect(model.requests, end).to.have.length(1);
      expect(events.find((e) => e.type === 'approval-settled'), end).to.deep.include({state: 'stopped'});
    }
  },
  async 'a hook that resolves with no decision denies the call instead of leaving it waiting'() {
    const model = new ScriptedModel([turn([call('data_mcp_save_query', {})]), turn([text('Could not.')])]);
    const {s, log} = session(model, {askApproval: async () => 'yes' as never});
    const result = await s.ask('Save it');
    expect(result.toolCalls[0].errorCode).to.equal(ErrorCodes.TOOL_DENIED);
    expect(log.calls.map((c) => c.tool)).to.deep.equal([]);
  },

  async 'the hook is told (its signal aborts) when a subscriber answered first'() {
    let hookSignal: AbortSignal | undefined;
    const model = new ScriptedModel([turn([call('data_mcp_save_query', {})]), turn([text('ok')])]);
    const {s} = session(model, {
      askApproval: (_request, signal) => {
        hookSignal = signal;
        return new Promise(() => {});
      },
    });
    s.subscribe((e) => {
      if (e.type === 'approval') setTimeout(() => e.respond('allow'), 20);
    });
    const result = await s.ask('Save it');
    expect(result.toolCalls[0].error).to.equal(undefined);
    expect(hookSignal?.aborted).to.equal(true);
  },

  async '"always" is per server URL for servers, and per layer object for in-page layers'() {
    const log: CallLog = {calls: []};
    const saveTool = [{name: 'save_query', description: 'Save'}];
    const a = dataLayer('A', saveTool, log, {serverUrl: 'https://a.example/mcp'});
    const b = dataLayer('B', saveTool, log, {serverUrl: 'https://b.example/mcp'});
    const page = (): WebMcpLayer => createWebMcpServer('shop', {description: 'Shop', tools: [{name: 'order', description: 'Order', execute: () => 'ordered'}]}).layer;
    const asked: string[] = [];
    const model = new ScriptedModel([
      turn([call('a_mcp_save_query', {}), call('shop_webmcp_order', {})]),
      turn([call('a_mcp_save_query', {}), call('b_mcp_save_query', {}), call('shop_webmcp_order', {})]),
      turn([text('ok')]),
      turn([call('shop_webmcp_order', {})]),
      turn([text('ok')]),
    ]);
    const s = new AgentSession({model, language: 'en', layers: [a, b, page()], askApproval: async (request) => (asked.push(request.name), 'allow-always')});
    await s.ask('Twice');
    expect(asked).to.deep.equal(['a_mcp_save_query', 'shop_webmcp_order', 'b_mcp_save_query']);
    s.addLayer(page());
    await s.ask('Again, with the page\'s new shop');
    expect(asked.slice(3)).to.deep.equal(['shop_webmcp_order']);
  },

};
