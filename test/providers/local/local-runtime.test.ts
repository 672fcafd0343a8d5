/**
 * The life of `provider="local"`'s runtime in the page (local-runtime.ts, with the real wllama and
 * the random-weight GGUF of scripts/make-tiny-gguf.mjs): the model runs in a Worker of its own,
 * `unloadLocalModels()` ends that Worker (a Worker ended is its WebAssembly memory, the model's
 * weights and context, given back to the browser), and `clearLocalModels()` also deletes the copy
 * kept in the origin's private file system, so the next question asks before downloading again.
 * `endLocalRuntimes()` also ends a runtime still loading: its download stops, its question to the
 * person is withdrawn.
 *
 * The page's `Worker` constructor is wrapped for these tests, to see each Worker the runtime starts
 * and whether it was terminated.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import type {AutouiError} from '../../../src/errors.js';
import {clearLocalModels, LocalModel, unloadLocalModels} from '../../../src/providers/local/local-model.js';
import {endLocalRuntimes, loadLocalRuntime} from '../../../src/providers/local/local-runtime.js';
import type {ModelRequest, ModelStreamPart} from '../../../src/providers/language-model.js';
import type {ModelDownloadProgress} from '../../../src/providers/model-download.js';

const FILES = SERVERS['model-files'];
const request: ModelRequest = {system: 'You help.', messages: [{role: 'user', content: 'Hello?'}], tools: [], maxTokens: 24};

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}
const gets = async (path: string): Promise<number> => (await (await fetch(`${FILES}/requests?path=${path}`)).json()).GET;

/** A question to the tiny model; `asked` counts the questions before a download (each answered yes). */
function ask() {
  const asked: string[] = [];
  const local = new LocalModel({model: `${FILES}/tiny.gguf`, contextTokens: 1024, temperature: 0, askToDownload: async ({name}) => (asked.push(name ?? ''), true)});
  return {asked, answer: () => collect(local.stream(request))};
}

/** Each Worker the page starts while watched, and whether it was terminated. */
function watchWorkers() {
  const Original = globalThis.Worker;
  const started: {ended: boolean}[] = [];
  globalThis.Worker = class extends Original {
    #record = {ended: false};
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      started.push(this.#record);
    }
    override terminate(): void {
      this.#record.ended = true;
      super.terminate();
    }
  };
  return {started, running: () => started.filter((w) => !w.ended).length, restore: () => (globalThis.Worker = Original)};
}

type Directory = FileSystemDirectoryHandle & {values(): AsyncIterable<FileSystemDirectoryHandle | FileSystemFileHandle>};

/** The bytes of every file in the origin's private file system. */
async function privateFileBytes(dir?: Directory): Promise<number> {
  let bytes = 0;
  for await (const entry of (dir ?? ((await navigator.storage.getDirectory()) as Directory)).values()) {
    bytes += entry.kind === 'file' ? (await entry.getFile()).size : await privateFileBytes(entry as Directory);
  }
  return bytes;
}

