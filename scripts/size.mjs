#!/usr/bin/env node
/**
 * `npm run size`: what the package costs a page and an app, checked against
 * scripts/size-budgets.json. Exits 1 when a budget is exceeded.
 * - Script-tag build (dist/): min, gzip and brotli bytes of the ES build's first load (entry +
 *   static imports), the classic script's first load (the loader + the same files, within its
 *   own budget and `classicOverInitial` of the ES one), `core.js` with its static imports, each lazy chunk, and
 *   the all-in-one standalone script, and the local model runtime's WebAssembly (wllama.wasm).
 * - The package: the tarball's size and what `npm install` of it brings into an empty app
 *   (packages, MB), from `npm pack` of this checkout (scripts/pack.mjs).
 * The bundle figures are deterministic (they read the built files); the install reads npm's cache
 * first and the registry for what it lacks. `--dist <dir>` measures the bundle of a build written
 * to another folder, without the package's figures.
 */
import {readFileSync, readdirSync, existsSync} from 'node:fs';
import {gzipSync, brotliCompressSync, constants} from 'node:zlib';
import {dirname, join, normalize, relative, resolve} from 'node:path';
import {measureInstall, packTarball} from './pack.mjs';

// `--dist <dir>`: measure a build written elsewhere (`vite build --outDir <dir>`, so as not to
// overwrite dist/ while others use it); the package's figures are then left out, since the tarball
// is packed from dist/.
const distArg = process.argv.indexOf('--dist');
const otherDist = distArg >= 0 ? process.argv[distArg + 1] : undefined;
const dist = otherDist ? join(resolve(otherDist), '/') : new URL('../dist/', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(new URL('./size-budgets.json', import.meta.url), 'utf8'));
if (!existsSync(join(dist, 'autoui-agent.js'))) {
  console.error(`size: ${otherDist ?? 'dist/'} holds no build; run \`npm run build\` first.`);
  process.exit(1);
}

const measure = (files) => {
  const buffers = files.map((f) => readFileSync(join(dist, f)));
  // Each file is fetched and compressed on its own: sum per-file compressed sizes.
  return {
    min: buffers.reduce((s, b) => s + b.length, 0),
    gzip: buffers.reduce((s, b) => s + gzipSync(b, {level: 9}).length, 0),
    brotli: buffers.reduce((s, b) => s + brotliCompressSync(b, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length, 0),
  };
};

/** Static imports of an ES file (not `import()`), as paths relative to dist/. */
const staticImports = (file) =>
  [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g)].map((m) =>
    normalize(join(dirname(file), m[1])),
  );

/** A file with everything it imports statically, transitively. */
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of staticImports(file)) closure(dep, seen);
  return seen;
};

const rows = [];
const failures = [];
const row = (label, files, budget) => {
  // A folder given with --dist may hold the ES build alone (`vite build --outDir`): its other files are left out.
  if (otherDist && !files.every((f) => existsSync(join(dist, f)))) return console.log(`${label}: not in ${otherDist}`), undefined;
  const size = measure(files);
  rows.push({label, ...size, budget});
  if (budget !== undefined && size.gzip > budget) failures.push(`${label}: ${size.gzip} B gzip > budget ${budget} B`);
  return size;
};

const initial = closure('autoui-agent.js');
const es = row(`ES first load (${initial.size} files)`, [...initial], budgets.initial);
const classic = row('classic script first load (loader + ES first load)', ['autoui-agent.iife.js', ...initial], budgets.classic);
const ratio = classic ? classic.gzip / es.gzip : NaN;
if (ratio > budgets.classicOverInitial) failures.push(`classic script first load is ×${ratio.toFixed(3)} the ES one > ×${budgets.classicOverInitial}`);
row('core.js with its static imports', [...closure('core.js')], undefined);
const chunks = readdirSync(join(dist, 'chunks')).map((f) => `chunks/${f}`).filter((f) => f.endsWith('.js') && !initial.has(f)).sort();
for (const file of chunks) {
  const name = file.slice('chunks/'.length);
  const key = Object.keys(budgets.chunks).find((prefix) => name.startsWith(prefix));
  row(`lazy chunk ${name}`, [file], key ? budgets.chunks[key] : undefined);
}
// A budget whose chunk is no longer built under its name would stop applying without a word (the
// widgets' specs were built as hemicycle.contract- for a while, unbudgeted): that is a failure too.
for (const prefix of Object.keys(budgets.chunks)) {
  if (!chunks.some((file) => file.slice('chunks/'.length).startsWith(prefix))) failures.push(`no lazy chunk is named ${prefix}*: the budget applies to nothing (renamed? see vite.config.ts chunkFileNames)`);
}
row('standalone classic script (everything inlined)', ['autoui-agent.standalone.iife.js'], budgets.standalone);
// The local model's runtime: fetched only by a page on provider="local", when a question first needs it.
row('local model runtime wllama.wasm (provider="local" only)', ['wllama.wasm'], budgets.localRuntimeWasm);

const kb = (n) => (n / 1000).toFixed(1).padStart(7);
console.log(`${`script-tag build (${otherDist ?? 'dist/'})`.padEnd(56)} ${'min kB'.padStart(7)} ${'gzip kB'.padStart(7)} ${'br kB'.padStart(7)} ${'budget'.padStart(7)}`);
for (const r of rows) console.log(`${r.label.padEnd(56)} ${kb(r.min)} ${kb(r.gzip)} ${kb(r.brotli)} ${r.budget ? kb(r.budget) : '      -'}`);
if (classic) console.log(`classic script first load / ES first load: ×${ratio.toFixed(3)} (budget ×${budgets.classicOverInitial})`);

if (otherDist) {
  if (failures.length) console.error(`\nsize budgets exceeded:\n  ${failures.join('\n  ')}`);
  console.log(`\nsize: ${otherDist} measured; the package's figures need dist/ (npm run build)`);
  process.exit(failures.length ? 1 : 0);
}

const pack = packTarball();
const install = measureInstall(pack.tarball);
const limits = budgets.install;
console.log(`\n${'package'.padEnd(56)} ${'figure'.padStart(9)} ${'budget'.padStart(9)}`);
const figures = [
  ['tarball (kB)', pack.bytes / 1000, limits.tarballKilobytes],
  ['unpacked (kB)', pack.unpackedBytes / 1000, undefined],
  ['npm install autoui-agent: packages', install.packages, limits.packages],
  ['npm install autoui-agent: MB on disk', install.megabytes, limits.megabytes],
];
for (const [label, value, budget] of figures) {
  console.log(`${label.padEnd(56)} ${value.toFixed(1).padStart(9)} ${budget === undefined ? '        -' : String(budget).padStart(9)}`);
  if (budget !== undefined && value > budget) failures.push(`${label}: ${value.toFixed(1)} > budget ${budget}`);
}
console.log(`installed: ${install.names.sort().join(', ')}`);
console.log(`${relative(process.cwd(), pack.tarball)}`);

if (failures.length) {
  console.error(`\nsize budgets exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nsize: all budgets met');
