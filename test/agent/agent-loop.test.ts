import {expect} from '@open-wc/testing';
import {runAgentLoop, type AgentResult} from '../../src/agent/agent-loop.js';
import type {ToolCall} from '../../src/agent/dispatcher.js';
import type {ToolMessage} from '../../src/providers/model-messages.js';
import type {ModelRequest} from '../../src/providers/language-model.js';
import {ResultBuffer} from '../../src/agent/result-buffer.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {ScriptedModel, call, text, turn, type ScriptedTurn} from '../helpers/scripted-model.js';
import {dataLayer, displayLayer, type CallLog} from '../helpers/layers.js';
import {WidgetStore} from '../../src/session/widget-store.js';

const bigRows = (n: number) => JSON.stringify(Array.from({length: n}, (_, i) => ({id: i, name: `row ${i}`, value: i * 3.5})));

const data = (log?: CallLog, handlers: Record<string, (a: Record<string, unknown>) => unknown> = {}) =>
  dataLayer(
    'Data',
    [
      {name: 'query_sql', description: 'Run SQL', handler: (a) => (handlers.query_sql ? (handlers.query_sql(a) as string) : bigRows(40))},
      {name: 'big', description: 'A very large result', handler: () => bigRows(1000)},
      {name: 'boom', description: 'Always throws', handler: () => { throw new Error('disk on fire'); }},
      {name: 'slow', description: 'Never answers unless aborted', handler: (_a, ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)))},
    ],
    log,
  );

/** Tool results the model received in request `index`. */
const toolResults = (model: ScriptedModel, index: number) =>
  model.requests[index].messages.filter((m): m is ToolMessage => m.role === 'tool').flatMap((m) => m.content);

