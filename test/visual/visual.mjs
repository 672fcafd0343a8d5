#!/usr/bin/env node
/**
 * Screenshot tests: the built element (dist/) in plain pages, in Debian's Chromium driven by
 * playwright-core, against the real test MCP servers and the scripted fake LLM. Each file of
 * test/visual/cases/ exports `cases`: `{name, viewport, colorScheme?, reference?, host?, render}`;
 * `render({context, baseUrl, servers, root})` opens the page, brings it to the state the case
 * shows and resolves with `{page, network, problems, target?, mask?, maskColor?, close?}` (`target`:
 * a locator to picture instead of the viewport; `close`: what the case started for itself,
 * stopped after the picture). Each picture is compared with its reference
 * (test/visual/reference/<name>.png unless the case names another) and each page is checked by
 * axe. `--update` (or UPDATE_VISUAL=1) writes the references instead; another argument runs only
 * the cases whose name contains it. Ends with `N passed, N failed` and writes
 * test-results/visual.json for `npm test`.
 */
import {chromium} from 'playwright-core';
import {existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {startStaticServer} from '../../scripts/static-server.mjs';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {startTestServers} from '../support/test-servers.mjs';
import {compareScreenshot, writeReference} from './compare-screenshot.mjs';
import {auditPage} from './axe-audit.mjs';
import {fontsLoaded, painted} from './page-ready.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const update = args.includes('--update') || process.env.UPDATE_VISUAL === '1';
const only = args.find((a) => !a.startsWith('--'));
const resultsDir = `${root}test-results/visual`;
rmSync(resultsDir, {recursive: true, force: true});
mkdirSync(resultsDir, {recursive: true});

/**
 * The page's clock (`Date`) stands still at this instant: times the element shows (a tool call's
 * duration, a date) are then the same in every run. Timers still run.
 */
const FIXED_TIME = new Date('2026-01-15T10:00:00Z');

// The pages load the built bundle: without it every case would only time out.
if (!existsSync(`${root}dist/autoui-agent.js`)) {
  const message = 'no dist/autoui-agent.js: run `npm run build` first';
  writeFileSync(`${root}test-results/visual.json`, JSON.stringify({passed: 0, failed: 1, skipped: 0, failures: [`visual: ${message}`]}, null, 2));
  console.log(`${message}\n0 passed, 1 failed`);
  process.exit(1);
}

const caseDir = `${root}test/visual/cases/`;
const all = [];
for (const file of readdirSync(caseDir).filter((f) => f.endsWith('.mjs')).sort()) {
  const mod = await import(pathToFileURL(caseDir + file).href);
  all.push(...mod.cases);
}
const chosen = all.filter((c) => !only || c.name.includes(only));

const started = Date.now();
const servers = await startTestServers();
const web = await startStaticServer({root, connect: Object.values(servers.urls).map((u) => new URL(u).origin)});
const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});

const counts = {passed: 0, failed: 0, skipped: 0, failures: []};
try {
  for (const c of chosen) {
    const caseStarted = Date.now();
    const {problems, notes} = await runCase(c);
    if (problems.length === 0) {
      counts.passed++;
      console.log(`  ✓ ${c.name} (${Date.now() - caseStarted} ms)${update ? ', reference written' : ''}`);
    } else {
      counts.failed++;
      counts.failures.push(`visual ${c.name}: ${problems.join('; ')}`);
      console.log(`  ✗ ${c.name}\n      ${problems.join('\n      ')}`);
    }
    for (const note of notes) console.log(`      note: ${note}`);
  }
} finally {
  await browser.close();
  await web.close();
  await servers.close();
}

writeFileSync(`${root}test-results/visual.json`, JSON.stringify(counts, null, 2));
console.log(`\n${counts.passed} passed, ${counts.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(counts.failed === 0 ? 0 : 1);

/**
 * Renders one case in a fresh context, takes its picture, compares it (or writes it with
 * `--update`) and runs axe. Resolves with what went wrong (`problems`, empty when nothing did)
 * and the milder accessibility findings (`notes`), which do not fail it.
 */
async function runCase(c) {
  const context = await browser.newContext({
    viewport: c.viewport,
    deviceScaleFactor: 1,
    colorScheme: c.colorScheme ?? 'light',
    // Charts then draw at once instead of animating (chart.js honours it, as the element does).
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.clock.setFixedTime(FIXED_TIME);
  const problems = [];
  const notes = [];
  let page;
  let shown;
  try {
    shown = await c.render({context, baseUrl: web.url, servers: servers.urls, root});
    page = shown.page;
    await shown.network.quiet();
    await fontsLoaded(page);
    await painted(page);
    const image = await (shown.target ?? page).screenshot({animations: 'disabled', caret: 'hide', mask: shown.mask ?? [], maskColor: shown.maskColor});
    const referencePath = c.reference ?? `${root}test/visual/reference/${c.name}.png`;
    if (update) writeReference(referencePath, image);
    else {
      const compared = compareScreenshot({actual: image, referencePath, resultsDir, name: c.name, root});
      if (!compared.ok) problems.push(compared.message);
    }
    const audit = await auditPage(page, {host: c.host});
    problems.push(...audit.problems);
    notes.push(...audit.notes);
    problems.push(...shown.problems);
  } catch (error) {
    problems.push(String(error?.stack ?? error).split('\n').slice(0, 4).join(' | '));
    // What the page looked like when it failed, to see why.
    await (page ?? context.pages()[0])?.screenshot({path: `${resultsDir}/${c.name}-failed.png`}).catch(() => {});
  } finally {
    await context.close();
    await shown?.close?.();
  }
  return {problems, notes};
}
