#!/usr/bin/env node
/**
 * Writes a tiny GGUF model with random weights: a real llama-architecture file that llama.cpp (and so
 * wllama) loads and runs like any downloaded model, small enough to load in a second. Its words are
 * noise; the tests of `provider="local"` use it for everything around the words: the consent card,
 * the download and its progress, Cancel, the cache, streaming, Stop, a grammar-constrained answer.
 *
 * The vocabulary is a SentencePiece one (`tokenizer.ggml.model = llama`): the control tokens, the
 * printable ASCII characters, and the 256 byte tokens as fallback, so any text tokenizes. The file
 * has no chat template unless one is given (llama.cpp then writes ChatML, and the local provider,
 * seeing no tools in it, holds each answer with a grammar).
 *
 * A model for the native tool path (`tools: 'native'` or `'text'`) has a chat template that
 * mentions tools (scripts/tiny-gguf-chat.mjs) and scripted weights: whatever it is asked, it
 * writes a few words and a `<tool_call>` of `lookup`, then ends, the same on every run.
 *
 *   node scripts/make-tiny-gguf.mjs <out.gguf> [--pad-mb N] [--tools native|text]
 *
 * `--pad-mb` adds about N MB after the weights, so a test can watch a download take its time.
 * The same seed gives the same bytes, so a cached copy stays valid between runs.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import {CALL_SCRIPT, TOOLS_LISTED_TEMPLATE, TOOLS_TEMPLATE} from './tiny-gguf-chat.mjs';

const GGUF_MAGIC = 0x46554747; // "GGUF", little-endian
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const TYPE = {UINT32: 4, INT32: 5, FLOAT32: 6, STRING: 8, ARRAY: 9};
const GGML_F32 = 0;

/** The shape of the model: as small as llama.cpp accepts while still running every part. */
const N_EMBD = 64;
const N_HEAD = 4;
const N_LAYER = 2;
const N_FF = 128;
const N_CTX = 4096;

/** Token types of llama.cpp's SentencePiece vocabulary. */
const TOKEN = {NORMAL: 1, UNKNOWN: 2, CONTROL: 3, BYTE: 6};

