#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark, prints a readable table per benchmark with its ratio
 * against a baseline measured in the same run, and writes bench/results.json. Timings live here
 * only, never in pass/fail tests.
 *
 *   node bench/run.mjs [dispatch tokens loop proxy render startup streaming canvas-streaming progressive snapshot huge files]   (default: all twelve)
 *
 * Steps: build our ES bundle with the project's Vite config into bench/.build/dist/ (not dist/,
 * which other work may be rebuilding; BENCH_NO_BUILD=1 reuses the last one), bundle the
 * baselines and the two bench programs with esbuild, start the Data demo MCP server and the fake
 * LLM in this process, then run the Node benchmarks and the Chromium ones, each in a child process.
 */
import {build} from 'esbuild';
import {execFileSync, spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = `${root}bench/.build`;
const NODE = ['dispatch', 'tokens', 'loop', 'proxy', 'telemetry'];
const BROWSER = ['render', 'startup', 'streaming', 'canvas-streaming', 'progressive', 'snapshot', 'huge', 'files', 'files-duckdb'];
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => ![...NODE, ...BROWSER].includes(a));
if (unknown.length) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}; choose from ${[...NODE, ...BROWSER].join(', ')}`);
  process.exit(2);
}
const only = (names) => (asked.length ? names.filter((n) => asked.includes(n)) : names);
mkdirSync(out, {recursive: true});

const started = Date.now();
if (only(BROWSER).length && process.env.BENCH_NO_BUILD !== '1') {
  console.log('bench: building the ES build into bench/.build/dist/ ...');
  // `npm run gen`'s two steps: the validators (which empties src/generated/ first), then the files Worker's source.
  for (const script of ['scripts/gen-validators.mjs', 'scripts/gen-files-worker.mjs']) execFileSync('node', [script], {cwd: root, stdio: ['ignore', 'ignore', 'inherit']});
  // The script-tag ES build of `npm run build`: the element and autoui-agent/core, sharing chunks.
  execFileSync('npx', ['vite', 'build', '--outDir', 'bench/.build/dist', '--logLevel', 'warn'], {cwd: root, stdio: ['ignore', 'ignore', 'inherit']});
}
/** What Vite does for `import text from './x.md?raw'` and `import css from 'x.css?inline'` (the widgets' recipes and styles). */
const rawImports = {
  name: 'raw-imports',
  setup(b) {
    b.onResolve({filter: /\?(raw|inline)$/}, (args) => {
      const bare = args.path.replace(/\?(raw|inline)$/, '');
      const path = bare.startsWith('.') ? resolve(dirname(args.importer), bare) : fileURLToPath(import.meta.resolve(bare));
      return {path, namespace: 'raw-text'};
    });
    b.onLoad({filter: /.*/, namespace: 'raw-text'}, (args) => ({contents: `export default ${JSON.stringify(readFileSync(args.path, 'utf8'))};`, loader: 'js'}));
  },
};
/**
 * Leaves the modules of scripts/ out of the bundle, imported from where they are: they find the
 * programs they start (a proxy instance) next to themselves, by their own URL.
 */
const scriptsInPlace = {
  name: 'scripts-in-place',
  setup(b) {
    b.onResolve({filter: /^\.{1,2}\/(.*\/)?scripts\/[^/]+\.mjs$/}, (args) => ({path: pathToFileURL(resolve(args.resolveDir, args.path)).href, external: true}));
  },
};
const common = {bundle: true, format: 'esm', logLevel: 'warning', tsconfig: `${root}tsconfig.json`};
await Promise.all([
  // Baselines for the browser: minified like our bundle.
  build({...common, entryPoints: [`${root}bench/pages/render-bare.js`], outfile: `${out}/render-bare.js`, platform: 'browser', target: 'es2022', minify: true, loader: {'.css': 'text'}}),
  build({...common, entryPoints: [`${root}bench/pages/startup-lit.js`], outfile: `${out}/startup-lit.js`, platform: 'browser', target: 'es2022', minify: true}),
  // The local-files baseline: Papa Parse alone, as a classic Worker script.
  build({...common, format: 'iife', entryPoints: [`${root}bench/pages/files-papa-worker.js`], outfile: `${out}/files-papa-worker.js`, platform: 'browser', target: 'es2022', minify: true}),
  build({
    ...common,
    entryPoints: [`${root}bench/node-benches.ts`],
    outfile: `${out}/node-benches.mjs`,
    platform: 'node',
    plugins: [rawImports, scriptsInPlace],
    banner: {js: "import {createRequire} from 'node:module'; const require = createRequire(import.meta.url);"},
  }),
  build({...common, entryPoints: [`${root}bench/browser-benches.ts`], outfile: `${out}/browser-benches.mjs`, platform: 'node', packages: 'external'}),
]);

const servers = [];
for (const name of ['demo-data', 'demo-atlas', 'everything', 'fake-llm']) {
  const mod = await import(pathToFileURL(`${root}test/servers/${name}.mjs`).href);
  servers.push({name: mod.name, server: await mod.start()});
}
const env = {...process.env, BENCH_SERVERS: JSON.stringify(Object.fromEntries(servers.map((s) => [s.name, s.server.url])))};

/** Runs a bench program in a child process (this process keeps serving) and parses its results. */
function runChild(file, names) {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [file], {env: {...env, BENCH_ONLY: names.join(',')}, stdio: ['ignore', 'pipe', 'inherit']});
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').at(-1))) : reject(new Error(`${file} exited with ${code}`))));
  });
}

const results = [];
try {
  if (only(NODE).length) results.push(...(await runChild(`${out}/node-benches.mjs`, only(NODE))));
  if (only(BROWSER).length) results.push(...(await runChild(`${out}/browser-benches.mjs`, only(BROWSER))));
} finally {
  for (const {server} of servers) await server.close();
}
results.sort((a, b) => parseInt(a.name) - parseInt(b.name));

for (const r of results) {
  console.log(`\n## ${r.name}\n${r.comparison}`);
  console.table(r.rows);
  if (r.ratio !== undefined) console.log(`ratio ${r.ratio} (target ${r.target ?? 'none'}): ${r.met === undefined ? '' : r.met ? 'met' : 'MISSED'}`);
  for (const n of r.notes ?? []) console.log(`  ${n}`);
}
writeFileSync(`${root}bench/results.json`, JSON.stringify({date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, results}, null, 2));
console.log(`\nbench: ${results.length} benchmarks in ${Math.round((Date.now() - started) / 1000)} s; wrote bench/results.json`);
