#!/usr/bin/env node
/**
 * The documentation's tests (`npm run test:docs`, a step of `npm test` after the build):
 * - the site: `npm run docs` builds it (VitePress), then every page of docs/ has its HTML page,
 *   each page opens in headless Chromium with no console error, no uncaught error and no failed
 *   request, every internal link of the site (sidebar and navigation included) reaches a page and
 *   its `#anchor` an element of that page, every page is reachable from the home page, and the
 *   guides' live examples (the element against the demo's servers and replaying model) each
 *   answer with their widgets drawn;
 * - the repository's Markdown: every relative link of README.md, CHANGELOG.md and docs/ names a
 *   file that exists and a heading of it (as GitHub shows them);
 * - the sizes the README, the script-tag and npm guides and Performance state against what
 *   `npm run size` prints (test/docs/readme-sizes.mjs);
 * - the README's "Try it on your own page in two minutes", its page run as written against the
 *   demo's servers, with the replaying model and with a fake of the browser's model
 *   (test/docs/readme-try-it.mjs).
 * `--no-build` uses the site already in docs/.vitepress/dist/. Ends with `N passed, N failed` and
 * writes test-results/docs.json for `npm test`. Needs `npm run build` (the sizes read dist/).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {startStaticServer} from '../../scripts/static-server.mjs';
import {brokenMarkdownLinks, repositoryMarkdown} from './markdown-links.mjs';
import {compareDocSizes, compareReadmeSizes} from './readme-sizes.mjs';
import {runTryItBrowser, runTryItReplay} from './readme-try-it.mjs';
import {startDemoStack} from '../../scripts/demo-stack.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const site = join(root, 'docs/.vitepress/dist');
const counts = {passed: 0, failed: 0, skipped: 0, failures: []};

/** Runs one named check; a thrown error fails it with its message. */
async function check(name, body) {
  const started = Date.now();
  try {
    const note = await body();
    counts.passed++;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)${note ? `\n      ${note}` : ''}`);
  } catch (error) {
    counts.failed++;
    counts.failures.push(`docs: ${name}: ${error?.message ?? error}`);
    console.log(`  ✗ ${name}\n      ${String(error?.message ?? error).split('\n').join('\n      ')}`);
  }
}

const list = (items, max = 30) => items.slice(0, max).join('\n') + (items.length > max ? `\n… and ${items.length - max} more` : '');

/** The pages the site must have: each Markdown file of docs/, by its HTML path. */
function expectedPages() {
  const walk = (dir) =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (name.startsWith('.')) return [];
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return walk('docs').map((path) => `/${path.slice('docs/'.length).replace(/\.md$/, '.html')}`);
}

/** The HTML pages the build wrote, as site paths (`/guide/no-key.html`). */
function builtPages() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'assets' ? [] : walk(path);
      return name.endsWith('.html') ? [`/${relative(site, path)}`] : [];
    });
  return walk(site).filter((page) => page !== '/404.html');
}

let built = process.argv.includes('--no-build') && existsSync(site);
if (!built) {
  await check('npm run docs builds the site (reference and changelog generated, no dead link)', () => {
    const {status, stdout, stderr} = spawnSync('npm', ['run', '--silent', 'docs'], {cwd: root, encoding: 'utf8', shell: process.platform === 'win32'});
    if (status !== 0) throw new Error(`exit ${status}\n${(stdout + stderr).split('\n').slice(-25).join('\n')}`);
    built = true;
  });
}

if (built) {
  const pages = builtPages();
  await check('every Markdown page of docs/ has its page on the site', () => {
    const missing = expectedPages().filter((page) => !pages.includes(page));
    if (missing.length) throw new Error(`not built:\n${list(missing)}`);
    return `${pages.length} pages`;
  });

  const web = await startStaticServer({root: site});
  const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  /** Per page: the ids of its elements and the internal links it holds. */
  const seen = new Map();
  for (const path of pages) {
    await check(`${path} opens with no console error`, async () => {
      const page = await context.newPage();
      const errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      page.on('requestfailed', (request) => errors.push(`failed: ${request.url()} (${request.failure()?.errorText})`));
      try {
        await page.goto(`${web.url}${path}`, {waitUntil: 'networkidle'});
        // Hydrated: VitePress's client app has taken over the server-rendered page.
        await page.waitForFunction(() => document.querySelector('#app')?.__vue_app__ !== undefined);
        const facts = await page.evaluate(() => ({
          ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
          links: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
          examples: document.querySelectorAll('.live-example').length,
        }));
        seen.set(path, facts);
        if (errors.length) throw new Error(list(errors));
      } finally {
        await page.close();
      }
    });
  }
  // The live examples (docs/.vitepress/theme/LiveExample.vue), against a demo stack of this run's:
  // each must end its question with its widgets drawn, an approval card answered as a person would.
  const withExamples = [...seen].filter(([, facts]) => facts.examples > 0).map(([path]) => path);
  await check('the guides hold live examples', () => {
    if (!withExamples.length) throw new Error('no page has a <LiveExample>');
    return withExamples.join(', ');
  });
  if (withExamples.length) {
    const stack = await startDemoStack();
    const dist = await startStaticServer({root});
    const demo = {dist: `${dist.url}/dist/`, data: stack.urls.data, atlas: stack.urls.atlas, replay: new URL(stack.urls.fakeLlm).origin};
    for (const path of withExamples) {
      await check(`${path}: each live example answers with its widgets drawn, no console error`, async () => {
        const live = await browser.newContext({viewport: {width: 1280, height: 900}});
        await live.addInitScript((where) => localStorage.setItem('autoui-docs-demo', JSON.stringify(where)), demo);
        const page = await live.newPage();
        const errors = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`console: ${message.text()}`);
        });
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        try {
          await page.goto(`${web.url}${path}`);
          const allDone = () => [...document.querySelectorAll('.live-example')].every((e) => e.dataset.state === 'done' || e.dataset.state === 'unavailable');
          const allow = page.getByRole('button', {name: 'Allow once'});
          // A hang detector, not a timing: the recorded conversations take seconds.
          for (let answered = 0; answered < 5; answered++) {
            const next = await Promise.race([
              page.waitForFunction(allDone, undefined, {timeout: 120_000}).then(() => 'done'),
              allow.first().waitFor({timeout: 120_000}).then(() => 'approval'),
            ]);
            if (next === 'done') break;
            await allow.first().click();
          }
          const results = await page.evaluate(() =>
            [...document.querySelectorAll('.live-example')].map((example) => {
              const agent = example.querySelector('autoui-agent');
              const canvas = agent?.shadowRoot?.querySelector('autoui-canvas');
              return {state: example.dataset.state, types: agent?.widgets.map((w) => w.type) ?? [], drawn: canvas?.shadowRoot?.querySelectorAll('[part~="widget"]').length ?? 0};
            }),
          );
          for (const r of results) {
            if (r.state !== 'done') throw new Error(`an example did not answer (${r.state})`);
            if (!r.types.length || r.drawn !== r.types.length) throw new Error(`an example shows ${r.types.length} widgets, ${r.drawn} drawn`);
          }
          if (errors.length) throw new Error(list(errors));
          return results.map((r) => r.types.join(', ')).join(' | ');
        } finally {
          await live.close();
        }
      });
    }
    await Promise.allSettled([dist.close(), stack.close()]);
  }
  await browser.close();
  await web.close();

  /** A link's page and anchor on the site, or undefined for a link that leaves it. */
  const target = (from, href) => {
    const url = new URL(href, `http://site${from}`);
    if (url.host !== 'site') return undefined;
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith('/')) path += 'index.html';
    else if (!/\.[a-z0-9]+$/i.test(path)) path += '.html';
    return {path, anchor: url.hash ? decodeURIComponent(url.hash.slice(1)) : ''};
  };
  await check('every internal link of the site reaches a page, and its anchor an element of it', () => {
    const broken = [];
    let links = 0;
    for (const [from, {links: hrefs}] of seen) {
      for (const href of hrefs) {
        const to = target(from, href);
        if (!to) continue;
        links++;
        const onDisk = existsSync(join(site, to.path));
        if (!onDisk) broken.push(`${from}: ${href} (no such page)`);
        else if (to.anchor && to.path.endsWith('.html') && !seen.get(to.path)?.ids.includes(to.anchor)) broken.push(`${from}: ${href} (no #${to.anchor} on ${to.path})`);
      }
    }
    if (broken.length) throw new Error(`${broken.length} broken:\n${list(broken)}`);
    return `${links} links checked`;
  });
  await check('every page is reachable from the home page by links', () => {
    const reached = new Set(['/index.html']);
    const queue = ['/index.html'];
    while (queue.length) {
      const from = queue.shift();
      for (const href of seen.get(from)?.links ?? []) {
        const to = target(from, href);
        if (to && seen.has(to.path) && !reached.has(to.path)) (reached.add(to.path), queue.push(to.path));
      }
    }
    const orphans = pages.filter((page) => !reached.has(page));
    if (orphans.length) throw new Error(`no link leads to:\n${list(orphans)}`);
  });
} else {
  counts.failures.push('docs: the site checks did not run: the build failed');
}

