#!/usr/bin/env node
/**
 * End-to-end tests: plain HTML pages loading the built bundle (dist/), in Debian's Chromium driven
 * by playwright-core, against the same real Node servers as the browser tests. Each file of
 * test/e2e/cases/ exports `cases`: an array of `{name, run(context)}`; a case passes when `run`
 * resolves. Screenshots go to test-results/screenshots/. Ends with `N passed, N failed` and writes
 * test-results/e2e.json for `npm test`.
 */
import {chromium} from 'playwright-core';
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {startStaticServer} from '../../scripts/static-server.mjs';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {startTestServers} from '../support/test-servers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const only = process.argv[2];
mkdirSync(`${root}test-results/screenshots`, {recursive: true});

const servers = await startTestServers();
const web = await startStaticServer({root, connect: Object.values(servers.urls).map((u) => new URL(u).origin)});
// autoui.test resolves to this machine: a page origin that is not localhost (browser-key rules).
const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: [...chromiumArgs, '--host-resolver-rules=MAP autoui.test 127.0.0.1']});

const caseDir = `${root}test/e2e/cases/`;
const all = [];
for (const file of readdirSync(caseDir).filter((f) => f.endsWith('.mjs')).sort()) {
  const mod = await import(pathToFileURL(caseDir + file).href);
  for (const c of mod.cases) all.push({...c, name: `${file.replace(/\.mjs$/, '')}: ${c.name}`});
}

const counts = {passed: 0, failed: 0, skipped: 0, failures: []};
for (const c of all.filter((c) => !only || c.name.includes(only))) {
  const context = await browser.newContext({viewport: {width: 1200, height: 900}});
  const started = Date.now();
  try {
    await c.run({context, baseUrl: web.url, servers: servers.urls, screenshot: (page, name) => page.screenshot({path: `${root}test-results/screenshots/${name}.png`, fullPage: true})});
    counts.passed++;
    console.log(`  ✓ ${c.name} (${Date.now() - started} ms)`);
  } catch (error) {
    counts.failed++;
    counts.failures.push(`${c.name}: ${error?.message ?? error}`);
    console.log(`  ✗ ${c.name}\n      ${String(error?.stack ?? error).split('\n').slice(0, 6).join('\n      ')}`);
  } finally {
    await context.close();
  }
}

await browser.close();
await web.close();
await servers.close();
writeFileSync(`${root}test-results/e2e.json`, JSON.stringify(counts, null, 2));
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
