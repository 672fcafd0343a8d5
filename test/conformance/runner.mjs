/**
 * The official conformance runner (`@modelcontextprotocol/conformance`), run with this process's
 * Node, which scripts/conformance.mjs makes a Node 22 or later (the runner calls `fs.globSync`).
 * What it writes to `-o` is read back here: one folder per scenario,
 * `<scenario>-<ISO time>/checks.json` (the client command) or `server-<scenario>-<ISO time>/` (the
 * server command); a client scenario named `auth/x` nests as `auth/x-<time>/`.
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
const cli = join(pkg, 'dist', 'index.js');

/** The runner's version, from its package.json (for the report's heading). */
export const runnerVersion = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version;

/**
 * Runs the runner with `args`; resolves with `{code, output}` (a non-zero code is data here: it
 * means a scenario failed). Asynchronous, because the demo servers under test live in this process.
 * `limitMs` kills a runner that hangs, so one stuck scenario cannot eat CI's budget.
 */
export function runConformance(args, {limitMs = 240_000} = {}) {
  return new Promise((resolve) => {
    // scripts/conformance.mjs runs under Node 22+ (it moves itself there), as the runner needs.
    const child = spawn(process.execPath, [cli, ...args], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill(), limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, output});
    });
  });
}

/**
 * One revision's frozen requirement set, from `list --requirements`: the scored `client` and
 * `server` scenarios, and the ones it runs but never scores (`notScored`: name → `{leg, reason}`).
 */
export async function requirementSet(revision) {
  const {code, output} = await runConformance(['list', '--requirements', revision]);
  if (code !== 0) throw new Error(`conformance list --requirements ${revision} failed:\n${output}`);
  const set = {revision, client: [], server: [], notScored: new Map()};
  let section;
  let reason;
  for (const line of output.split('\n')) {
    if (/^Server scenarios/.test(line)) section = 'server';
    else if (/^Client scenarios/.test(line)) section = 'client';
    else if (/^Run and reported, but never scored/.test(line)) section = 'notScored';
    else if (section === 'notScored' && /^ {2}(\S+) \(\d+\):/.test(line)) reason = /^ {2}(\S+)/.exec(line)[1];
    else if (section === 'notScored' && /^ {4}- /.test(line)) {
      const [, name, leg] = /^ {4}- (\S+) \[(\w+)\]/.exec(line) ?? [];
      if (name) set.notScored.set(`${leg}:${name}`, {leg, reason});
    } else if (section && section !== 'notScored' && /^ {2}- \S/.test(line)) set[section].push(line.trim().slice(2));
  }
  if (!set.client.length || !set.server.length) throw new Error(`Could not read the ${revision} requirement set from:\n${output}`);
  return set;
}

/** The ISO time the runner appends to a scenario's folder (colons and dots made dashes). */
const STAMP = /-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

/** The checks of every scenario under `dir`, by scenario name (`prefix` is `server-` for server runs). */
export function readChecks(dir, prefix = '') {
  const found = new Map();
  if (!existsSync(dir)) return found;
  for (const file of readdirSync(dir, {recursive: true}).map(String)) {
    if (!file.endsWith(`${sep}checks.json`)) continue;
    const folder = relative(dir, join(dir, file, '..')).split(sep).join('/');
    const scenario = folder.replace(STAMP, '').slice(prefix.length);
    found.set(scenario, {checks: JSON.parse(readFileSync(join(dir, file), 'utf8')), folder: join(dir, folder)});
  }
  return found;
}
