/**
 * A real Mastra agent behind `@ag-ui/mastra`, over AG-UI, whose model is the fake LLM: the
 * framework's own event stream for the AG-UI runner's tests. The server itself is
 * test/ag-ui-servers/mastra/agent-server.mjs (routes and scripts: its header and
 * mastra-scripts.mjs): `${url}/weather`, `/chart`, `/approval`, `/all`, `/llm?base=`, and
 * `GET /__requests?threadId=`.
 *
 * Mastra and its AG-UI adapter are not the project's dependencies (they need Node 22, and the
 * adapter's peers would bring CopilotKit's runtime): that folder's package.json and lock are
 * installed with `npm ci` into a cache folder the first time (`$AUTOUI_AGUI_MASTRA_DIR`, default
 * `~/.cache/autoui-agent/agui-mastra`, one subfolder per lock), and the server runs there as a
 * child process under Node 22 (the running Node when it is 22+, else the one
 * scripts/node22/ fetches for the conformance runner). No network, no Node 22: the server fails to
 * start, saying why, and the other test servers run.
 */
import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {findNode22} from '../../scripts/node22/index.mjs';
import {stopChild} from '../support/stop-child.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'agui-mastra';

/** Started after the fake LLM, whose URL the agent's model uses. */
export const needs = ['fake-llm'];

const SOURCE = fileURLToPath(new URL('../ag-ui-servers/mastra/', import.meta.url));
const PACKAGE_FILES = ['package.json', 'package-lock.json', '.npmrc'];
const SERVER_FILES = ['agent-server.mjs', 'mastra-scripts.mjs', 'mastra-tools.mjs'];
/** Longest wait for the first install plus the server's start. */
const START_TIMEOUT_MS = 240_000;

/** The folder holding this lock's node_modules, installed now when missing (whole, or not at all). */
function installedFolder() {
  const stamp = createHash('sha256').update(PACKAGE_FILES.map((f) => readFileSync(join(SOURCE, f), 'utf8')).join('\n')).digest('hex').slice(0, 16);
  const root = process.env.AUTOUI_AGUI_MASTRA_DIR || join(homedir(), '.cache', 'autoui-agent', 'agui-mastra');
  const folder = join(root, stamp);
  if (existsSync(join(folder, 'node_modules'))) return folder;
  mkdirSync(root, {recursive: true});
  const work = mkdtempSync(join(root, 'installing-'));
  try {
    for (const f of PACKAGE_FILES) copyFileSync(join(SOURCE, f), join(work, f));
    console.log(`agui-mastra: installing Mastra and @ag-ui/mastra into ${folder} (first use)...`);
    const npm = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {cwd: work, encoding: 'utf8', shell: process.platform === 'win32'});
    if (npm.status !== 0) throw new Error(`npm ci failed in ${work}: ${(npm.stderr || npm.error?.message || '').trim().slice(0, 2000)}`);
    // Another process may have finished the same install meanwhile: then its folder is kept.
    if (!existsSync(folder)) renameSync(work, folder);
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
  return folder;
}

/**
 * Installs (first time), then starts the Mastra AG-UI server.
 * @param {{urls: Record<string, string>}} options the started servers' URLs (the fake LLM's)
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function start({urls}) {
  if (!urls['fake-llm']) throw new Error('agui-mastra needs the fake-llm server, which did not start');
  const node = findNode22();
  if (!node.path) throw new Error(`agui-mastra: Mastra needs Node 22: ${node.why}`);
  const folder = installedFolder();
  // The server's own files, per process, beside the shared node_modules (they resolve from there).
  const run = join(folder, `run-${process.pid}-${Date.now()}`);
  mkdirSync(run);
  for (const f of SERVER_FILES) copyFileSync(join(SOURCE, f), join(run, f));
  const child = spawn(node.path, ['agent-server.mjs'], {cwd: run, env: {...process.env, FAKE_LLM_URL: urls['fake-llm']}, stdio: ['ignore', 'pipe', 'pipe']});
  child.stderr.on('data', (d) => process.stderr.write(`agui-mastra: ${d}`));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`agui-mastra did not start in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      let out = '';
      // Read on after the URL too, so a chatty server never fills the pipe and blocks.
      child.stdout.on('data', (d) => {
        if (out === null) return;
        out += d;
        const found = /AGUI_MASTRA_URL (\S+)/.exec(out);
        if (!found) return;
        out = null;
        clearTimeout(timer);
        resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`agui-mastra exited (code ${code}) before listening`)));
    });
    return {
      url,
      async close() {
        await stopChild(child);
        rmSync(run, {recursive: true, force: true});
      },
    };
  } catch (error) {
    await stopChild(child);
    rmSync(run, {recursive: true, force: true});
    throw error;
  }
}
