#!/usr/bin/env node
/**
 * Makes the README's animation, demo/question-to-widgets.png (an animated PNG that loops): the demo
 * page as `npm start` serves it with no model key (replay mode), its "Seattle weather dashboard"
 * starter question clicked, and the element pictured while the replay answers, from the question
 * to the stat cards and the chart. The same page, servers and settings as the README's still
 * picture (test/visual/cases/demo-screenshot.mjs). Frames are screenshots taken one after another
 * while the answer is drawn, each shown for the time that passed until the next (bounded, so a
 * slow machine makes the same animation, only with fewer frames); scripts/readme-animation-apng.mjs
 * writes them.
 *
 *   npm run build && node scripts/readme-animation.mjs
 */
import {statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {PNG} from 'pngjs';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium.mjs';
import {demoConfigHandler, startDemoStack} from './demo-stack.mjs';
import {startStaticServer} from './static-server.mjs';
import {encodeApng} from './readme-animation-apng.mjs';
import {elementRendered, fontsLoaded, painted, serversSettled} from '../test/visual/page-ready.mjs';

const root = new URL('..', import.meta.url).pathname;
const OUT = join(root, 'demo/question-to-widgets.png');
/** The starter question that plays the "Seattle weather dashboard" recording. */
const QUESTION = 'Show me a dashboard of the weather in Seattle in 2015.';
const VIEWPORT = {width: 1100, height: 860};
/** How long the first picture (the question, before the click) and the last (the answer) stay. */
const HOLD_FIRST_MS = 1800;
const HOLD_LAST_MS = 4500;
/** Bounds of one frame's time: a pause longer than this is shortened, a burst is not sped up past it. */
const FRAME_MIN_MS = 60;
const FRAME_MAX_MS = 900;
/** At most this many frames while the answer is drawn (the answer takes seconds). */
const MAX_FRAMES = 160;

const stack = await startDemoStack();
const web = await startStaticServer({root, handlers: [demoConfigHandler(stack.config)], connect: stack.connect});
const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
try {
  const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-US', timezoneId: 'UTC'});
  const page = await context.newPage();
  await page.goto(`${web.url}/demo/`);
  const starter = page.getByRole('button', {name: QUESTION});
  await starter.waitFor({timeout: 15_000});
  await serversSettled(page, stack.config.servers.length);
  await elementRendered(page);
  await fontsLoaded(page);
  await painted(page);
  const box = await page.locator('autoui-agent').boundingBox();
  const clip = {x: Math.floor(box.x), y: Math.floor(box.y), width: Math.floor(Math.min(box.width, VIEWPORT.width - box.x)), height: Math.floor(Math.min(box.height, VIEWPORT.height - box.y))};
  const shot = async () => PNG.sync.read(await page.screenshot({clip, caret: 'hide'})).data;

  const frames = [];
  await starter.hover();
  await painted(page);
  frames.push({data: await shot(), delayMs: HOLD_FIRST_MS});
  // The demo logs the element's events (also while its developer view is off): run-end comes after the widgets rendered.
  const finished = page.locator('#events li', {hasText: /^run-end: end_turn/});
  await starter.click();
  let last = Date.now();
  while (frames.length < MAX_FRAMES) {
    const done = (await finished.count()) > 0;
    const data = await shot();
    const now = Date.now();
    frames.at(-1).delayMs = frames.length === 1 ? HOLD_FIRST_MS : Math.min(FRAME_MAX_MS, Math.max(FRAME_MIN_MS, now - last));
    frames.push({data, delayMs: FRAME_MIN_MS});
    last = now;
    if (done) break;
  }
  if ((await finished.count()) === 0) throw new Error(`the replay had not ended after ${MAX_FRAMES} frames`);
  await painted(page);
  frames.push({data: await shot(), delayMs: HOLD_LAST_MS});
  writeFileSync(OUT, encodeApng(frames, clip.width, clip.height));
  console.log(`demo/question-to-widgets.png: ${frames.length} screenshots, ${clip.width}×${clip.height}, ${(statSync(OUT).size / 1024).toFixed(0)} kB`);
} finally {
  await browser.close();
  await Promise.allSettled([web.close(), stack.close()]);
}