describe('runAgentLoop', () => {
  it('names the local files a result read under every widget the run shows after it, and only then', async () => {
    const files = dataLayer('Files', [{name: 'query', description: 'Query the attached files', handler: () => ({text: '[[1]]', sources: ['sales.csv']})}]);
    const model = new ScriptedModel([
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Before', value: 1}})]),
      turn([call('files_mcp_query', {})]),
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'After', value: 2}})]),
      turn([text('Done.')]),
    ]);
    const canvas = new WidgetStore();
    await runAgentLoop('Sum the sales', {provider: model, layers: [files, displayLayer()], widgets: canvas});
    expect(canvas.list().map((w) => [w.params.label, w.source])).to.deep.equal([
      ['Before', undefined],
      ['After', {files: ['sales.csv']}],
    ]);
    // The record is the run's: the next question's widgets start with none.
    const next = new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Next', value: 3}})]), turn([text('Done.')])]);
    await runAgentLoop('Again', {provider: next, layers: [files, displayLayer()], widgets: canvas});
    expect(canvas.list().at(-1)?.source).to.equal(undefined);
  });

  it('runs question → tools → widget → answer, with metrics, usage and streamed text', async () => {
    const deltas: string[] = [];
    const calls: ToolCall[] = [];
    const messages: string[] = [];
    const model = new ScriptedModel([
      turn([text('Let me look. '), call('data_mcp_query_sql', {sql: 'select 1'})], {inputTokens: 100, outputTokens: 10, cacheReadTokens: 50}),
      turn([call('autoui_webmcp_widget_display', {name: 'table', params: {rows: []}})], {inputTokens: 200, outputTokens: 20}),
      turn([text('Here '), text('it is.')], {inputTokens: 300, outputTokens: 30}),
    ]);
    const canvas = new WidgetStore();
    const result = await runAgentLoop('Show the table', {
      provider: model,
      layers: [data(), displayLayer()],
      widgets: canvas,
      callbacks: {onText: (d) => deltas.push(d), onToolCall: (c) => calls.push(c), onMessage: (m) => messages.push(m.text)},
    });
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal('Here it is.');
    expect(result.iterations).to.equal(3);
    expect(deltas.join('')).to.equal('Let me look. Here it is.');
    expect(messages).to.deep.equal(['Let me look. ', 'Here it is.']);
    expect(result.usage).to.deep.equal({inputTokens: 600, outputTokens: 60, cacheReadTokens: 50});
    // What the display tool showed on the run's canvas is the run's widgets.
    expect(canvas.list().map(({id, type, params}) => ({id, type, params}))).to.deep.equal(result.widgets);
    expect(result.widgets).to.have.length(1);
    expect(result.widgets[0]).to.include({type: 'table'}).and.have.property('id').that.matches(/^w_[a-z0-9]{6}$/);
    expect(calls.map((c) => c.name)).to.deep.equal(['data_mcp_query_sql', 'autoui_webmcp_widget_display']);
    expect(calls[0]).to.include({server: 'data', tool: 'query_sql', guided: false});
    expect(calls[0].elapsed).to.be.a('number');
    // Every tool_use of the conversation has exactly one tool_result.
    const uses = result.messages.flatMap((m) => (m.role === 'assistant' ? m.content.filter((p) => p.type === 'tool-call').map((p) => (p as {id: string}).id) : []));
    const answered = result.messages.flatMap((m) => (m.role === 'tool' ? m.content.map((p) => p.toolCallId) : []));
    expect(answered).to.deep.equal(uses);
  });

  it('marks calls made after a discovery tool as guided', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {a: 1}), call('data_mcp_list_tools'), call('data_mcp_query_sql', {a: 2})])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data()]});
    expect(result.toolCalls.map((c) => c.guided)).to.deep.equal([false, false, true]);
  });

  it('truncates results over 10,000 characters for the model; recall gives them back in parts of at most 10,000, each naming the next', async () => {
    const full = bigRows(1000);
    const lastResult = (request: ModelRequest) => request.messages.filter((m): m is ToolMessage => m.role === 'tool').at(-1)!.content.at(-1)!.output;
    // A model that follows each part's note to the next part, as the note tells it to.
    const followParts = (request: ModelRequest) => {
      const next = /"offset": (\d+)\}\) for the next part\]$/.exec(lastResult(request));
      return next ? turn([call('recall', {id: 'toolu_big', offset: Number(next[1])})]) : turn([text('done')]);
    };
    const model = new ScriptedModel([turn([call('data_mcp_big', {}, 'toolu_big')]), turn([call('recall', {id: 'toolu_big'})]), ...Array<ScriptedTurn>(20).fill(followParts)]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()], maxIterations: 30});
    const seen = toolResults(model, 1)[0].output;
    expect(seen.length).to.equal(10_000);
    expect(seen).to.contain(`[recall('toolu_big') for the full result, ${full.length} chars]`);
    expect(result.toolCalls[0].result).to.equal(full);
    const parts = result.toolCalls.slice(1).map((c) => c.result);
    expect(parts.length, 'the result comes back in several parts').to.be.greaterThan(2);
    for (const part of parts) expect(part.length).to.be.at.most(10_000);
    expect(parts.at(-1)).to.match(new RegExp(`\\[characters \\d+–${full.length} of ${full.length}: the end\\]$`));
    // The parts, their notes taken off, are the full text, in order.
    expect(parts.map((p) => p.replace(/… \[characters [^\]]*\]$/, '')).join('')).to.equal(full);
  });

  it('a small model gets recalled parts of its own result size (4,000 characters), not the large model\'s', async () => {
    class SmallModel extends ScriptedModel {
      readonly small = true;
    }
    const model = new SmallModel([turn([call('data_mcp_big', {}, 'toolu_small_big')]), turn([call('recall', {id: 'toolu_small_big'})]), turn([text('done')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()]});
    const part = result.toolCalls[1].result;
    expect(part.length).to.be.at.most(4_000).and.above(3_000);
    expect(part).to.match(/"offset": \d+\}\) for the next part\]$/);
  });

  it('recall of a result that fits in one part gives it whole; an offset past the end is an error the model can act on', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'a'}, 'toolu_small')]), turn([call('recall', {id: 'toolu_small'}), call('recall', {id: 'toolu_small', offset: 1_000_000})]), turn([text('done')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()]});
    expect(result.toolCalls[1].result).to.equal(bigRows(40));
    expect(result.toolCalls[2].errorCode).to.equal('TOOL_INPUT_INVALID');
    expect(result.toolCalls[2].error).to.contain('past its end');
  });

  it('compresses results older than the last two iterations to 200 characters, and recall brings them back', async () => {
    const model = new ScriptedModel([
      turn([call('data_mcp_query_sql', {sql: 'a'}, 'toolu_old')]),
      turn([call('data_mcp_query_sql', {sql: 'b'})]),
      turn([call('data_mcp_query_sql', {sql: 'c'})]),
      turn([call('recall', {id: 'toolu_old'})]),
      turn([text('ok')]),
    ]);
    await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()]});
    const full = bigRows(40);
    // Request 3 (after iteration 2): the first result is still whole (last two iterations).
    expect(toolResults(model, 2)[0].output).to.equal(full);
    // Request 4 (after iteration 3): iteration 1 is now old.
    const old = toolResults(model, 3)[0].output;
    expect(old).to.equal(`${full.slice(0, 200)}… [recall('toolu_old') for the full result, ${full.length} chars]`);
    expect(toolResults(model, 3)[1].output).to.equal(full);
    // The recall answer is the full, untruncated text.
    expect(toolResults(model, 4)[3].output).to.equal(full);
  });

  it('compresses the results of earlier questions in a follow-up, and recall still brings them back', async () => {
    const full = bigRows(40);
    const buffer = new ResultBuffer();
    const first = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'a'}, 'toolu_q1')]), turn([text('done')])]);
    const one = await runAgentLoop('q1', {provider: first, layers: [data(), displayLayer()], resultBuffer: buffer});
    const second = new ScriptedModel([
      turn([call('data_mcp_query_sql', {sql: 'b'})]),
      turn([call('recall', {id: 'toolu_q1'})]),
      turn([text('ok')]),
    ]);
    await runAgentLoop('q2', {provider: second, layers: [data(), displayLayer()], history: one.messages, resultBuffer: buffer});
    // The follow-up's first request still has the last answer's data whole; after one iteration it is old.
    expect(toolResults(second, 0)[0].output).to.equal(full);
    expect(toolResults(second, 1)[0].output).to.equal(`${full.slice(0, 200)}… [recall('toolu_q1') for the full result, ${full.length} chars]`);
    expect(toolResults(second, 2)[2].output).to.equal(full);
  });

  it('offers recall from the first tool result on: not in a first request with nothing to recall, but in a follow-up that has results', async () => {
    const first = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'a'})]), turn([text('done')])]);
    const one = await runAgentLoop('q1', {provider: first, layers: [data(), displayLayer()]});
    expect(first.toolNames(0)).to.not.include('recall');
    expect(first.toolNames(1)).to.include('recall');
    const second = new ScriptedModel([turn([text('ok')])]);
    await runAgentLoop('q2', {provider: second, layers: [data(), displayLayer()], history: one.messages});
    expect(second.toolNames(0)).to.include('recall');
    // Words only: nothing to recall in this conversation yet.
    const words = new ScriptedModel([turn([text('hi')])]);
    await runAgentLoop('q', {provider: words, layers: [data(), displayLayer()], history: [{role: 'user', content: 'hello'}, {role: 'assistant', content: [{type: 'text', text: 'hi'}]}]});
    expect(words.toolNames(0)).to.not.include('recall');
  });

  it('adopts the results of a history passed without its buffer, so they compress and recall too', async () => {
    const full = bigRows(40);
    const first = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'a'}, 'toolu_h1')]), turn([text('done')])]);
    const one = await runAgentLoop('q1', {provider: first, layers: [data(), displayLayer()]});
    const second = new ScriptedModel([turn([call('data_mcp_query_sql', {sql: 'b'})]), turn([call('recall', {id: 'toolu_h1'})]), turn([text('ok')])]);
    await runAgentLoop('q2', {provider: second, layers: [data(), displayLayer()], history: one.messages});
    expect(toolResults(second, 1)[0].output).to.contain("[recall('toolu_h1')");
    expect(toolResults(second, 2)[2].output).to.equal(full);
  });

  it('leaves short results alone when compressing', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_query_sql', {q: 1})]), turn([call('data_mcp_list_tools')]), turn([call('data_mcp_list_tools', {x: 1})]), turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [data(undefined, {query_sql: () => 'short'}), displayLayer()]});
    expect(toolResults(model, 3)[0].output).to.equal('short');
  });

  it('the seed\'s name for recall, autoui_webmcp_recall, still recalls', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_big', {}, 'toolu_big')]), turn([call('autoui_webmcp_recall', {id: 'toolu_big'})]), turn([text('done')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()]});
    expect(result.toolCalls[1]).to.not.have.property('error');
    const part = toolResults(model, 2)[1].output;
    expect(part.length).to.be.at.most(10_000);
    expect(bigRows(1000).startsWith(part.replace(/… \[characters [^\]]*\]$/, '')), 'the first part of the result').to.equal(true);
    expect(part).to.match(/recall\(\{"id": "toolu_big", "offset": \d+\}\) for the next part\]$/);
  });

  it('recall of an unknown id is an error the model can act on', async () => {
    const model = new ScriptedModel([turn([call('recall', {id: 'nope'})])]);
    const result = await runAgentLoop('q', {provider: model, layers: [displayLayer()]});
    expect(result.toolCalls[0].error).to.contain('No stored result has the id "nope"');
  });

  it('a throwing tool becomes an error result and the loop goes on', async () => {
    const model = new ScriptedModel([turn([call('data_mcp_boom')]), turn([text('Sorry, the data is unavailable.')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data()]});
    expect(result.stopReason).to.equal('end_turn');
    expect(result.toolCalls[0].error).to.equal('data_mcp_boom failed: disk on fire');
    expect(result.toolCalls[0].errorCode).to.equal(ErrorCodes.TOOL_FAILED);
    expect(toolResults(model, 1)[0]).to.include({isError: true, output: 'data_mcp_boom failed: disk on fire'});
  });

  it('an unknown tool, an unknown server and unusable arguments are error results, never executed', async () => {
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([
      turn([
        call('data_mcp_nope'),
        call('ghost_mcp_x'),
        call('no_prefix'),
        {type: 'tool-call', id: 'toolu_bad', name: 'data_mcp_query_sql', input: {}, inputError: 'Unexpected end of JSON input'},
      ]),
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(log)]});
    expect(log.calls).to.deep.equal([]);
    const [unknownTool, unknownServer, noPrefix, badInput] = result.toolCalls;
    expect(unknownTool.error).to.contain('has no tool "nope"').and.contain('list_tools({"server": "data"})');
    expect(unknownServer.error).to.contain('Unknown tool "ghost_mcp_x"');
    expect(noPrefix.error).to.contain('{server}_{mcp|webmcp}_{tool}');
    expect(badInput).to.include({errorCode: ErrorCodes.TOOL_INPUT_INVALID});
    expect(badInput.error).to.contain('Nothing was executed');
  });

  it('refuses the third identical call in a run', async () => {
    const log: CallLog = {calls: []};
    const same = () => call('data_mcp_query_sql', {sql: 'select 1', limit: 5});
    const model = new ScriptedModel([turn([same()]), turn([same()]), turn([call('data_mcp_query_sql', {limit: 5, sql: 'select 1'})]), turn([text('ok')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [data(log)]});
    expect(log.calls.length).to.equal(2);
    expect(result.toolCalls[2].error).to.contain('Repeated call');
  });

  it('withdraws discovery tools after 4 iterations without a widget, and nudges once after 5', async () => {
    const model = new ScriptedModel(Array.from({length: 7}, (_, i) => turn([call('data_mcp_query_sql', {i})])));
    const result = await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()], maxIterations: 7, lang: 'en'});
    expect(result.stopReason).to.equal('max_iterations');
    expect(result.iterations).to.equal(7);
    for (let i = 0; i < 4; i++) expect(model.toolNames(i)).to.include('list_tools');
    expect(model.toolNames(4)).to.not.include('list_tools');
    expect(model.toolNames(4)).to.not.include('autoui_webmcp_search_recipes');
    expect(model.toolNames(4)).to.include.members(['data_mcp_query_sql', 'autoui_webmcp_widget_display']);
    const nudges = (i: number) => model.requests[i].messages.filter((m) => m.role === 'user' && m.content.includes('without displaying anything')).length;
    expect(nudges(4)).to.equal(0);
    expect(nudges(5)).to.equal(1);
    expect(nudges(6)).to.equal(1);
  });

  it('the no-render guard withdraws the discovery tools only, not a server\'s own tool that happens to be called search_tools', async () => {
    const layer = dataLayer('Data', [{name: 'query_sql', description: 'Run SQL'}, {name: 'search_tools', description: 'Search the tool shed inventory'}]);
    const model = new ScriptedModel(Array.from({length: 5}, (_, i) => turn([call('data_mcp_query_sql', {i})])));
    await runAgentLoop('q', {provider: model, layers: [layer, displayLayer()], maxIterations: 5});
    expect(model.toolNames(4)).to.not.include('search_tools');
    expect(model.toolNames(4)).to.include('data_mcp_search_tools');
  });

  it('a widget resets the no-render guard', async () => {
    const model = new ScriptedModel([
      ...Array.from({length: 3}, (_, i) => turn([call('data_mcp_query_sql', {i})])),
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {}})]),
      ...Array.from({length: 3}, (_, i) => turn([call('data_mcp_query_sql', {j: i})])),
    ]);
    await runAgentLoop('q', {provider: model, layers: [data(), displayLayer()], maxIterations: 7, widgets: new WidgetStore()});
    expect(model.toolNames(6)).to.include('list_tools');
  });

  it('stops at max iterations', async () => {
    const model = new ScriptedModel(Array.from({length: 5}, (_, i) => turn([call('data_mcp_query_sql', {i})])));
    const result = await runAgentLoop('q', {provider: model, layers: [data()], maxIterations: 2});
    expect(result.stopReason).to.equal('max_iterations');
    expect(model.requests.length).to.equal(2);
  });

  it('reports max_tokens when the model was cut off without tool calls', async () => {
    const model = new ScriptedModel([[text('The answer is'), {type: 'finish', reason: 'length'}]]);
    const result = await runAgentLoop('q', {provider: model, layers: []});
    expect(result.stopReason).to.equal('max_tokens');
    expect(result.text).to.equal('The answer is');
  });

  it('a provider error ends the run with its code and keeps the partial text', async () => {
    const model = new ScriptedModel([
      [text('Partial ans'), {type: 'error', error: new AutouiError(ErrorCodes.PROVIDER_STREAM, 'overloaded_error: Overloaded')}],
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: [data()]});
    expect(result.stopReason).to.equal('error');
    expect(result.error).to.deep.equal({code: 'PROVIDER_STREAM', message: 'overloaded_error: Overloaded'});
    expect(result.text).to.equal('Partial ans');
    expect(result.messages.at(-1)).to.deep.equal({role: 'assistant', content: [{type: 'text', text: 'Partial ans'}]});
  });

  it('a provider that throws is reported, not thrown', async () => {
    const model = new ScriptedModel([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: []});
    expect(result.stopReason).to.equal('error');
    expect(result.error!.message).to.contain('Failed to fetch');
  });

  it('aborting during a tool call stops at once, closes every pending call and keeps the transcript valid', async () => {
    const controller = new AbortController();
    const log: CallLog = {calls: []};
    const model = new ScriptedModel([turn([call('data_mcp_slow', {}, 'toolu_slow'), call('data_mcp_query_sql', {}, 'toolu_never')])]);
    const running = runAgentLoop('q', {provider: model, layers: [data(log)], signal: controller.signal});
    setTimeout(() => controller.abort(), 50);
    const result = await running;
    expect(result.stopReason).to.equal('aborted');
    expect(log.calls.map((c) => c.tool)).to.deep.equal(['slow']);
    const tool = result.messages.at(-1) as ToolMessage;
    expect(tool.content.map((p) => [p.toolCallId, p.isError])).to.deep.equal([
      ['toolu_slow', true],
      ['toolu_never', true],
    ]);
    expect(result.toolCalls[0].errorCode).to.equal(ErrorCodes.ABORTED);
  });

  it('aborting during the stream ignores late chunks', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const model = new ScriptedModel([
      async function* () {
        yield text('early ');
        controller.abort();
        yield text('late');
        yield call('data_mcp_query_sql');
      },
    ]);
    const log: CallLog = {calls: []};
    const result = await runAgentLoop('q', {provider: model, layers: [data(log)], signal: controller.signal, callbacks: {onText: (d) => deltas.push(d)}});
    expect(result.stopReason).to.equal('aborted');
    expect(deltas).to.deep.equal(['early ']);
    expect(log.calls).to.deep.equal([]);
  });

  it('an already aborted signal makes no request', async () => {
    const model = new ScriptedModel([]);
    const controller = new AbortController();
    controller.abort();
    const result = await runAgentLoop('q', {provider: model, layers: [], signal: controller.signal});
    expect(result.stopReason).to.equal('aborted');
    expect(model.requests.length).to.equal(0);
  });

  it('times out a tool call that makes no progress, and progress keeps it alive', async () => {
    let ticks = 0;
    const layer = dataLayer('Jobs', [
      {name: 'stuck', handler: () => new Promise<string>(() => {})},
      {
        name: 'busy',
        handler: (_a, ctx) =>
          new Promise<string>((resolve) => {
            const timer = setInterval(() => {
              ctx.reportProgress();
              if (++ticks === 6) {
                clearInterval(timer);
                resolve('finished after progress');
              }
            }, 40);
          }),
      },
    ]);
    const model = new ScriptedModel([turn([call('jobs_mcp_stuck'), call('jobs_mcp_busy')]), turn([text('ok')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [layer], toolTimeoutMs: 100});
    expect(result.toolCalls[0].errorCode).to.equal(ErrorCodes.TOOL_TIMEOUT);
    expect(result.toolCalls[0].error).to.contain('did not answer within');
    // 6 × 40 ms is well past the 100 ms timeout, but every tick reported progress.
    expect(result.toolCalls[1].result).to.equal('finished after progress');
  });

  it('unflattens arguments before dispatch when schemas are flattened', async () => {
    const log: CallLog = {calls: []};
    const layer = dataLayer('Geo', [{name: 'near', inputSchema: {type: 'object', properties: {center: {type: 'object', properties: {lat: {type: 'number'}, lng: {type: 'number'}}}}}}], log);
    const model = new ScriptedModel([turn([call('geo_mcp_near', {center__lat: 1, center__lng: 2})]), turn([text('ok')])]);
    await runAgentLoop('q', {provider: model, layers: [layer], flatten: true, eagerTools: true});
    expect(Object.keys(model.requests[0].tools[0].input_schema.properties as object)).to.deep.equal(['center__lat', 'center__lng']);
    expect(log.calls[0].args).to.deep.equal({center: {lat: 1, lng: 2}});
  });

  it('a callback that throws does not break the run', async () => {
    const model = new ScriptedModel([turn([text('hi'), call('data_mcp_query_sql')]), turn([text('bye')])]);
    const result = await runAgentLoop('q', {
      provider: model,
      layers: [data()],
      callbacks: {
        onText: () => { throw new Error('page bug'); },
        onToolCall: () => { throw new Error('page bug'); },
      },
    });
    expect(result.stopReason).to.equal('end_turn');
    expect(result.text).to.equal('bye');
  });

  it('continues a conversation from history', async () => {
    const model = new ScriptedModel([turn([text('first')]), turn([text('second')])]);
    const first = await runAgentLoop('one', {provider: model, layers: []});
    await runAgentLoop('two', {provider: model, layers: [], history: first.messages});
    expect(model.requests[1].messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
  });

  it('two runs side by side share no aliases, activations or buffers', async () => {
    const logA: CallLog = {calls: []};
    const logB: CallLog = {calls: []};
    // Both servers are named "Recipes": in run A the role is played by browse_skills, in B by list_templates.
    const layerA = dataLayer('Recipes', [{name: 'browse_skills', handler: async () => { await new Promise((r) => setTimeout(r, 30)); return 'A list'; }}, {name: 'a_only'}], logA);
    const layerB = dataLayer('Recipes', [{name: 'list_templates', handler: () => 'B list'}, {name: 'b_only'}], logB);
    const script = (id: string) => [turn([call('recipes_mcp_list_recipes', {}, id)]), turn([call('recall', {id})]), turn([text('ok')])];
    const modelA = new ScriptedModel(script('toolu_same'));
    const modelB = new ScriptedModel(script('toolu_same'));
    const [a, b]: AgentResult[] = await Promise.all([
      runAgentLoop('a', {provider: modelA, layers: [layerA, displayLayer()]}),
      runAgentLoop('b', {provider: modelB, layers: [layerB, displayLayer()]}),
    ]);
    expect(logA.calls.map((c) => c.tool)).to.deep.equal(['browse_skills']);
    expect(logB.calls.map((c) => c.tool)).to.deep.equal(['list_templates']);
    expect(a.toolCalls[1].result).to.equal('A list');
    expect(b.toolCalls[1].result).to.equal('B list');
    expect(modelA.toolNames(1)).to.include('recipes_mcp_a_only').and.not.include('recipes_mcp_b_only');
    expect(modelB.toolNames(1)).to.include('recipes_mcp_b_only').and.not.include('recipes_mcp_a_only');
  });
});
