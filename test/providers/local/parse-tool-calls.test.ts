/**
 * Reading small models' tool calls from their text (src/providers/local/parse-tool-calls.ts):
 * every family's documented shapes, then what a hostile or broken answer looks like. Nothing that
 * cannot be read may become a call that runs: it is a call with an `inputError`, or text.
 */
import {expect} from '@open-wc/testing';
import {MAX_CALL_CHARS, MAX_CALLS, parseToolCalls} from '../../../src/providers/local/parse-tool-calls.js';
import {FIXTURE_TOOLS, TOOL_CALL_FIXTURES} from './tool-call-fixtures.js';

describe('parseToolCalls: the recorded set', () => {
  for (const fixture of TOOL_CALL_FIXTURES) {
    it(fixture.name, () => {
      const parsed = parseToolCalls(fixture.output, {tools: FIXTURE_TOOLS});
      expect(parsed.calls, fixture.source).to.deep.equal(fixture.expected.calls);
      expect(parsed.text).to.equal(fixture.expected.text);
      expect(parsed.thinking).to.equal(fixture.expected.thinking);
    });
  }
});

describe('parseToolCalls: hostile and broken answers', () => {
  it('a call whose braces do not balance runs nothing: the model is told why', () => {
    const parsed = parseToolCalls('<tool_call>{"name": "query", "arguments": {"sql": "select 1"}</tool_call>');
    expect(parsed.calls).to.have.length(1);
    expect(parsed.calls[0].inputError).to.match(/not a closed JSON object/);
    expect(parsed.calls[0].input).to.deep.equal({});
  });

  it('a Gemma call cut off before its block closes is an error, not a guess', () => {
    const parsed = parseToolCalls('<|tool_call>call:query{sql:<|"|>select 1<|"|>');
    expect(parsed.calls.map((c) => [c.name, c.inputError !== undefined])).to.deep.equal([['query', true]]);
  });

  it('a call inside a fenced code block is the model showing code: it stays text', () => {
    const output = 'To call it yourself:\n```\n<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>\n```';
    const parsed = parseToolCalls(output, {tools: ['get_weather']});
    expect(parsed.calls).to.deep.equal([]);
    expect(parsed.text).to.equal(output);
  });

  it('a tagged call to a tool nobody offered is still a call (the loop refuses it by name); a bare JSON one is text', () => {
    expect(parseToolCalls('<tool_call>{"name": "rm_rf", "arguments": {"path": "/"}}</tool_call>').calls.map((c) => c.name)).to.deep.equal(['rm_rf']);
    const data = '{"name": "Seattle", "parameters": {"population": 737015}}';
    expect(parseToolCalls(data, {tools: ['query']})).to.deep.equal({text: data, calls: []});
  });

  it('an answer that is JSON data, or a list of numbers, stays the answer', () => {
    for (const answer of ['[1, 2, 3]', '{"total": 12}', '{"name": "query"}']) {
      expect(parseToolCalls(answer, {tools: ['query']}).calls, answer).to.deep.equal([]);
    }
  });

  it('a megabyte of arguments is refused unread, with its length', () => {
    const sql = 'a'.repeat(1_000_000);
    for (const output of [`<tool_call>{"name": "query", "arguments": {"sql": "${sql}"}}</tool_call>`, `<|tool_call>call:query{sql:<|"|>${sql}<|"|>}<tool_call|>`]) {
      const [call] = parseToolCalls(output).calls;
      expect(call.name).to.equal('query');
      expect(call.inputError).to.include(`over the ${MAX_CALL_CHARS} read`);
    }
  });

  it('text after a call is kept as text, and text between two calls too', () => {
    const parsed = parseToolCalls('First.<tool_call>{"name": "a", "arguments": {}}</tool_call>Then.<tool_call>{"name": "b", "arguments": {}}</tool_call> Done.');
    expect(parsed.calls.map((c) => c.name)).to.deep.equal(['a', 'b']);
    expect(parsed.text).to.equal('First.Then. Done.');
  });

  it('calls of different families in one answer keep the order they were written in', () => {
    const parsed = parseToolCalls('[TOOL_CALLS]b[ARGS]{"n": 2} <|tool_call>call:a{n:1}<tool_call|>');
    expect(parsed.calls.map((c) => [c.name, c.format, c.input])).to.deep.equal([
      ['b', 'mistral', {n: 2}],
      ['a', 'gemma', {n: 1}],
    ]);
  });

  it('braces, quotes and tags inside a string are text', () => {
    const parsed = parseToolCalls('<|tool_call>call:note{text:<|"|>a "quoted" {brace} ] <tool_call|> inside<|"|>}<tool_call|>');
    expect(parsed.calls[0].input).to.deep.equal({text: 'a "quoted" {brace} ] <tool_call|> inside'});
    const json = parseToolCalls('<tool_call>{"name": "note", "arguments": {"text": "}\\"{"}}</tool_call>');
    expect(json.calls[0].input).to.deep.equal({text: '}"{'});
  });

  it('a key named __proto__ is a plain argument, never the object\'s prototype', () => {
    const [call] = parseToolCalls('<|tool_call>call:note{__proto__:{polluted:true}}<tool_call|>').calls;
    expect(Object.getPrototypeOf(call.input)).to.equal(Object.prototype);
    expect(Object.keys(call.input)).to.deep.equal(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('nesting deeper than a person could read is refused, without running out of stack', () => {
    const deep = `${'{a:'.repeat(5000)}1${'}'.repeat(5000)}`;
    const [call] = parseToolCalls(`<|tool_call>call:deep${deep}<tool_call|>`).calls;
    expect(call.inputError).to.match(/not a closed/);
  });

  it('arguments written as a JSON string are read; broken ones are an error', () => {
    expect(parseToolCalls('<tool_call>{"name": "q", "arguments": "{\\"n\\": 1}"}</tool_call>').calls[0].input).to.deep.equal({n: 1});
    expect(parseToolCalls('<tool_call>{"name": "q", "arguments": "{n: 1"}</tool_call>').calls[0].inputError).to.match(/not valid JSON/);
  });

  it('thinking never becomes the answer, also when the model was cut off while thinking', () => {
    const parsed = parseToolCalls('<think>Let me think about the sales by region and');
    expect(parsed).to.deep.equal({text: '', calls: [], thinking: 'Let me think about the sales by region and'});
    const answered = parseToolCalls('<think>short</think>The answer is 12.');
    expect(answered).to.deep.equal({text: 'The answer is 12.', calls: [], thinking: 'short'});
  });

  it(`at most ${MAX_CALLS} calls are read from one answer`, () => {
    const many = Array.from({length: MAX_CALLS + 4}, (_, i) => `<tool_call>{"name": "t${i}", "arguments": {}}</tool_call>`).join('\n');
    expect(parseToolCalls(many).calls).to.have.length(MAX_CALLS);
  });

  it('plain text is plain text', () => {
    expect(parseToolCalls('  Seattle had 12 rainy days in March.  ')).to.deep.equal({text: 'Seattle had 12 rainy days in March.', calls: []});
  });
});
