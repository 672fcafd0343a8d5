#!/usr/bin/env node
/**
 * Draws the widget gallery's pictures, docs/widgets/pictures/<type>.png (committed; the site shows
 * them): each built-in widget's recipe example (scripts/docs-gallery-widgets.mjs), restored into
 * the built element (dist/) on the screenshot tests' page (test/visual/pages/visual.html), in
 * Debian's Chromium with the screenshot tests' settings (a fixed clock, reduced motion, en-US, UTC),
 * pictured as its canvas frame. Offline: no model, no server, a map's tiles from the repository.
 *
 *   npm run build && node scripts/docs-gallery-pictures.mjs [type…]
 *
 * With types, only those pictures are redrawn.
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {chromiumArgs, chromiumPath} from './chromium.mjs';
import {startStaticServer} from './static-server.mjs';
import {OFFLINE_TILE, exampleSnapshot, galleryWidgets} from './docs-gallery-widgets.mjs';
import {openVisualPage} from '../test/visual/open-visual-page.mjs';
import {elementRendered, fontsLoaded, painted} from '../test/visual/page-ready.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'docs/widgets/pictures');
if (!existsSync(join(root, 'dist/autoui-agent.js'))) {
  console.error('no dist/autoui-agent.js: run `npm run build` first');
  process.exit(1);
}
const only = process.argv.slice(2);
const widgets = galleryWidgets().filter((w) => !only.length || only.includes(w.type));
mkdirSync(out, {recursive: true});

const web = await startStaticServer({root});
const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
let failed = 0;
try {
  for (const widget of widgets) {
    const context = await browser.newContext({viewport: {width: 760, height: 900}, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC'});
    await context.clock.setFixedTime(new Date('2026-01-15T10:00:00Z'));
    try {
      const {page, network, problems} = await openVisualPage(context, web.url, {lang: 'en'});
      await elementRendered(page);
      const result = await page.evaluate(async (snapshot) => {
        const agent = document.querySelector('autoui-agent');
        agent.setAttribute('readonly', '');
        const {widgets, dropped} = await agent.restore(snapshot);
        return {widgets: widgets.length, dropped};
      }, exampleSnapshot(widget, `/${OFFLINE_TILE}`));
      if (result.widgets !== 1) throw new Error(`restore() showed ${result.widgets} widgets (dropped: ${JSON.stringify(result.dropped)})`);
      const frame = page.locator(`[part~="widget-${widget.type}"]`);
      await frame.waitFor();
      if (widget.type === 'map') await page.locator('img.leaflet-tile-loaded').first().waitFor();
      await network.quiet();
      await fontsLoaded(page);
      await painted(page);
      if (problems.length) throw new Error(problems.join('; '));
      writeFileSync(join(out, `${widget.type}.png`), await frame.screenshot({animations: 'disabled', caret: 'hide'}));
      console.log(`  ✓ docs/widgets/pictures/${widget.type}.png`);
    } catch (error) {
      failed++;
      console.log(`  ✗ ${widget.type}: ${String(error?.message ?? error).split('\n')[0]}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await web.close();
}
process.exit(failed ? 1 : 0);
