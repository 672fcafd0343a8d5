#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark, prints a readable table per benchmark with its ratio
 * against a baseline measured in the same run, and writes bench/results.json. Timings live here
 * only, never in pass/fail tests.
 */
import {build} from 'esbuild';
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = `${root}bench/.build`;
mkdirSync(out, {recursive: true});

await build({
  entryPoints: [`${root}bench/node-benches.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: `${out}/node-benches.mjs`,
  logLevel: 'warning',
  tsconfig: `${root}tsconfig.json`,
  banner: {js: "import {createRequire} from 'node:module'; const require = createRequire(import.meta.url);"},
});
const stdout = execFileSync('node', [`${out}/node-benches.mjs`], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024});
const results = JSON.parse(stdout.trim().split('\n').at(-1));

for (const r of results) {
  console.log(`\n## ${r.name}\n${r.comparison}`);
  console.table(r.rows);
  if (r.ratio !== undefined) console.log(`ratio ${r.ratio} (target ${r.target ?? 'none'}): ${r.met === undefined ? '' : r.met ? 'met' : 'MISSED'}`);
  for (const n of r.notes ?? []) console.log(`  ${n}`);
}
writeFileSync(`${root}bench/results.json`, JSON.stringify({date: new Date().toISOString(), node: process.version, results}, null, 2));
console.log('\nbench: wrote bench/results.json');