await check('every relative link of README.md, CHANGELOG.md and docs/ names a file and a heading that exist', () => {
  const files = repositoryMarkdown(root);
  const broken = brokenMarkdownLinks(root, files);
  if (broken.length) throw new Error(list(broken));
  return `${files.length} files`;
});

await check('the observability page lists every span attribute the element may emit, as src/telemetry/telemetry-attributes.ts does', () => {
  const code = readFileSync(join(root, 'src/telemetry/telemetry-attributes.ts'), 'utf8');
  const inCode = [...code.matchAll(/\{name: '([^']+)', content: (true|false),/g)].map(([, name, content]) => `${name} ${content === 'true' ? 'content' : 'always'}`);
  const page = readFileSync(join(root, 'docs/operations/observability.md'), 'utf8');
  const inPage = [...page.matchAll(/^\| `([a-z_.]+)` \| (always|only with `telemetry-content`) \|/gm)].map(([, name, sent]) => `${name} ${sent === 'always' ? 'always' : 'content'}`);
  if (inCode.length < 10) throw new Error(`read only ${inCode.length} attributes from the code`);
  const missing = inCode.filter((row) => !inPage.includes(row));
  const extra = inPage.filter((row) => !inCode.includes(row));
  if (missing.length || extra.length) throw new Error(`not on the page as in the code: ${missing.join(', ') || 'none'}; on the page only: ${extra.join(', ') || 'none'}`);
  return `${inCode.length} attributes`;
});

/** What `npm run size` prints, measured once for both checks below. */
let sizeOutput;
const measureSizes = () => {
  if (sizeOutput !== undefined) return sizeOutput;
  const {stdout, stderr, status} = spawnSync('node', ['scripts/size.mjs'], {cwd: root, encoding: 'utf8'});
  // Budgets exceeded make size.mjs exit 1, but it has printed every figure: the sizes are still compared.
  if (!stdout.includes('ES first load')) throw new Error(`npm run size printed no figures (exit ${status})\n${stderr}`);
  return (sizeOutput = stdout);
};
await check('every size the README states matches npm run size', () => {
  const {checked, problems} = compareReadmeSizes(readFileSync(join(root, 'README.md'), 'utf8'), measureSizes());
  if (problems.length) throw new Error(list(problems));
  if (checked.length === 0) throw new Error('the README states no size: its "How big is it?" table is gone');
  return `${checked.length} figures`;
});
await check('the sizes of the guides and of Performance (first load, chunks, standalone, install) match npm run size', () => {
  const pages = ['docs/guide/script-tags.md', 'docs/guide/npm.md', 'docs/operations/performance.md'];
  const results = pages.map((page) => compareDocSizes(readFileSync(join(root, page), 'utf8'), page, measureSizes()));
  const problems = results.flatMap((r) => r.problems);
  if (problems.length) throw new Error(list(problems));
  return `${results.reduce((n, r) => n + r.checked.length, 0)} figures`;
});

{
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
  const shows = ({types, drawn}) => {
    if (!types.includes('chart')) throw new Error(`no chart on the canvas: ${types.join(', ')}`);
    if (drawn !== types.length) throw new Error(`${types.length} widgets in the store, ${drawn} drawn`);
    return `widgets: ${types.join(', ')}`;
  };
  await check('the README\'s two-minute page, with the replaying model, shows the Seattle dashboard from the demo\'s Data server', async () => {
    const context = await browser.newContext();
    try {
      return shows(await runTryItReplay(context, root, readme));
    } finally {
      await context.close();
    }
  });
  await check('the README\'s two-minute page as written (provider="browser", a fake of the Prompt API) answers with a chart', async () => {
    const context = await browser.newContext();
    try {
      return shows(await runTryItBrowser(context, root, readme));
    } finally {
      await context.close();
    }
  });
  await browser.close();
}

mkdirSync(join(root, 'test-results'), {recursive: true});
writeFileSync(join(root, 'test-results/docs.json'), JSON.stringify(counts, null, 2));
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
