/**
 * The runtime of `provider="local"`: wllama (llama.cpp in WebAssembly, MIT), which runs the GGUF
 * model in a Worker of its own, never on the page's main thread, on WebGPU where the browser has
 * it and on the CPU otherwise. This module loads one model, once: from the browser's copy when a
 * complete one is kept, else from its URL after the person's yes.
 *
 * The weights are kept in the Origin Private File System, wllama's own store: a model of hundreds
 * of megabytes is written there as it streams in, never held whole in memory, and read back as a
 * file, and OPFS is not evicted under storage pressure the way a best-effort cache may be.
 *
 * The runtime's WebAssembly (about 10 MB, 2.9 MB with gzip) is a file beside the bundle, fetched
 * only here; a page may name another copy (`runtimeUrl`).
 */
import {ModelValidationStatus, Wllama, WllamaAbortError} from '@wllama/wllama';
import defaultWasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import {AutouiError, ErrorCodes} from '../../errors.js';
import {untilAborted} from '../until-aborted.js';
import type {ModelDownloadAbout, ModelDownloadProgress} from '../model-download.js';

/** What loading a model needs from its caller. */
export interface RuntimeLoad {
  /** The GGUF file's URL (absolute). */
  url: string;
  /** The runtime's WebAssembly, when not the copy beside the bundle. */
  runtimeUrl?: string;
  /** Tokens of context the model is loaded with. */
  contextTokens: number;
  /** The run's signal: Stop before the model is loaded ends the load. */
  signal?: AbortSignal;
  /** Asks the person before the download (absent: nobody can be asked, the load is refused). */
  askToDownload?(about: ModelDownloadAbout): Promise<boolean>;
  onDownloadProgress?(progress: ModelDownloadProgress): void;
  /** Aborted when the person cancels the download from its card. */
  downloadCancelled?(): AbortSignal | undefined;
}

/** A loaded model. */
export interface LoadedRuntime {
  wllama: Wllama;
  /** True when the model's chat template renders tools itself (its calls are then native). */
  nativeTools: boolean;
}

/**
 * The runtimes of this page, loading or loaded, each with what ends it: `endLocalRuntimes()` ends
 * them all, a load in progress included (its download stops at once, rather than running to its
 * end only for the model to be ended once loaded).
 */
const runtimes = new Set<{wllama: Wllama; end: AbortController; loading: Promise<LoadedRuntime>}>();

/** Loads the model of `load.url`. Throws an `AutouiError` with a `LOCAL_MODEL_*` code on failure. */
export function loadLocalRuntime(load: RuntimeLoad): Promise<LoadedRuntime> {
  const wllama = new Wllama({default: load.runtimeUrl ?? new URL(defaultWasmUrl, location.href).href}, {suppressNativeLog: true, allowOffline: true, logger: QUIET});
  const end = new AbortController();
  const loading = loadInto(wllama, load, end.signal);
  const runtime = {wllama, end, loading};
  runtimes.add(runtime);
  loading.catch(() => runtimes.delete(runtime));
  return loading;
}

/**
 * Ends every runtime of this page, loaded or still loading: each Worker is terminated, which gives
 * its memory (the WebAssembly heap with the model's weights and context) back to the browser. A
 * load in progress fails with `LOCAL_MODEL_FAILED`; an answer being written ends with an error.
 * The kept copies stay (see {@link clearKeptModels}).
 */
export async function endLocalRuntimes(): Promise<void> {
  const ending = [...runtimes];
  runtimes.clear();
  for (const {end} of ending) end.abort();
  await Promise.all(
    ending.map(async ({wllama, loading}) => {
      // Terminates a Worker that is loading the model, so the load fails at once...
      await wllama.exit().catch(() => undefined);
      await loading.catch(() => undefined);
      // ...and ends one the load started after that (wllama starts its Worker late in the load).
      await wllama.exit().catch(() => undefined);
    }),
  );
}

