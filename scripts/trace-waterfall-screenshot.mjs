#!/usr/bin/env node
/**
 * Makes the README's picture of a trace, docs/trace-waterfall.png: the demo page as `npm start`
 * serves it with no model key (replay mode), with `telemetry` and `debug` set on its element, its
 * "Seattle weather dashboard" starter question clicked, and the debug console's waterfall of that
 * question pictured: the element's real spans (the same ones it exports), not a drawing. The
 * traces go to a small OTLP sink this script serves (it answers 200 and keeps nothing): where they
 * go does not change what the console shows. A model turn is focused, so its details (tokens,
 * finish reason) show under the bars.
 *
 *   npm run build && node scripts/trace-waterfall-screenshot.mjs
 *
 * `--dist=<folder>` serves the page's `/dist/` from a build made elsewhere (`vite build --outDir
 * <folder>` then `vite build --mode classic --outDir <folder>`), leaving the checkout's dist/ alone.
 */
import {readFileSync, statSync} from 'node:fs';
import {extname, join, normalize} from 'node:path';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium.mjs';
import {demoConfigHandler, startDemoStack} from './demo-stack.mjs';
import {startStaticServer} from './static-server.mjs';
import {elementRendered, fontsLoaded, painted, serversSettled} from '../test/visual/page-ready.mjs';

const root = new URL('..', import.meta.url).pathname;
const OUT = join(root, 'docs/trace-waterfall.png');
/** The starter question that plays the "Seattle weather dashboard" recording. */
const QUESTION = 'Show me a dashboard of the weather in Seattle in 2015.';
const VIEWPORT = {width: 1000, height: 1400};
/** Where the element sends its spans: answered here, on the page's own origin, so no CORS is involved. */
const SINK = '/otlp-sink/v1/traces';

/** The OTLP sink: a 200 to every POST, the body read and dropped. */
const sink = (req, res) => {
  if (!req.url?.startsWith(SINK)) return false;
  req.resume();
  req.on('end', () => res.writeHead(200, {'content-type': 'application/json'}).end('{}'));
  return true;
};

const distArg = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const TYPES = {'.js': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm', '.css': 'text/css'};
/** `/dist/…` from `--dist`'s folder, when given (nothing outside it). */
const otherDist = (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (!distArg || !path.startsWith('/dist/')) return false;
  const file = normalize(join(distArg, path.slice('/dist/'.length)));
  try {
    if (!file.startsWith(normalize(distArg))) throw new Error('outside');
    res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream'}).end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
  return true;
};

const stack = await startDemoStack();
const web = await startStaticServer({root, handlers: [demoConfigHandler(stack.config), sink, otherDist], connect: stack.connect});
const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
try {
  const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-US', timezoneId: 'UTC'});
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
  await page.goto(`${web.url}/demo/`);
  const starter = page.getByRole('button', {name: QUESTION});
  await starter.waitFor({timeout: 15_000});
  await serversSettled(page, stack.config.servers.length);
  await elementRendered(page);
  await page.evaluate((sinkPath) => {
    const agent = document.querySelector('autoui-agent');
    agent.setAttribute('telemetry', new URL(sinkPath, location.href).href);
    agent.debug = true;
    // The conversation (where the console is) across the page's width: the bars get room.
    agent.setAttribute('layout', 'stacked');
  }, SINK);
  await starter.click();
  // The demo logs the element's events: run-end comes after the widgets rendered.
  await page.locator('#events li', {hasText: /^run-end: end_turn/}).waitFor({state: 'attached', timeout: 30_000});
  // Playwright's CSS locators pierce shadow roots: the console is in the element's.
  const waterfall = page.locator('autoui-console .waterfall');
  const rows = waterfall.locator('[role="treeitem"]');
  await rows.first().waitFor({timeout: 10_000}).catch(() => {
    throw new Error('the console shows no trace: is the build current (npm run build) and does the element pass its spans to the console?');
  });
  await rows.locator('.name', {hasText: /^chat /}).first().click();
  await fontsLoaded(page);
  await painted(page);
  await waterfall.scrollIntoViewIfNeeded();
  // The waterfall and its heading with a little of the console around them, so the picture does not
  // cut their edges; hardly any above, where the console's server lines (with the demo servers'
  // random ports) end.
  const box = await waterfall.boundingBox();
  const title = await page.locator('autoui-console #trace-title').boundingBox();
  const MARGIN = 8;
  const top = title.y - 2;
  await page.screenshot({path: OUT, caret: 'hide', animations: 'disabled', clip: {x: box.x - MARGIN, y: top, width: box.width + 2 * MARGIN, height: box.y + box.height + MARGIN - top}});
  console.log(`docs/trace-waterfall.png: ${await rows.count()} spans, ${(statSync(OUT).size / 1024).toFixed(0)} kB`);
} finally {
  await browser.close();
  await Promise.allSettled([web.close(), stack.close()]);
}
