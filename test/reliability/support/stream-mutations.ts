/**
 * Malformed model streams, generated from a good one of either wire (fast-check): cut at a byte
 * offset (the connection then closes or breaks), events duplicated or swapped, tool-call indices
 * changed, one huge event, unknown events and comments, the end marker too early or never (the
 * stream then closes, or stays open until the stream timeout). The bytes are then split in chunks
 * of 1 to 64 bytes, so a split falls inside events and inside UTF-8 characters.
 */
import fc from 'fast-check';
import {anthropicFrames} from '../../fake-llm/anthropic-wire.mjs';
import {openaiFrames} from '../../fake-llm/openai-wire.mjs';
import {turnContent} from '../../fake-llm/turn-content.mjs';

export type Wire = 'anthropic' | 'openai';

/** What each generated stream was made of, to name the case and judge its outcome. */
export interface MalformedStream {
  wire: Wire;
  mutations: string[];
  /** True when a mutation may legitimately change the arguments the model meant (reordered fragments). */
  reorders: boolean;
  /** base64 chunks for the fake LLM's `raw` turn. */
  chunks: string[];
  end: 'close' | 'reset' | 'stall';
}

/** The tool call every good stream makes, with multi-byte characters for the UTF-8 splits. */
export const GOOD_CALL = {name: 'probe_webmcp_record', input: {note: 'Überprüfung ✓ 日本語 🎉 «ok»', n: 42}};
export const GOOD_TEXT = 'Je note ça — un instant… ';

const encoder = new TextEncoder();

function goodFrames(wire: Wire): string[] {
  const content = turnContent({text: GOOD_TEXT, toolCalls: [GOOD_CALL], fragmentSize: 5});
  const context = {model: 'reliability', scenarioId: 'r'};
  return wire === 'anthropic' ? anthropicFrames(content, context).frames : openaiFrames(content, {...context, includeUsage: true}).frames;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

function unknownFrames(wire: Wire): string[] {
  return wire === 'anthropic'
    ? [sse('mystery_event', {type: 'mystery_event', x: 1}), ': keep-alive comment\n\n', sse('content_block_delta', {type: 'content_block_delta', index: 9, delta: {type: 'future_delta', value: 1}})]
    : [data({id: 'x', object: 'chat.completion.chunk', choices: []}), ': keep-alive comment\n\n', data({object: 'something.new', weird: true}), 'event: ping\ndata: {}\n\n'];
}

function hugeFrame(wire: Wire, size: number): string {
  const text = 'é'.repeat(size);
  return wire === 'anthropic'
    ? sse('content_block_delta', {type: 'content_block_delta', index: 0, delta: {type: 'text_delta', text}})
    : data({id: 'x', object: 'chat.completion.chunk', choices: [{index: 0, delta: {content: text}, finish_reason: null}]});
}

const endMarker = (wire: Wire) => (wire === 'anthropic' ? sse('message_stop', {type: 'message_stop'}) : 'data: [DONE]\n\n');
const isEnd = (wire: Wire, frame: string) => (wire === 'anthropic' ? frame.startsWith('event: message_stop') : frame.startsWith('data: [DONE]'));

/** Changes the tool-call index of the frames that carry one. */
function moveIndices(wire: Wire, frames: string[], to: number): string[] {
  return frames.map((f) => {
    if (wire === 'openai' && f.includes('"tool_calls"')) return f.replace(/"index":0,"id"|"tool_calls":\[\{"index":0/g, (m) => m.replace('0', String(to)));
    if (wire === 'anthropic' && /input_json_delta|tool_use|content_block_stop/.test(f) && !f.includes('"index":0')) return f.replace(/"index":\d+/, `"index":${to}`);
    return f;
  });
}

const mutation = (wire: Wire) =>
  fc.oneof(
    fc.record({kind: fc.constant('duplicate' as const), at: fc.nat()}),
    fc.record({kind: fc.constant('swap' as const), at: fc.nat()}),
    fc.record({kind: fc.constant('indices' as const), to: fc.constantFrom(1, 3, 7, -1, 1000)}),
    fc.record({kind: fc.constant('unknown' as const), at: fc.nat(), which: fc.nat()}),
    fc.record({kind: fc.constant('huge' as const), at: fc.nat(), size: fc.integer({min: 300_000, max: 1_100_000})}),
    fc.record({kind: fc.constant('end-early' as const), at: fc.nat()}),
    fc.record({kind: fc.constant('end-never' as const)}),
  ).map((m) => ({...m, wire}));

type Mutation = ReturnType<typeof mutation> extends fc.Arbitrary<infer M> ? M : never;

function apply(frames: string[], m: Mutation): string[] {
  const out = [...frames];
  const at = 'at' in m ? m.at % Math.max(1, out.length) : 0;
  switch (m.kind) {
    case 'duplicate':
      out.splice(at, 0, out[at]);
      return out;
    case 'swap':
      if (at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1], out[at]];
      return out;
    case 'indices':
      return moveIndices(m.wire, out, m.to);
    case 'unknown': {
      const extra = unknownFrames(m.wire);
      out.splice(at, 0, extra[m.which % extra.length]);
      return out;
    }
    case 'huge':
      out.splice(at, 0, hugeFrame(m.wire, m.size));
      return out;
    case 'end-early':
      out.splice(at, 0, endMarker(m.wire));
      return out;
    case 'end-never':
      return out.filter((f) => !isEnd(m.wire, f));
  }
}

const describe = (m: Mutation) => ('at' in m ? `${m.kind}@${m.at}` : m.kind === 'indices' ? `indices→${m.to}` : m.kind);

/** The generator of malformed streams, both wires. */
export const malformedStream: fc.Arbitrary<MalformedStream> = fc.constantFrom<Wire>('anthropic', 'openai').chain((wire) =>
  fc
    .record({
      mutations: fc.array(mutation(wire), {minLength: 0, maxLength: 2}),
      cut: fc.option(fc.integer({min: 0, max: 9_999}).map((n) => n / 10_000), {freq: 2}),
      chunkSizes: fc.array(fc.integer({min: 1, max: 64}), {minLength: 1, maxLength: 16}),
      end: fc.constantFrom<'close' | 'reset' | 'stall'>('close', 'close', 'close', 'reset', 'stall'),
    })
    .filter((r) => r.mutations.length > 0 || r.cut !== null)
    .map(({mutations, cut, chunkSizes, end}) => {
      let frames = goodFrames(wire);
      for (const m of mutations) frames = apply(frames, m);
      let bytes = encoder.encode(frames.join(''));
      const names = mutations.map(describe);
      if (cut !== null) {
        const at = Math.floor(cut * bytes.length);
        bytes = bytes.slice(0, at);
        names.push(`cut@${at}/${encoder.encode(frames.join('')).length}`);
      }
      // A stall is only worth its time where the end marker is missing.
      const missingEnd = cut !== null || mutations.some((m) => m.kind === 'end-never');
      const chunks: string[] = [];
      for (let i = 0, c = 0; i < bytes.length; c++) {
        const size = chunkSizes[c % chunkSizes.length] * (bytes.length > 100_000 ? 4096 : 1);
        chunks.push(base64(bytes.subarray(i, i + size)));
        i += size;
      }
      return {
        wire,
        mutations: names,
        reorders: mutations.some((m) => m.kind === 'swap' || m.kind === 'duplicate' || m.kind === 'indices'),
        chunks,
        end: end === 'stall' && !missingEnd ? 'close' : end,
      };
    }),
);

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
