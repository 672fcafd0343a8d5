/**
 * The package as a consumer receives it: `npm pack` of the built checkout, and what installing
 * that tarball into an empty app brings (packages, megabytes). Used by `npm run size` (the
 * install footprint and its budgets) and by the package tests (test/package/), which install it
 * into their consumer apps. Installs read npm's cache first, so after the first run they do not
 * need the registry for packages they have seen.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Packs the checkout (dist/ must be built) into a fresh temporary folder.
 * @returns {{tarball: string, bytes: number, unpackedBytes: number, files: string[]}}
 */
export function packTarball() {
  const dir = mkdtempSync(join(tmpdir(), 'autoui-pack-'));
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32'}));
  return {tarball: join(dir, info.filename), bytes: info.size, unpackedBytes: info.unpackedSize, files: info.files.map((f) => f.path)};
}

/** `npm install` in `dir` with the given arguments, quietly, cache first. */
export function npmInstall(dir, args = []) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...args], {cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32'});
}

/** Bytes of every file under a folder. */
function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/**
 * Installs the tarball alone into an empty app, as `npm install autoui-agent` would, and measures
 * it. `packages` counts autoui-agent and everything it brought.
 * @returns {{packages: number, megabytes: number, names: string[]}}
 */
export function measureInstall(tarball) {
  const app = mkdtempSync(join(tmpdir(), 'autoui-install-'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'empty-app', private: true, type: 'module'}));
  npmInstall(app, [tarball]);
  // npm's own record of what it installed: one key per package folder ("node_modules/lit", …).
  const lock = JSON.parse(readFileSync(join(app, 'node_modules/.package-lock.json'), 'utf8'));
  const names = Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, ''));
  return {packages: names.length, megabytes: folderBytes(join(app, 'node_modules')) / 1e6, names};
}