async function loadInto(wllama: Wllama, load: RuntimeLoad, ended: AbortSignal): Promise<LoadedRuntime> {
  try {
    const stopped = load.signal ? AbortSignal.any([ended, load.signal]) : ended;
    const downloading = !(await isKept(wllama, load.url));
    if (downloading) await askFirst(load, stopped);
    // The card's Cancel exists once the person said yes.
    const cancelled = load.downloadCancelled?.();
    const signal = cancelled ? AbortSignal.any([stopped, cancelled]) : stopped;
    await wllama.loadModelFromUrl(load.url, {
      n_ctx: load.contextTokens,
      signal,
      // A kept copy reports itself as one complete "download": nothing is downloaded, nothing is told.
      progressCallback: downloading ? ({loaded, total}) => load.onDownloadProgress?.({loaded, total}) : undefined,
    });
    if (ended.aborted) throw new DOMException('Ended', 'AbortError');
    // wllama reports a file llama.cpp could not load as a model with no vocabulary, not as an error.
    if (!wllama.getLoadedContextInfo().n_vocab) throw new Error('llama.cpp found no model in it');
    const template = wllama.getChatTemplate() ?? '';
    return {wllama, nativeTools: /\btools\b/.test(template)};
  } catch (error) {
    await wllama.exit().catch(() => undefined);
    if (ended.aborted) throw new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, `The local model ${fileName(load.url)} was unloaded before it was ready.`);
    // A refusal, a Cancel or a Stop says nothing against the file: a kept copy stays kept.
    if (error instanceof AutouiError) throw error;
    if (load.downloadCancelled?.()?.aborted) throw new AutouiError(ErrorCodes.LOCAL_MODEL_REFUSED, 'The download of the local model was cancelled.');
    if (load.signal?.aborted || error instanceof WllamaAbortError) throw error;
    // A copy that cannot be loaded is not kept: the next question downloads the file again.
    await forget(wllama, load.url);
    throw new AutouiError(ErrorCodes.LOCAL_MODEL_FAILED, loadFailureWords(load.url, error), {cause: error});
  }
}

/** wllama's own log, but for its warnings and errors: a page's console is not the runtime's diary. */
const QUIET = {debug: () => undefined, log: () => undefined, warn: console.warn, error: console.error};

/** True when a complete copy of `url` is kept in the browser: it loads with no question and no download. */
async function isKept(wllama: Wllama, url: string): Promise<boolean> {
  try {
    const models = await wllama.modelManager.getModels();
    return models.some((model) => model.url === url && model.validate() === ModelValidationStatus.VALID);
  } catch {
    return false;
  }
}

/** Deletes the kept copy of `url`, if any. */
async function forget(wllama: Wllama, url: string): Promise<void> {
  try {
    const models = await wllama.modelManager.getModels({includeInvalid: true});
    await Promise.all(models.filter((model) => model.url === url).map((model) => model.remove()));
  } catch {
    // Nothing kept, or storage unavailable: nothing to forget.
  }
}

/** Asks the person before a download; throws `LOCAL_MODEL_REFUSED` unless they agree. `signal`: Stop, or the runtime ended. */
async function askFirst(load: RuntimeLoad, signal: AbortSignal): Promise<void> {
  const about: ModelDownloadAbout = {provider: 'local', model: load.url, name: fileName(load.url), host: new URL(load.url).host, bytes: await sizeOf(load.url, signal)};
  if (!load.askToDownload) throw new AutouiError(ErrorCodes.LOCAL_MODEL_REFUSED, `The local model ${about.name} must be downloaded first, and nobody was asked to agree to the download.`);
  const agreed = await untilAborted(load.askToDownload(about), signal);
  if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
  if (!agreed) throw new AutouiError(ErrorCodes.LOCAL_MODEL_REFUSED, `The local model ${about.name} must be downloaded first, and the download was not accepted.`);
}

/** The file's size from its server, when it says (a HEAD request: nothing of the weights is read). */
async function sizeOf(url: string, signal: AbortSignal | undefined): Promise<number | undefined> {
  try {
    const response = await fetch(url, {method: 'HEAD', signal});
    const length = Number(response.headers.get('content-length'));
    return response.ok && length > 0 ? length : undefined;
  } catch {
    return undefined;
  }
}

/** The file's name, for the card: the last segment of its path. */
function fileName(url: string): string {
  const path = new URL(url).pathname;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
}

/** Why the model could not be loaded, in words a page's developer can act on. */
function loadFailureWords(url: string, error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  if (/Failed to fetch|HTTP \d|NetworkError/i.test(message)) return `The local model could not be downloaded from ${url}: ${message}.`;
  if (/magic|gguf|invalid|load|no model/i.test(message)) return `The file at ${url} is not a GGUF model this runtime can load (${message}); it was not kept.`;
  return `The local model could not be started: ${message}.`;
}

/**
 * Deletes every model the local provider keeps in this origin's storage (OPFS); the next question
 * with `provider="local"` asks again before downloading. Returns the bytes freed.
 */
export async function clearKeptModels(): Promise<number> {
  const wllama = new Wllama({default: defaultWasmUrl});
  const files = await wllama.cacheManager.list();
  await wllama.cacheManager.clear();
  return files.reduce((sum, file) => sum + Math.max(0, file.size), 0);
}
