#!/usr/bin/env node
/**
 * `npm run size`: min, gzip and brotli bytes of the initial ES load (entry + static imports),
 * each lazy chunk and the IIFE, checked against scripts/size-budgets.json. Deterministic (it reads
 * the built files), so it runs inside `npm test`. Exits 1 when a budget is exceeded.
 */
import {readFileSync, readdirSync, existsSync} from 'node:fs';
import {gzipSync, brotliCompressSync, constants} from 'node:zlib';
import {join} from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(new URL('./size-budgets.json', import.meta.url), 'utf8'));
if (!existsSync(join(dist, 'autoui-agent.js'))) {
  console.error('size: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}

const measure = (buffers) => {
  const all = Buffer.concat(buffers);
  // Each file is fetched and compressed on its own: sum per-file compressed sizes.
  return {
    min: all.length,
    gzip: buffers.reduce((s, b) => s + gzipSync(b, {level: 9}).length, 0),
    brotli: buffers.reduce((s, b) => s + brotliCompressSync(b, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length, 0),
  };
};

/** Static imports of an ES chunk (not `import()`): `import x from"./a.js"`, `import"./a.js"`, `export … from"./a.js"`. */
const staticImports = (code) =>
  [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.\/[^"']+)["']/g)].map((m) => m[1].slice(2));

const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  for (const dep of staticImports(readFileSync(join(dist, file), 'utf8'))) visit(dep);
};
visit('autoui-agent.js');

const rows = [];
const failures = [];
const row = (label, names, budget) => {
  const size = measure(names.map((f) => readFileSync(join(dist, f))));
  rows.push({label, ...size, budget});
  if (budget !== undefined && size.gzip > budget) failures.push(`${label}: ${size.gzip} B gzip > budget ${budget} B`);
};

row(`initial ES load (${initial.size} file${initial.size > 1 ? 's' : ''})`, [...initial], budgets.initial);
const otherEntries = ['core.js'];
for (const file of otherEntries.filter((f) => files.includes(f))) row(`entry ${file} (own code only)`, [file], undefined);
for (const file of files.filter((f) => !initial.has(f) && f !== 'autoui-agent.iife.js' && !otherEntries.includes(f)).sort()) {
  const key = Object.keys(budgets.chunks).find((prefix) => file.startsWith(prefix));
  row(`lazy chunk ${file}`, [file], key ? budgets.chunks[key] : undefined);
}
row('IIFE (everything inlined)', ['autoui-agent.iife.js'], budgets.iife);

const kb = (n) => (n / 1000).toFixed(1).padStart(7);
console.log(`${'bundle'.padEnd(48)} ${'min kB'.padStart(7)} ${'gzip kB'.padStart(7)} ${'br kB'.padStart(7)} ${'budget'.padStart(7)}`);
for (const r of rows) console.log(`${r.label.padEnd(48)} ${kb(r.min)} ${kb(r.gzip)} ${kb(r.brotli)} ${r.budget ? kb(r.budget) : '      -'}`);
if (failures.length) {
  console.error(`\nsize budgets exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nsize: all budgets met');
