/**
 * A small model's answer as it streams (src/providers/local/model-text-stream.ts): a person
 * reads words as they come, never a piece of a tool call or a tag, thinking comes apart, and the
 * text given out, with what the end adds, is the parsed answer's text, whatever the chunking.
 */
import {expect} from '@open-wc/testing';
import {ModelTextStream} from '../../../src/providers/local/model-text-stream.js';
import {parseToolCalls} from '../../../src/providers/local/parse-tool-calls.js';
import {FIXTURE_TOOLS, TOOL_CALL_FIXTURES} from './tool-call-fixtures.js';

/** Streams `output` in pieces of the given sizes (cycled); returns what came out and the end. */
function stream(output: string, sizes: number[]) {
  const reader = new ModelTextStream({tools: FIXTURE_TOOLS});
  const texts: string[] = [];
  let thinking = '';
  for (let at = 0, n = 0; at < output.length; n++) {
    const size = sizes[n % sizes.length];
    const piece = reader.push(output.slice(at, at + size));
    at += size;
    if (piece.text) texts.push(piece.text);
    thinking += piece.thinking ?? '';
  }
  return {texts, thinking, end: reader.end()};
}

const CHUNKINGS = [[1], [2, 3, 1], [7], [1000]];
const TAGS = ['<tool_call', '<|tool_call', '[TOOL_CALLS', '<think', '</think', '<|channel', '<channel|', '"arguments"', '<|"|>', '<|python_tag'];
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('ModelTextStream', () => {
  for (const fixture of TOOL_CALL_FIXTURES) {
    it(`${fixture.name}: no piece of the call is shown, whatever the chunks`, () => {
      for (const sizes of CHUNKINGS) {
        const {texts, thinking, end} = stream(fixture.output, sizes);
        for (const text of texts) expect(TAGS.some((tag) => text.includes(tag)), `${sizes}: ${text}`).to.equal(false);
        expect(end.calls, `${sizes}`).to.deep.equal(fixture.expected.calls);
        expect(texts.join('') + end.rest, `${sizes}`).to.equal(fixture.expected.text);
        expect(squash(thinking)).to.equal(squash(fixture.expected.thinking ?? ''));
      }
    });
  }

  it('words before a call reach the person before the answer ends', () => {
    const reader = new ModelTextStream();
    const first = reader.push('Let me look up the fundamentals.\n<tool');
    expect(first.text).to.equal('Let me look up the fundamentals.');
    expect(reader.push('_call>\n{"name": "q", "arguments": {}}\n</tool_call>\nDone.').text).to.equal(undefined);
    const end = reader.end();
    expect(end.calls.map((c) => c.name)).to.deep.equal(['q']);
    expect(end.rest).to.equal('\n\nDone.');
  });

  it('plain text streams as it comes, holding back only what may start a tag', () => {
    const reader = new ModelTextStream();
    expect(reader.push('Seattle had ').text).to.equal('Seattle had');
    expect(reader.push('12 rainy days <').text).to.equal(' 12 rainy days');
    expect(reader.push('in March>').text).to.equal(' <in March>');
    expect(reader.end()).to.include({text: 'Seattle had 12 rainy days <in March>', rest: ''});
  });

  it('an answer that starts like a bare JSON call shows nothing until it is known, then all of it', () => {
    const answer = '[1] The source says 12.';
    const {texts, end} = stream(answer, [3]);
    expect(texts).to.deep.equal([]);
    expect(end).to.include({text: answer, rest: answer});
  });

  it('a thought in the middle of the answer comes apart, and the text still adds up', () => {
    const {texts, thinking, end} = stream('Hello <think>which city?</think> world.', [4]);
    expect(thinking).to.equal('which city?');
    expect(squash(texts.join('') + end.rest)).to.equal(squash(end.text));
    expect(end.text).to.equal(parseToolCalls('Hello <think>which city?</think> world.').text);
  });

  it('a thought cut off by the end of the answer is thinking, never text', () => {
    const {texts, thinking, end} = stream('<think>Let me think about the sales by', [5]);
    expect(texts).to.deep.equal([]);
    expect(thinking).to.equal('Let me think about the sales by');
    expect(end).to.include({text: '', rest: ''});
  });
});
