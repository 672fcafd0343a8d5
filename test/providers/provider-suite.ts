/**
 * The one behavioural suite both wire providers must pass against the fake LLM server over HTTP
 * (issue 3 "Done when"): streaming, tool calls, malformed output, faults, retries, abort, usage,
 * the browser-key rule. Wire-specific checks (headers, body shape) live in each provider's file.
 */
import {expect} from '@open-wc/testing';
import type {ModelRequest} from '../../src/agent/language-model.js';
import {ErrorCodes} from '../../src/errors.js';
import {createProvider, type ProviderOptions, type RetryInfo} from '../../src/providers/index.js';
import {callsOf, collect, errorOf, finishOf, scenario, textOf, type FakeTurn, type Wire} from './fake-llm.js';

const TOOLS = [
  {name: 'data_mcp_query_sql', description: 'Run SQL', input_schema: {type: 'object', properties: {sql: {type: 'string'}}}},
  {name: 'autoui_webmcp_widget_display', description: 'Show a widget', input_schema: {type: 'object', properties: {name: {type: 'string'}, params: {type: 'object'}}}},
];
const REQUEST: ModelRequest = {system: 'You are a test.', messages: [{role: 'user', content: 'Hello'}], tools: TOOLS, maxTokens: 256};
const LONG_SQL = `select ${Array.from({length: 120}, (_, i) => `column_${i}`).join(', ')} from t`;

/** Registers `turns` and returns a provider for `wire` pointed at them, plus the scenario. */
async function setup(wire: Wire, turns: FakeTurn[], options: Partial<ProviderOptions> = {}) {
  const s = await scenario(turns, `${wire}-suite`);
  const retries: RetryInfo[] = [];
  const model = createProvider({provider: wire, endpoint: s.endpoint(wire), retryBaseDelayMs: 1, onRetry: (r) => retries.push(r), ...options});
  return {s, model, retries};
}

