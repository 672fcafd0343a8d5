#!/usr/bin/env node
/**
 * `npm run lint:lock`: would `npm install` from package-lock.json succeed on Linux, macOS and
 * Windows, x64 and ARM? npm refuses (EBADPLATFORM) a package whose `os`, `cpu` or `libc` excludes
 * the machine unless every way to it passes an optional dependency; on other platforms it simply
 * skips such an optional one. npm's --os and --cpu flags do not reproduce the refusal on this
 * machine, so the lock file is what is read: from the root, along every edge that is not
 * optional (dependencies, devDependencies, required peers), each package reached must allow every
 * platform. npm's own `optional` flag in the lock must agree. The same packages must accept the
 * oldest Node the root's `engines` names (npm warns EBADENGINE otherwise; an optional one it skips).
 * Exit code 1 names each refusal.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import semver from 'semver';

/** The platforms the project installs on (linux is taken as glibc, the desktop and CI case). */
export const PLATFORMS = ['linux', 'darwin', 'win32'].flatMap((os) => ['x64', 'arm64'].map((cpu) => ({os, cpu, libc: os === 'linux' ? 'glibc' : undefined})));

/** npm's rule for one field: `!x` excludes x; any plain entry means only those are allowed. */
function allows(field, value) {
  const list = [field ?? []].flat();
  if (value === undefined || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const plain = list.filter((v) => !v.startsWith('!'));
  return plain.length === 0 || plain.includes(value) || plain.includes('any');
}

/** The platforms (as `os-cpu`) on which npm refuses `entry`. */
export function refusedOn(entry, platforms = PLATFORMS) {
  return platforms.filter((p) => !(allows(entry.os, p.os) && allows(entry.cpu, p.cpu) && allows(entry.libc, p.libc))).map((p) => `${p.os}-${p.cpu}`);
}

/** Where `name` resolves from the package at `from`, Node's way: nearest node_modules upward. */
function resolve(packages, from, name) {
  const parts = from ? from.split('/') : [];
  for (let i = parts.length; i >= 0; i--) {
    if (i > 0 && parts[i - 1] === 'node_modules') continue;
    const key = [...parts.slice(0, i), 'node_modules', name].join('/');
    if (packages[key]) return packages[key].link ? packages[key].resolved : key;
  }
  return undefined;
}

/** The names a package requires (not optional) of what it declares. */
function required(entry, isRoot) {
  const optional = new Set(Object.keys(entry.optionalDependencies ?? {}));
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((n) => !entry.peerDependenciesMeta?.[n]?.optional);
  return [...Object.keys(entry.dependencies ?? {}), ...(isRoot ? Object.keys(entry.devDependencies ?? {}) : []), ...peers].filter((n) => !optional.has(n));
}

/**
 * Every package of a lock file (v2 or v3) that npm would refuse to install on one of `platforms`.
 * @returns {{path: string, version?: string, platforms: string[], via: string}[]} `via` is the chain
 *   of packages from the root, or "npm marks it required" when only the lock's flag says so.
 */
export function platformRefusals(lock, platforms = PLATFORMS) {
  const packages = lock.packages;
  const via = requiredPackages(lock);
  const refusals = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const platformsRefused = refusedOn(entry, platforms);
    if (!platformsRefused.length) continue;
    // Reached along required edges, or not marked optional by npm itself (a resolution this walk missed).
    if (!via.has(path) && entry.optional) continue;
    refusals.push({path, version: entry.version, platforms: platformsRefused, via: via.has(path) ? via.get(path).join(' > ') : 'npm marks it required'});
  }
  return refusals;
}

/**
 * The required packages whose `engines.node` the oldest Node of the root's `engines.node` does not
 * satisfy (`node` overrides that version).
 * @returns {{path: string, version?: string, engines: string, node: string, via: string}[]}
 */
export function engineRefusals(lock, node = semver.minVersion(lock.packages['']?.engines?.node ?? '*')?.version) {
  const via = requiredPackages(lock);
  return [...via.keys()]
    .map((path) => ({path, entry: lock.packages[path]}))
    .filter(({path, entry}) => path && typeof entry.engines?.node === 'string' && !semver.satisfies(node, entry.engines.node))
    .map(({path, entry}) => ({path, version: entry.version, engines: entry.engines.node, node, via: via.get(path).join(' > ')}));
}

/** Every package npm must install, by path, with the chain of names from the root that requires it. */
function requiredPackages(lock) {
  const packages = lock.packages;
  if (!packages?.['']) throw new Error('not a package-lock.json of lockfileVersion 2 or 3 (no "packages" with a root entry)');
  const via = new Map([['', [packages[''].name ?? 'the root']]]);
  const queue = [''];
  while (queue.length) {
    const from = queue.shift();
    for (const name of required(packages[from], from === '')) {
      const to = resolve(packages, from, name);
      if (to === undefined || via.has(to) || !packages[to]) continue;
      via.set(to, [...via.get(from), name]);
      queue.push(to);
    }
  }
  return via;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? fileURLToPath(new URL('../package-lock.json', import.meta.url));
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const refusals = platformRefusals(lock);
  const engines = engineRefusals(lock);
  const names = PLATFORMS.map((p) => `${p.os}-${p.cpu}`).join(', ');
  if (!refusals.length) {
    console.log(`${file}: installs on ${names} (every package limited to an OS, CPU or libc is reached only through optional dependencies)`);
  } else {
    console.log(`${file}: npm would refuse to install these (EBADPLATFORM); make them optional (optionalDependencies) or drop them:`);
    for (const r of refusals) console.log(`  ✗ ${r.path}@${r.version} on ${r.platforms.join(', ')}: required through ${r.via}`);
  }
  if (!engines.length) console.log(`${file}: every required package accepts Node ${semver.minVersion(lock.packages[''].engines?.node ?? '*')}, the oldest the root's engines name (no EBADENGINE)`);
  for (const r of engines) console.log(`  ✗ ${r.path}@${r.version} wants Node ${r.engines}, not ${r.node} (EBADENGINE): required through ${r.via}`);
  process.exit(refusals.length || engines.length ? 1 : 0);
}