describe('The local runtime in the page (wllama, a random-weight GGUF)', function () {
  // Loading the runtime compiles 10 MB of WebAssembly: seconds on a busy machine.
  this.timeout(180_000);
  let workers: ReturnType<typeof watchWorkers>;
  let size: number;

  before(async () => {
    await clearLocalModels();
    size = Number((await fetch(`${FILES}/tiny.gguf`, {method: 'HEAD'})).headers.get('content-length'));
    workers = watchWorkers();
  });
  after(async () => {
    workers.restore();
    await clearLocalModels();
  });

  it('runs the model in one Worker, which stays for the next question', async () => {
    const first = ask();
    const parts = await first.answer();
    expect(parts.some((p) => p.type === 'text-delta'), JSON.stringify(parts)).to.equal(true);
    expect(first.asked).to.deep.equal(['tiny.gguf']);
    expect(workers.running()).to.equal(1);
    const started = workers.started.length;
    await ask().answer();
    expect(workers.started.length).to.equal(started);
    expect(workers.running()).to.equal(1);
  });

  it('unloadLocalModels() ends the Worker; the next question starts one again from the kept copy, with no question and no download', async () => {
    await unloadLocalModels();
    expect(workers.running()).to.equal(0);
    expect(await privateFileBytes()).to.be.at.least(size);
    const downloads = await gets('/tiny.gguf');
    const next = ask();
    const parts = await next.answer();
    expect(parts.some((p) => p.type === 'text-delta'), JSON.stringify(parts)).to.equal(true);
    expect(next.asked).to.deep.equal([]);
    expect(await gets('/tiny.gguf')).to.equal(downloads);
    expect(workers.running()).to.equal(1);
  });

  it('clearLocalModels() ends the Worker and deletes the kept copy; the next question asks again and downloads', async () => {
    const freed = await clearLocalModels();
    expect(workers.running()).to.equal(0);
    expect(freed).to.be.at.least(size);
    expect(await privateFileBytes()).to.equal(0);
    const downloads = await gets('/tiny.gguf');
    const next = ask();
    await next.answer();
    expect(next.asked).to.deep.equal(['tiny.gguf']);
    expect(await gets('/tiny.gguf')).to.equal(downloads + 1);
  });

  it('clearLocalModels() while an answer is being written ends the Worker, and the turn ends saying the model was unloaded', async () => {
    const local = new LocalModel({model: `${FILES}/tiny.gguf`, contextTokens: 1024, temperature: 0, askToDownload: async () => true});
    const parts: ModelStreamPart[] = [];
    let cleared: Promise<number> | undefined;
    // Random weights never close their answer: it would run to 800 tokens, far longer than Clear takes.
    for await (const part of local.stream({...request, maxTokens: 800})) {
      parts.push(part);
      if (part.type === 'text-delta') cleared ??= clearLocalModels();
    }
    await cleared;
    expect(workers.running()).to.equal(0);
    const errors = parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
    expect(errors.map((e) => e.code)).to.deep.equal(['LOCAL_MODEL_FAILED']);
    expect(errors[0].message).to.include('unloaded');
  });

  it('a file that cannot be loaded leaves no Worker running', async () => {
    for (const path of ['/truncated.gguf', '/not-a-model.gguf']) {
      const local = new LocalModel({model: `${FILES}${path}`, contextTokens: 1024, askToDownload: async () => true});
      const parts = await collect(local.stream(request));
      expect(parts.map((p) => (p.type === 'error' ? p.error.code : p.type)), path).to.deep.equal(['LOCAL_MODEL_FAILED']);
      expect(workers.running(), path).to.equal(0);
    }
  });

  it('endLocalRuntimes() during a download stops it at once: the load fails, no Worker runs, the next load asks again', async () => {
    let downloading!: () => void;
    const started = new Promise<void>((resolve) => (downloading = resolve));
    const progress: ModelDownloadProgress[] = [];
    const loading = loadLocalRuntime({
      url: `${FILES}/slow.gguf`,
      contextTokens: 1024,
      askToDownload: async () => true,
      onDownloadProgress: (p) => {
        progress.push(p);
        if (p.loaded > 0) downloading();
      },
    });
    await started;
    await endLocalRuntimes();
    const error = await loading.then(() => undefined, (e: AutouiError) => e);
    expect(error?.code).to.equal('LOCAL_MODEL_FAILED');
    expect(error?.message).to.include('slow.gguf').and.include('unloaded');
    expect(progress.at(-1)!.loaded).to.be.lessThan(progress.at(-1)!.total);
    expect(workers.running()).to.equal(0);
    const asked: string[] = [];
    const again = loadLocalRuntime({url: `${FILES}/slow.gguf`, contextTokens: 1024, askToDownload: async () => (asked.push('slow.gguf'), false)});
    await again.catch(() => undefined);
    expect(asked).to.deep.equal(['slow.gguf']);
  });

  it("clearLocalModels() during a question's download stops the download where it is: the turn fails, nothing is kept, no Worker runs", async () => {
    const progress: ModelDownloadProgress[] = [];
    let downloading!: () => void;
    const started = new Promise<void>((resolve) => (downloading = resolve));
    const local = new LocalModel({
      model: `${FILES}/slow.gguf`,
      contextTokens: 1024,
      askToDownload: async () => true,
      onDownloadProgress: (p) => {
        progress.push(p);
        if (p.loaded > 0) downloading();
      },
    });
    const turn = collect(local.stream(request));
    await started;
    await clearLocalModels();
    const parts = await turn;
    expect(parts.map((p) => (p.type === 'error' ? p.error.code : p.type))).to.deep.equal(['LOCAL_MODEL_FAILED']);
    expect(progress.at(-1)!.loaded, 'the download did not run to its end first').to.be.lessThan(progress.at(-1)!.total);
    expect(workers.running()).to.equal(0);
    expect(await privateFileBytes(), 'nothing of the model is kept').to.equal(0);
  });

  it('endLocalRuntimes() while the person is being asked ends the question, and the load fails', async () => {
    let asking!: () => void;
    const asked = new Promise<void>((resolve) => (asking = resolve));
    const loading = loadLocalRuntime({url: `${FILES}/tiny.gguf`, contextTokens: 1024, askToDownload: () => (asking(), new Promise<boolean>(() => undefined))});
    await asked;
    await endLocalRuntimes();
    const error = await loading.then(() => undefined, (e: AutouiError) => e);
    expect(error?.code).to.equal('LOCAL_MODEL_FAILED');
    expect(workers.running()).to.equal(0);
  });
});