/** Defines the shared suite for `wire`. */
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

  describe(`${wire}: faults`, () => {
    it('drops the tool calls of a stream cut mid-call, keeps the text, and reports PROVIDER_STREAM', async () => {
      const {model, s} = await setup(wire, [{text: 'Before the cut.', toolCalls: [{id: 'call_cut', name: 'data_mcp_query_sql', input: {sql: LONG_SQL}}], fault: {cutAfterBytes: 2500, failTimes: 1}}]);
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Before the cut.');
      expect(callsOf(parts)).to.have.length(0);
      expect(finishOf(parts)).to.equal(undefined);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      // A stream that started is never retried, even though the next attempt would succeed.
      expect(await s.requests()).to.have.length(1);
    });

    it('ends the turn with PROVIDER_STREAM on an error event after a 200, after the partial text', async () => {
      const {model} = await setup(wire, [{text: 'Partial answer here', toolCalls: [{name: 'data_mcp_query_sql', input: {}}], fault: {errorEventAfter: true, message: 'Overloaded right now'}}]);
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Partial answer here');
      expect(parts.at(-1)!.type).to.equal('error');
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      expect(errorOf(parts)!.message).to.contain('Overloaded right now');
      expect(callsOf(parts)).to.have.length(0);
    });

    it('gives up on a stalled stream after idleTimeoutMs, keeping the text', async () => {
      const {model} = await setup(wire, [{text: 'Then silence', fault: {stall: true}}], {idleTimeoutMs: 300});
      const parts = await collect(model.stream(REQUEST));
      expect(textOf(parts)).to.equal('Then silence');
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_STREAM);
      expect(errorOf(parts)!.message).to.contain('sent nothing');
    });

    it('waits for a slow server (delayMs) and answers normally', async () => {
      const {model} = await setup(wire, [{text: 'Slow but fine', fault: {delayMs: 150}}]);
      expect(textOf(await collect(model.stream(REQUEST)))).to.equal('Slow but fine');
    });

    it('reports an unreachable endpoint as PROVIDER_NETWORK', async () => {
      const model = createProvider({provider: wire, endpoint: 'http://127.0.0.1:9', maxRetries: 1, retryBaseDelayMs: 1});
      const parts = await collect(model.stream(REQUEST));
      expect(parts.map((p) => p.type)).to.deep.equal(['error']);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.PROVIDER_NETWORK);
    });
  });

  describe(`${wire}: HTTP errors and retries`, () => {
    for (const status of [408, 409, 429, 500, 503, 529]) {
      it(`retries ${status} and succeeds`, async () => {
        const {model, s, retries} = await setup(wire, [{text: 'ok after retry', fault: {status, failTimes: 1}}]);
        expect(textOf(await collect(model.stream(REQUEST)))).to.equal('ok after retry');
        expect(await s.requests()).to.have.length(2);
        // Chromium itself replays a request once after a 408 on a reused connection, before we see it.
        if (status !== 408) expect(retries.map((r) => r.status)).to.deep.equal([status]);
      });
    }

    for (const status of [400, 401, 403]) {
      it(`does not retry ${status}, and reports PROVIDER_HTTP with the provider's message`, async () => {
        const {model, s} = await setup(wire, [{fault: {status, message: `provider says no (${status})`}}]);
        const error = errorOf(await collect(model.stream(REQUEST)))!;
        expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
        expect(error.details).to.include({status});
        expect(error.message).to.contain(`provider says no (${status})`);
        expect(await s.requests()).to.have.length(1);
      });
    }

    it('gives up after maxRetries (2 by default): three requests, then PROVIDER_HTTP', async () => {
      const {model, s, retries} = await setup(wire, [{fault: {status: 503, message: 'down for maintenance'}}]);
      const error = errorOf(await collect(model.stream(REQUEST)))!;
      expect(error.code).to.equal(ErrorCodes.PROVIDER_HTTP);
      expect(error.details).to.include({status: 503});
      expect(await s.requests()).to.have.length(3);
      expect(retries.map((r) => r.attempt)).to.deep.equal([1, 2]);
    });

    it('honours maxRetries: 0', async () => {
      const {model, s} = await setup(wire, [{fault: {status: 429}}], {maxRetries: 0});
      expect(errorOf(await collect(model.stream(REQUEST)))!.details).to.include({status: 429});
      expect(await s.requests()).to.have.length(1);
    });

    it('waits what retry-after-ms, then retry-after, asks', async () => {
      const {model, retries} = await setup(wire, [{text: 'ok', fault: {status: 429, headers: {'retry-after-ms': '40', 'retry-after': '5'}, failTimes: 1}}, ]);
      await collect(model.stream(REQUEST));
      expect(retries[0].delayMs).to.equal(40);
      const second = await setup(wire, [{text: 'ok', fault: {status: 429, headers: {'retry-after': '0.05'}, failTimes: 1}}]);
      await collect(second.model.stream(REQUEST));
      expect(second.retries[0].delayMs).to.equal(50);
    });

    it('follows x-should-retry over the status, both ways', async () => {
      const no = await setup(wire, [{text: 'never', fault: {status: 500, headers: {'x-should-retry': 'false'}, failTimes: 1}}]);
      expect(errorOf(await collect(no.model.stream(REQUEST)))!.details).to.include({status: 500});
      expect(await no.s.requests()).to.have.length(1);
      const yes = await setup(wire, [{text: 'retried', fault: {status: 400, headers: {'x-should-retry': 'true'}, failTimes: 1}}]);
      expect(textOf(await collect(yes.model.stream(REQUEST)))).to.equal('retried');
      expect(await yes.s.requests()).to.have.length(2);
    });
  });

  describe(`${wire}: abort`, () => {
    it('ends at once when aborted mid-stream and ignores what comes later', async () => {
      // Deltas keep coming every 30 ms; after the abort none of them may surface.
      const {model} = await setup(wire, [{text: 'one two three four five six seven eight nine ten eleven twelve', chunkDelayMs: 30}]);
      const controller = new AbortController();
      const parts = [];
      for await (const part of model.stream(REQUEST, {signal: controller.signal})) {
        parts.push(part);
        controller.abort();
      }
      expect(parts).to.have.length(1);
    });

    it('makes no request when already aborted', async () => {
      const {model, s} = await setup(wire, [{text: 'x'}]);
      const controller = new AbortController();
      controller.abort();
      expect(await collect(model.stream(REQUEST, {signal: controller.signal}))).to.deep.equal([]);
      expect(await s.requests()).to.have.length(0);
    });

    it('ends at once when aborted during a retry wait', async () => {
      const controller = new AbortController();
      // retry-after: 30 s would be honoured; the test only finishes in time if abort cuts the wait.
      const {model, s} = await setup(wire, [{text: 'too late', fault: {status: 503, headers: {'retry-after': '30'}, failTimes: 1}}], {onRetry: () => controller.abort()});
      expect(await collect(model.stream(REQUEST, {signal: controller.signal}))).to.deep.equal([]);
      expect(await s.requests()).to.have.length(1);
    });
  });

  describe(`${wire}: keys`, () => {
    const KEY = 'sk-test-9f8e7d6c5b4a39281706';

    it('refuses a browser key without opt-in: one BROWSER_KEY_REFUSED part, no request', async () => {
      const {model, s} = await setup(wire, [{text: 'x'}], {apiKey: KEY});
      const parts = await collect(model.stream(REQUEST));
      expect(parts.map((p) => p.type)).to.deep.equal(['error']);
      expect(errorOf(parts)!.code).to.equal(ErrorCodes.BROWSER_KEY_REFUSED);
      expect(errorOf(parts)!.message).not.to.contain(KEY);
      expect(await s.requests()).to.have.length(0);
    });

    it('sends the key when the page opts in or is local', async () => {
      for (const optIn of [{allowBrowserKey: true}, {isLocalPage: true}]) {
        const {model, s} = await setup(wire, [{text: 'ok'}], {apiKey: KEY, ...optIn});
        expect(textOf(await collect(model.stream(REQUEST)))).to.equal('ok');
        const headers = (await s.requests())[0].headers;
        expect(wire === 'anthropic' ? headers['x-api-key'] : headers.authorization).to.equal(wire === 'anthropic' ? KEY : `Bearer ${KEY}`);
      }
    });

    it('never puts the key in an error, even when the provider echoes it', async () => {
      const {model} = await setup(wire, [{fault: {status: 401, message: `invalid x-api-key: ${KEY}`}}], {apiKey: KEY, allowBrowserKey: true});
      const error = errorOf(await collect(model.stream(REQUEST)))!;
      expect(error.message).to.contain('invalid x-api-key');
      expect(JSON.stringify({message: error.message, details: error.details})).not.to.contain(KEY);
      const offline = createProvider({provider: wire, endpoint: 'http://127.0.0.1:9', apiKey: KEY, allowBrowserKey: true, maxRetries: 0});
      expect(errorOf(await collect(offline.stream(REQUEST)))!.message).not.to.contain(KEY);
    });

    it('sends no auth header without a key (the proxy adds it)', async () => {
      const {model, s} = await setup(wire, [{text: 'ok'}]);
      await collect(model.stream(REQUEST));
      const headers = (await s.requests())[0].headers;
      expect(headers).not.to.have.property('x-api-key');
      expect(headers).not.to.have.property('authorization');
      expect(headers).not.to.have.property('anthropic-dangerous-direct-browser-access');
    });
  });
}
