/**
 * `provider="local"` with the real runtime (wllama: llama.cpp in WebAssembly, in its Worker) and a
 * real GGUF file with random weights (scripts/make-tiny-gguf.mjs), served by a test server that
 * answers Range requests and counts them (test/servers/model-files.mjs). The model's words are
 * noise; what is tested is everything around them: the question before a download, the download and
 * its progress, Cancel, the copy kept in the browser, streaming, Stop, and the errors of a bad file.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {clearLocalModels, LocalModel, unloadLocalModels, type LocalModelOptions} from '../../../src/providers/local/local-model.js';
import type {ModelRequest, ModelStreamPart} from '../../../src/providers/language-model.js';
import type {ModelDownloadAbout, ModelDownloadProgress} from '../../../src/providers/model-download.js';

const FILES = SERVERS['model-files'];
// No tools: each turn is held to {"answer": "…"}, whose words stream.
const request = (over: Partial<ModelRequest> = {}): ModelRequest => ({system: 'You help.', messages: [{role: 'user', content: 'Hello?'}], tools: [], maxTokens: 24, ...over});

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}
const errors = (parts: ModelStreamPart[]) => parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
const requestsOf = async (path: string): Promise<{GET: number; HEAD: number}> => (await fetch(`${FILES}/requests?path=${path}`)).json();

/** A model of `path` whose questions are answered `yes`, with what it asked and told. */
function model(path: string, yes = true, over: Partial<LocalModelOptions> = {}) {
  const asked: ModelDownloadAbout[] = [];
  const progress: ModelDownloadProgress[] = [];
  const local = new LocalModel({
    model: `${FILES}${path}`,
    contextTokens: 2048,
    // Greedy: the same noise on every run.
    temperature: 0,
    askToDownload: async (about) => (asked.push(about), yes),
    onDownloadProgress: (p) => progress.push(p),
    ...over,
  });
  return {local, asked, progress};
}

describe('LocalModel (wllama, a random-weight GGUF)', function () {
  // Loading the runtime compiles 10 MB of WebAssembly: seconds on a busy machine.
  this.timeout(180_000);

  before(async () => {
    await clearLocalModels();
    await fetch(`${FILES}/reset`);
  });
  after(() => clearLocalModels());

  it('asks before downloading, with the file, its host and size; "no" downloads nothing', async () => {
    const {local, asked} = model('/tiny.gguf', false);
    const parts = await collect(local.stream(request()));
    expect(errors(parts).map((e) => e.code)).to.deep.equal(['LOCAL_MODEL_REFUSED']);
    expect(errors(parts)[0].message).to.include('tiny.gguf').and.include('not accepted');
    expect(asked).to.have.length(1);
    expect(asked[0]).to.include({provider: 'local', name: 'tiny.gguf', host: new URL(FILES).host, model: `${FILES}/tiny.gguf`});
    expect(asked[0].bytes).to.be.greaterThan(100_000);
    expect((await requestsOf('/tiny.gguf')).GET).to.equal(0);
  });

  it('after a yes, downloads with progress, then streams the answer as the model writes it', async () => {
    const {local, asked, progress} = model('/tiny.gguf');
    const parts = await collect(local.stream(request()));
    expect(asked).to.have.length(1);
    expect(progress.length).to.be.greaterThan(0);
    expect(progress.at(-1)!.loaded).to.equal(progress.at(-1)!.total);
    expect((await requestsOf('/tiny.gguf')).GET).to.equal(1);
    // Random weights never close their answer: it streams, then reaches the output limit, told as such.
    expect(parts.filter((p) => p.type === 'text-delta').length).to.be.greaterThan(1);
    expect(errors(parts).map((e) => e.code)).to.deep.equal(['LOCAL_MODEL_FAILED']);
    expect(errors(parts)[0].message).to.include('output limit');
  });

  it('the next question uses the loaded model: no question, no request', async () => {
    const before = await requestsOf('/tiny.gguf');
    const {local, asked} = model('/tiny.gguf');
    await collect(local.stream(request()));
    expect(asked).to.have.length(0);
    expect(await requestsOf('/tiny.gguf')).to.deep.equal(before);
  });

  it('once the Worker is ended, the kept copy loads without a question and without a request for the weights', async () => {
    await unloadLocalModels();
    const before = await requestsOf('/tiny.gguf');
    const {local, asked, progress} = model('/tiny.gguf');
    const parts = await collect(local.stream(request()));
    expect(asked).to.have.length(0);
    expect(progress).to.have.length(0);
    expect(parts.some((p) => p.type === 'text-delta'), JSON.stringify(parts)).to.equal(true);
    expect((await requestsOf('/tiny.gguf')).GET).to.equal(before.GET);
  });

  it('Stop mid-generation ends the turn with no error, and the model answers the next turn', async () => {
    const {local} = model('/tiny.gguf');
    const stop = new AbortController();
    const parts: ModelStreamPart[] = [];
    for await (const part of local.stream(request({maxTokens: 400}), {signal: stop.signal})) {
      parts.push(part);
      if (part.type === 'text-delta') stop.abort();
    }
    expect(errors(parts)).to.deep.equal([]);
    expect(parts.filter((p) => p.type === 'text-delta').length).to.be.lessThan(20);
    const next = await collect(local.stream(request()));
    expect(next.some((p) => p.type === 'text-delta')).to.equal(true);
  });

  it('Cancel mid-download stops it with LOCAL_MODEL_REFUSED; nothing is kept, so the next question asks again', async () => {
    const cancel = new AbortController();
    const {local, progress} = model('/slow.gguf', true, {
      downloadCancelled: () => cancel.signal,
      onDownloadProgress: (p) => {
        progress.push(p);
        if (p.loaded > 0 && p.loaded < p.total) cancel.abort();
      },
    });
    const parts = await collect(local.stream(request()));
    expect(errors(parts).map((e) => e.code)).to.deep.equal(['LOCAL_MODEL_REFUSED']);
    expect(errors(parts)[0].message).to.include('cancelled');
    expect(progress.at(-1)!.loaded).to.be.lessThan(progress.at(-1)!.total);
    const again = model('/slow.gguf', false);
    await collect(again.local.stream(request()));
    expect(again.asked).to.have.length(1);
  });

  it('a truncated file and a file that is no model fail with LOCAL_MODEL_FAILED, saying which file', async () => {
    for (const path of ['/truncated.gguf', '/not-a-model.gguf']) {
      const {local} = model(path);
      const parts = await collect(local.stream(request()));
      expect(errors(parts).map((e) => e.code), path).to.deep.equal(['LOCAL_MODEL_FAILED']);
      expect(errors(parts)[0].message, path).to.include(path.slice(1));
      // The bad copy was not kept: the next question asks again before downloading.
      const again = model(path, false);
      await collect(again.local.stream(request()));
      expect(again.asked, path).to.have.length(1);
    }
  });

  it('a file that is not there fails with LOCAL_MODEL_FAILED, naming the URL', async () => {
    const {local} = model('/missing.gguf');
    const parts = await collect(local.stream(request()));
    expect(errors(parts).map((e) => e.code)).to.deep.equal(['LOCAL_MODEL_FAILED']);
    expect(errors(parts)[0].message).to.include('missing.gguf');
  });
});