/** The vocabulary: [piece, type]; `script`'s pieces come last, as words of their own. */
function vocabulary(script = []) {
  const tokens = [
    ['<unk>', TOKEN.UNKNOWN],
    ['<s>', TOKEN.CONTROL],
    ['</s>', TOKEN.CONTROL],
  ];
  for (let byte = 0; byte < 256; byte++) tokens.push([`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, TOKEN.BYTE]);
  for (let code = 32; code < 127; code++) tokens.push([code === 32 ? '\u2581' : String.fromCharCode(code), TOKEN.NORMAL]);
  for (const piece of script) tokens.push([piece.replaceAll(' ', '\u2581'), TOKEN.NORMAL]);
  return tokens;
}

/** The token every prompt ends with: the newline after the chat template's `assistant` (a byte token). */
const NEWLINE_TOKEN = 3 + 0x0a;
const EOS_TOKEN = 2;

/**
 * Weights that make the model write `script` after any prompt, then end. The layers add nothing
 * (the attention's and the feed-forward's output weights are zero), so the next token depends on
 * the last one only; each link of the chain (the prompt's final newline, each piece in turn) has
 * an embedding dimension of its own, which the output weights map to the next link with a logit
 * far above any other, so greedy decoding and the anti-repetition samplers alike follow it.
 * Returns, by tensor name, a function that rewrites that tensor's random values.
 */
function scriptedWeights(script, firstPieceId) {
  const chain = [NEWLINE_TOKEN, ...script.map((_, i) => firstPieceId + i), EOS_TOKEN];
  if (chain.length - 1 > N_EMBD) throw new Error(`a script has at most ${N_EMBD - 1} pieces`);
  /** Sets, for each link `i`, the row of `tokenOf(i)` to `value` on dimension `i` and 0 elsewhere. */
  const oneHot = (tokenOf, value) => (values) => {
    for (let i = 0; i < chain.length - 1; i++) {
      const row = values.subarray(tokenOf(i) * N_EMBD, (tokenOf(i) + 1) * N_EMBD);
      row.fill(0);
      row[i] = value;
    }
  };
  const zero = (values) => values.fill(0);
  const overrides = {'token_embd.weight': oneHot((i) => chain[i], 1), 'output.weight': oneHot((i) => chain[i + 1], 10)};
  for (let layer = 0; layer < N_LAYER; layer++) overrides[`blk.${layer}.attn_output.weight`] = overrides[`blk.${layer}.ffn_down.weight`] = zero;
  return overrides;
}

/** The chat template of each kind of tools model. */
const TEMPLATES = {native: TOOLS_TEMPLATE, text: TOOLS_LISTED_TEMPLATE};

/** A seeded generator of small floats (mulberry32), so the file is the same on every machine. */
function randomFloats(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) - 0.5) * 0.04;
  };
}

/** Appends little-endian values to a growing list of buffers. */
class Writer {
  parts = [];
  length = 0;
  push(buffer) {
    this.parts.push(buffer);
    this.length += buffer.length;
  }
  u32(value) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(text) {
    const bytes = Buffer.from(text, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  padTo(alignment) {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad) this.push(Buffer.alloc(pad));
  }
}

/**
 * Writes the model's bytes. `tools`: `'native'` for a model whose template writes tools and calls
 * (llama.cpp reads its calls), `'text'` for one whose template only lists tools (its calls come
 * back as text); either writes CALL_SCRIPT. Without it, random weights and no chat template.
 */
export function tinyGguf({padMb = 0, tools} = {}) {
  if (tools && !TEMPLATES[tools]) throw new Error(`tools is 'native' or 'text', not ${tools}`);
  const template = tools && TEMPLATES[tools];
  const script = tools && CALL_SCRIPT;
  const vocab = vocabulary(script);
  const metadata = [
    ['general.architecture', TYPE.STRING, 'llama'],
    ['general.name', TYPE.STRING, 'autoui tiny random'],
    ['general.alignment', TYPE.UINT32, ALIGNMENT],
    ['llama.context_length', TYPE.UINT32, N_CTX],
    ['llama.embedding_length', TYPE.UINT32, N_EMBD],
    ['llama.block_count', TYPE.UINT32, N_LAYER],
    ['llama.feed_forward_length', TYPE.UINT32, N_FF],
    ['llama.attention.head_count', TYPE.UINT32, N_HEAD],
    ['llama.attention.head_count_kv', TYPE.UINT32, N_HEAD],
    ['llama.rope.dimension_count', TYPE.UINT32, N_EMBD / N_HEAD],
    ['llama.attention.layer_norm_rms_epsilon', TYPE.FLOAT32, 1e-5],
    ['tokenizer.ggml.model', TYPE.STRING, 'llama'],
    ['tokenizer.ggml.tokens', TYPE.ARRAY, [TYPE.STRING, vocab.map(([piece]) => piece)]],
    ['tokenizer.ggml.scores', TYPE.ARRAY, [TYPE.FLOAT32, vocab.map((_, i) => -i)]],
    ['tokenizer.ggml.token_type', TYPE.ARRAY, [TYPE.INT32, vocab.map(([, type]) => type)]],
    ['tokenizer.ggml.bos_token_id', TYPE.UINT32, 1],
    ['tokenizer.ggml.eos_token_id', TYPE.UINT32, 2],
    ['tokenizer.ggml.unknown_token_id', TYPE.UINT32, 0],
    ['tokenizer.ggml.add_bos_token', TYPE.UINT32, 0],
    ['tokenizer.chat_template', TYPE.STRING, template],
  ].filter(([key, , value]) => key !== 'tokenizer.ggml.add_bos_token' && value !== undefined);

  const nVocab = vocab.length;
  const tensors = [
    ['token_embd.weight', [N_EMBD, nVocab]],
    ['output_norm.weight', [N_EMBD], 1],
    ['output.weight', [N_EMBD, nVocab]],
  ];
  for (let layer = 0; layer < N_LAYER; layer++) {
    const blk = `blk.${layer}`;
    tensors.push(
      [`${blk}.attn_norm.weight`, [N_EMBD], 1],
      [`${blk}.attn_q.weight`, [N_EMBD, N_EMBD]],
      [`${blk}.attn_k.weight`, [N_EMBD, N_EMBD]],
      [`${blk}.attn_v.weight`, [N_EMBD, N_EMBD]],
      [`${blk}.attn_output.weight`, [N_EMBD, N_EMBD]],
      [`${blk}.ffn_norm.weight`, [N_EMBD], 1],
      [`${blk}.ffn_gate.weight`, [N_EMBD, N_FF]],
      [`${blk}.ffn_up.weight`, [N_EMBD, N_FF]],
      [`${blk}.ffn_down.weight`, [N_FF, N_EMBD]],
    );
  }

  const head = new Writer();
  head.u32(GGUF_MAGIC);
  head.u32(GGUF_VERSION);
  head.u64(tensors.length);
  head.u64(metadata.length);
  for (const [key, type, value] of metadata) {
    head.string(key);
    head.u32(type);
    writeValue(head, type, value);
  }
  let offset = 0;
  for (const [name, dims] of tensors) {
    head.string(name);
    head.u32(dims.length);
    for (const dim of dims) head.u64(dim);
    head.u32(GGML_F32);
    head.u64(offset);
    offset += align(dims.reduce((a, b) => a * b, 1) * 4);
  }
  head.padTo(ALIGNMENT);

  const next = randomFloats(44);
  const overrides = script ? scriptedWeights(script, nVocab - script.length) : {};
  const data = new Writer();
  for (const [name, dims, constant] of tensors) {
    const count = dims.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    for (let i = 0; i < count; i++) values[i] = constant ?? next();
    overrides[name]?.(values);
    data.push(Buffer.from(values.buffer));
    data.padTo(ALIGNMENT);
  }
  // Padding is bytes after the last tensor's data, which llama.cpp never reads: an extra tensor
  // would make a longer download too, but llama.cpp refuses a file with a tensor its architecture
  // does not name ("wrong number of tensors").
  if (padMb > 0) data.push(Buffer.alloc(Math.round(padMb * 1024 * 1024)));
  return Buffer.concat([...head.parts, ...data.parts]);
}

function writeValue(writer, type, value) {
  if (type === TYPE.STRING) return writer.string(value);
  if (type === TYPE.UINT32) return writer.u32(value);
  if (type === TYPE.INT32) return writer.i32(value);
  if (type === TYPE.FLOAT32) return writer.f32(value);
  const [itemType, items] = value;
  writer.u32(itemType);
  writer.u64(items.length);
  for (const item of items) writeValue(writer, itemType, item);
}

const align = (n) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, ...rest] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node scripts/make-tiny-gguf.mjs <out.gguf> [--pad-mb N] [--tools native|text]');
    process.exit(2);
  }
  const option = (name) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
  const bytes = tinyGguf({padMb: Number(option('--pad-mb') ?? 0), tools: option('--tools')});
  mkdirSync(dirname(out), {recursive: true});
  writeFileSync(out, bytes);
  console.log(`${out}: ${bytes.length} bytes`);
}
