/**
 * The README's "Try it on your own page in two minutes", run as a reader would: the demo's stack
 * as `npm start` starts it (scripts/demo-stack.mjs: the Data and Atlas servers, the replaying
 * model), dist/ served from one origin as `npm start` serves it, and the reader's page, built from
 * the section's HTML blocks verbatim, served from another. Only the ports change: the README's
 * fixed ones (8080, 3101, 3102, 3199) become the free ones this run got.
 */
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {build} from 'esbuild';
import {startDemoStack} from '../../scripts/demo-stack.mjs';
import {startStaticServer} from '../../scripts/static-server.mjs';

/**
 * The HTML blocks of the README's "Try it" section: the page, then the replay script.
 * @param {string} readme
 * @returns {{page: string, replay: string}}
 */
export function tryItBlocks(readme) {
  const start = readme.indexOf('## Try it on your own page in two minutes');
  if (start === -1) throw new Error('the README has no "Try it on your own page in two minutes" section');
  const end = readme.indexOf('\n## ', start + 4);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/^```html\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  if (blocks.length !== 2) throw new Error(`the "Try it" section has ${blocks.length} HTML blocks, not 2 (the page, the replay script)`);
  const [page, replay] = blocks;
  if (!page.includes('provider="browser"')) throw new Error('the page of the "Try it" section no longer uses provider="browser"');
  return {page, replay};
}

/**
 * Runs the replay variant the README describes ("drop provider="browser" and add" the script) in
 * `context` (a Playwright browser context); resolves with the widget types the canvas shows.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} root the repository (dist/ must be built)
 * @param {string} readme
 */
export function runTryItReplay(context, root, readme) {
  const {page, replay} = tryItBlocks(readme);
  return runReaderPage(context, root, page.replace(' provider="browser"', '').replace('</html>', `${replay}</html>`));
}

/**
 * Runs the page of the section as written (`provider="browser"`) in `context`, with a fake of the
 * Prompt API installed first (test/helpers/fake-prompt-api.ts, as the end-to-end tests do: no
 * machine here has Chrome's model) whose scripted answers look a recipe up on the real Data
 * server and show a chart; the page's own question is asked through `ask()`.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} root the repository
 * @param {string} readme
 */
export async function runTryItBrowser(context, root, readme) {
  const {page} = tryItBlocks(readme);
  const fake = join(root, 'test-results/docs/fake-prompt-api.js');
  mkdirSync(join(root, 'test-results/docs'), {recursive: true});
  await build({entryPoints: [join(root, 'test/e2e/pages/fake-prompt-api-page.ts')], bundle: true, format: 'iife', target: 'es2022', outfile: fake, logLevel: 'silent'});
  const answers = [
    {tool: 'data_mcp_search_recipes', arguments: {query: 'Seattle weather 2015'}},
    {tool: 'autoui_webmcp_widget_display', arguments: {name: 'chart', params: {type: 'line', title: 'Seattle 2015', labels: ['2015-01', '2015-02'], datasets: [{label: 'High', data: [10.1, 12.4]}]}}},
    {answer: 'Here is a chart.'},
  ].map((a) => JSON.stringify(a));
  await context.addInitScript((scripted) => Object.assign(window, {__fakeAnswers: scripted, __fakeContextWindow: 32_768}), answers);
  await context.addInitScript({path: fake});
  return runReaderPage(context, root, page, 'Show me a dashboard of the weather in Seattle in 2015.');
}

/**
 * Serves the demo's stack, dist/, and `pageHtml` (the README's ports made this run's) as the
 * reader's own page on another origin; resolves once its canvas shows a chart (or `question`,
 * when given, has been asked and answered) with the widget types and how many are drawn.
 */
async function runReaderPage(context, root, pageHtml, question) {
  const stack = await startDemoStack();
  const dist = await startStaticServer({root});
  const port = (url) => new URL(url).origin;
  const local = (html) =>
    html
      .replaceAll('http://127.0.0.1:8080', dist.url)
      .replaceAll('http://127.0.0.1:3101/mcp', stack.urls.data)
      .replaceAll('http://127.0.0.1:3102/mcp', stack.urls.atlas)
      .replaceAll('http://127.0.0.1:3199', port(stack.urls.fakeLlm));
  const html = local(pageHtml);
  if (html.includes('127.0.0.1:8080') || html.includes(':3101') || html.includes(':3199')) throw new Error('a README port was not replaced');
  // The reader's own page, on an origin of its own.
  const own = await startStaticServer({root, handlers: [(req, res) => (req.url === '/my-page.html' ? (res.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html), true) : false)]});
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${own.url}/my-page.html`);
    if (question) {
      const result = await page.evaluate(async (q) => {
        await customElements.whenDefined('autoui-agent');
        const r = await document.querySelector('autoui-agent').ask(q);
        return {stopReason: r.stopReason, error: r.error?.message};
      }, question);
      if (result.stopReason === 'error') throw new Error(`the question failed: ${result.error}`);
    }
    // A hang detector, not a timing: the scripted conversation takes a few seconds.
    await page.waitForFunction(() => document.querySelector('autoui-agent')?.widgets?.some((w) => w.type === 'chart'), undefined, {timeout: 120_000});
    const types = await page.evaluate(() => document.querySelector('autoui-agent').widgets.map((w) => w.type));
    const drawn = await page.evaluate(() => {
      const agent = document.querySelector('autoui-agent');
      const canvas = agent.shadowRoot.querySelector('autoui-canvas');
      return canvas?.shadowRoot?.querySelectorAll('[part~="widget"]').length ?? 0;
    });
    if (errors.length) throw new Error(`uncaught errors on the page: ${errors.join('; ')}`);
    return {types, drawn};
  } finally {
    await page.close();
    await Promise.allSettled([own.close(), dist.close(), stack.close()]);
  }
}
