/**
 * Where a Node 22 or later is on this machine, for the MCP conformance runner (it calls
 * `fs.globSync`, which Node 20 lacks): the running Node when it is 22+, else this platform's binary
 * from the optional dependencies beside this file, if npm installed it and it runs here.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';

const require = createRequire(import.meta.url);
const major = (version) => Number(version.split('.')[0]);

/**
 * @returns {{path: string, version: string} | {why: string}} the Node to run, or why there is none
 *   (a sentence naming what to install).
 */
export function findNode22() {
  if (major(process.versions.node) >= 22) return {path: process.execPath, version: process.versions.node};
  const running = `Node ${process.versions.node} is running and the conformance runner needs Node 22 or later`;
  // The binaries are published as node-<os>-<cpu>, with "win" for Windows.
  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const offered = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).optionalDependencies;
  if (!(name in offered)) return {why: `${running}; npm has no Node 22 binary for ${process.platform}-${process.arch} (${name}). Run \`npm run conformance\` under Node 22+ (nvm, fnm, Volta or nodejs.org).`};
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    return {why: `${running}; ${name}, its optional binary, is not installed (npm skips an optional package it could not fetch): run \`npm install\` again, or use Node 22+.`};
  }
  const bin = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.node);
  // A binary that installs but cannot start (a musl Linux, say: these are glibc builds) is reported, not used.
  const probe = spawnSync(bin, ['--version'], {encoding: 'utf8'});
  if (probe.status !== 0) return {why: `${running}; ${bin} does not start here (${probe.error?.message ?? probe.stderr.trim()}): use Node 22+.`};
  return {path: bin, version: probe.stdout.trim().replace(/^v/, '')};
}
