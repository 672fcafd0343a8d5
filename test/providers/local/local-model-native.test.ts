/**
 * `provider="local"`'s native tool path with the real runtime (wllama: llama.cpp in WebAssembly, in
 * its Worker): tiny GGUF models whose chat template mentions tools, served by
 * test/servers/model-files.mjs. Their weights are scripted (scripts/make-tiny-gguf.mjs): whatever
 * they are asked, they write "Let me check." and then a call in the Qwen/Hermes text format,
 * `<tool_call>{"name": "lookup", "arguments": {"city": "Paris"}}</tool_call>`, the same on every
 * run. In the constrained path the grammar would not let them write a word of it, so each answer
 * read here is the native path's.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {clearLocalModels, LocalModel} from '../../../src/providers/local/local-model.js';
import type {ModelRequest, ModelStreamPart, ProviderTool} from '../../../src/providers/language-model.js';

const FILES = SERVERS['model-files'];

/** The tool the scripted models call; `cityWords` is its argument's description. */
const lookup = (cityWords = 'The city.'): ProviderTool => ({
  name: 'lookup',
  description: 'Looks a city up.',
  input_schema: {type: 'object', properties: {city: {type: 'string', description: cityWords}}, required: ['city']},
});
const request = (over: Partial<ModelRequest> = {}): ModelRequest => ({system: 'You help.', messages: [{role: 'user', content: 'What is the weather in Paris?'}], tools: [lookup()], maxTokens: 48, ...over});

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}
const words = (parts: ModelStreamPart[]) => parts.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : []));
const calls = (parts: ModelStreamPart[]) => parts.filter((p): p is Extract<ModelStreamPart, {type: 'tool-call'}> => p.type === 'tool-call');
const finish = (parts: ModelStreamPart[]) => parts.find((p): p is Extract<ModelStreamPart, {type: 'finish'}> => p.type === 'finish');
const errors = (parts: ModelStreamPart[]) => parts.flatMap((p) => (p.type === 'error' ? [p.error.message] : []));

/** A model of `path` (downloaded without a question: these tests are not about the card). */
const model = (path: string) => new LocalModel({model: `${FILES}${path}`, contextTokens: 2048, temperature: 0, askToDownload: async () => true});

/** A turn's words, then its one call of `lookup` for Paris, and the turn ends for the call. */
function expectWordsThenCall(parts: ModelStreamPart[]): void {
  const shown = JSON.stringify(parts);
  expect(errors(parts), shown).to.deep.equal([]);
  // The words stream as the model writes them, and nothing of the call is shown as words.
  expect(words(parts).length, shown).to.be.greaterThan(1);
  expect(words(parts).join('').trim()).to.equal('Let me check.');
  expect(calls(parts).map(({name, input, inputError}) => ({name, input, inputError})), shown).to.deep.equal([{name: 'lookup', input: {city: 'Paris'}, inputError: undefined}]);
  expect(finish(parts)?.reason, shown).to.equal('tool-calls');
  // llama.cpp counts the turn's tokens when asked to, as a wire model's usage.
  expect(finish(parts)?.usage?.inputTokens, shown).to.be.greaterThan(0);
  expect(finish(parts)?.usage?.outputTokens, shown).to.be.greaterThan(0);
}

describe('LocalModel, native tool calls (wllama, a GGUF whose template mentions tools)', function () {
  // Loading the runtime compiles 10 MB of WebAssembly: seconds on a busy machine.
  this.timeout(180_000);

  before(() => clearLocalModels());
  after(() => clearLocalModels());

  it('takes the native path: the words stream, then the call the model writes in its template\'s format is read as a tool call', async () => {
    expectWordsThenCall(await collect(model('/tools.gguf').stream(request())));
  });

  it('a turn that must call a tool works too (the call\'s grammar starts after the template\'s "assistant" turn opener)', async () => {
    expectWordsThenCall(await collect(model('/tools.gguf').stream(request({toolChoice: 'required'}))));
  });

  it('the offered tools reach the prompt through the model\'s own template, schema and all', async () => {
    // A context of 512 tokens holds the question with the tool (this vocabulary reads a prompt one
    // token per character: about 450), not once its argument's description is 300 characters
    // longer. The template writes each tool as JSON, that description included; the constrained
    // path's prompt leaves argument descriptions out, so only the template can have put it there.
    const small = new LocalModel({model: `${FILES}/tools.gguf`, contextTokens: 512, temperature: 0, askToDownload: async () => true});
    expectWordsThenCall(await collect(small.stream(request())));
    const parts = await collect(small.stream(request({tools: [lookup(`The city.${' Any city.'.repeat(30)}`)]})));
    expect(calls(parts)).to.deep.equal([]);
    expect(errors(parts)).to.have.length(1);
    expect(errors(parts)[0]).to.include('longer than the local model can read');
  });

  it('Stop mid-generation ends the turn with no call and no error, and the next turn is answered', async () => {
    const local = model('/tools.gguf');
    const stop = new AbortController();
    const parts: ModelStreamPart[] = [];
    for await (const part of local.stream(request(), {signal: stop.signal})) {
      parts.push(part);
      if (part.type === 'text-delta') stop.abort();
    }
    expect(words(parts)).to.deep.equal(['Let']);
    expect(calls(parts)).to.deep.equal([]);
    expect(errors(parts)).to.deep.equal([]);
    expectWordsThenCall(await collect(local.stream(request())));
  });

  it('a call written in a format the template never shows comes back as text, and the text parsers read it', async () => {
    expectWordsThenCall(await collect(model('/tools-text.gguf').stream(request())));
  });
});
