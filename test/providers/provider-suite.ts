/**
 * The one behavioural suite both wire providers must pass against the fake LLM server over HTTP,
 * so the two behave alike for the loop: streaming, tool calls, malformed output, faults, retries,
 * abort, usage, the browser-key rule. Wire-specific checks (headers, body shape) live in each provider's file.
 */
import {expect} from '@open-wc/testing';
import {ErrorCodes} from '../../src/errors.js';
import {callsOf, collect, finishOf, textOf, type Wire} from './fake-llm.js';
import {LONG_SQL, REQUEST, setup} from './provider-setup.js';
import {runProviderFaultSuite} from './provider-fault-suite.js';

/** Defines the shared suite for `wire`: these cases, then the faults of provider-fault-suite.ts. */
export function runProviderSuite(wire: Wire): void {
  describe(`${wire}: streaming`, () => {
    it('surfaces text deltas while the turn is still going', async () => {
      const {model} = await setup(wire, [{text: 'The first words arrive early, before anything else', fault: {stall: true}}]);
      const controller = new AbortController();
      const iterator = model.stream(REQUEST, {signal: controller.signal})[Symbol.asyncIterator]();
      // The server holds the turn open after the text: receiving it proves it was streamed.
      const first = await iterator.next();
      expect(first.value).to.deep.equal({type: 'text-delta', delta: 'The first words '});
      controller.abort();
      expect((await iterator.next()).done).to.equal(true);
    });

    it('streams a whole text turn with its finish reason and usage', async () => {
      const {model} = await setup(wire, [{text: 'Paris is the capital of France.', usage: {input: 120, output: 7, cacheRead: 100, cacheWrite: 20}}]);
      const parts = await collect(model.stream(REQUEST));
      expect(parts.filter((p) => p.type === 'text-delta').length).to.be.greaterThan(1);
      expect(textOf(parts)).to.equal('Paris is the capital of France.');
      const finish = finishOf(parts)!;
      expect(finish.reason).to.equal('stop');
      expect(finish.usage).to.deep.equal(
        wire === 'anthropic' ? {inputTokens: 120, outputTokens: 7, cacheReadTokens: 100, cacheWriteTokens: 20} : {inputTokens: 120, outputTokens: 7, cacheReadTokens: 100},
      );
      expect(parts.at(-1)!.type).to.equal('finish');
    });

    it('ends an empty turn with just a finish part', async () => {
      const {model} = await setup(wire, [{text: ''}]);
      const parts = await collect(model.stream(REQUEST));
      expect(parts.map((p) => p.type)).to.deep.equal(['finish']);
      expect(finishOf(parts)!.reason).to.equal('stop');
    });

    it('answers without streaming when asked to (stream: false), with the same parts', async () => {
      const {model, s} = await setup(wire, [{text: 'One block.', toolCalls: [{id: 'call_j1', name: 'data_mcp_query_sql', input: {sql: 'select 1'}}], usage: {input: 9, output: 3}}], {stream: false});
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('One block.');
      expect(callsOf(parts)).to.deep.equal([{type: 'tool-call', id: 'call_j1', name: 'data_mcp_query_sql', input: {sql: 'select 1'}}]);
      expect(finishOf(parts)).to.include({reason: 'tool-calls'});
      expect(finishOf(parts)!.usage).to.include({inputTokens: 9, outputTokens: 3});
      expect((await s.requests())[0].body.stream).to.equal(false);
    });
  });

  describe(`${wire}: tool calls`, () => {
    it('assembles one tool call from argument fragments and keeps its id', async () => {
      const {model} = await setup(wire, [{text: 'Let me query.', toolCalls: [{id: 'toolu_keep_1', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}}]}]);
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Let me query.');
      expect(callsOf(parts)).to.deep.equal([{type: 'tool-call', id: 'toolu_keep_1', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}}]);
      expect(finishOf(parts)!.reason).to.equal('tool-calls');
    });

    it('assembles parallel tool calls in order, each with its own id and input', async () => {
      const calls = [
        {id: 'call_a', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}},
        {id: 'call_b', name: 'autoui_webmcp_widget_display', input: {name: 'table', params: {rows: [{a: 1}, {a: 2}], title: 'Ünïcødé ✓'}}},
        {id: 'call_c', name: 'data_mcp_query_sql', input: {}},
      ];
      const {model} = await setup(wire, [{toolCalls: calls}]);
      const parts = await collect(model.stream(REQUEST));
      expect(callsOf(parts)).to.deep.equal(calls.map((c) => ({type: 'tool-call', ...c})));
    });

    it('streams each call while it is written: its start, then fragments that add up to its input, before the call itself', async () => {
      const calls = [
        {id: 'call_s1', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}},
        {id: 'call_s2', name: 'autoui_webmcp_widget_display', input: {name: 'table', params: {rows: [{a: 1}, {a: 2}], title: 'Ünïcødé ✓'}}},
      ];
      const {model} = await setup(wire, [{text: 'Two calls.', toolCalls: calls}]);
      const parts = await collect(model.stream(REQUEST));
      for (const call of calls) {
        const start = parts.findIndex((p) => p.type === 'tool-input-start' && p.id === call.id);
        expect(parts[start], call.id).to.deep.equal({type: 'tool-input-start', id: call.id, name: call.name});
        const deltas = parts.flatMap((p, i) => (p.type === 'tool-input-delta' && p.id === call.id ? [{i, delta: p.delta}] : []));
        expect(deltas.length, `${call.id} arrives in fragments`).to.be.greaterThan(1);
        expect(JSON.parse(deltas.map((d) => d.delta).join('')), call.id).to.deep.equal(call.input);
        const final = parts.findIndex((p) => p.type === 'tool-call' && p.id === call.id);
        expect(deltas.every((d) => d.i > start && d.i < final), `${call.id}: start, fragments, then the call`).to.equal(true);
      }
    });

    it('passes an unknown tool name through for the loop to answer', async () => {
      const {model} = await setup(wire, [{toolCalls: [{id: 'call_u', name: 'no_such_tool', input: {x: 1}}]}]);
      expect(callsOf(await collect(model.stream(REQUEST)))[0]).to.include({name: 'no_such_tool', id: 'call_u'});
    });

    it('marks arguments that are not valid JSON (or not an object) with inputError, and keeps the valid sibling', async () => {
      const {model} = await setup(wire, [
        {toolCalls: [{id: 'call_ok', name: 'data_mcp_query_sql', input: {sql: 'select 1'}}, {id: 'call_bad', name: 'data_mcp_query_sql', rawInput: '{"sql": "select'}, {id: 'call_arr', name: 'data_mcp_query_sql', rawInput: '[1,2]'}]},
      ]);
      const [ok, bad, arr] = callsOf(await collect(model.stream(REQUEST)));
      expect(ok).to.deep.equal({type: 'tool-call', id: 'call_ok', name: 'data_mcp_query_sql', input: {sql: 'select 1'}});
      expect(bad.inputError).to.match(/not valid JSON/);
      expect(bad.input).to.deep.equal({});
      expect(arr.inputError).to.match(/must be a JSON object/);
    });

    it('never emits a call cut off by the output limit as executable', async () => {
      // The cut JSON happens to parse ({"sql": "sel"} would) only by luck; it is partial all the same.
      const {model} = await setup(wire, [{text: 'Querying', toolCalls: [{id: 'call_1', name: 'data_mcp_query_sql', input: {sql: 'a'}}, {id: 'call_2', name: 'data_mcp_query_sql', rawInput: '{"sql": "sel"}'}], finish: 'length'}]);
      const parts = await collect(model.stream(REQUEST));
      const [first, cut] = callsOf(parts);
      expect(first.inputError).to.equal(undefined);
      expect(cut.id).to.equal('call_2');
      expect(cut.inputError).to.match(/cut off by the output token limit/);
      expect(finishOf(parts)!.reason).to.equal('length');
    });
  });
  runProviderFaultSuite(wire);
}
