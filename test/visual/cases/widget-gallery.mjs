/**
 * The widget gallery's pictures (docs/widgets/pictures/<type>.png, which the documentation site
 * shows): each built-in widget's recipe example (scripts/docs-gallery-widgets.mjs) restored into
 * the built element, `readonly`, with no model and no server, pictured as its canvas frame. Their
 * references are the gallery's pictures themselves, so this run checks the pictures still show
 * what the widgets draw, and `--update widget-` redraws them (scripts/docs-gallery-pictures.mjs).
 */
import {fileURLToPath} from 'node:url';
import {OFFLINE_TILE, exampleSnapshot, galleryWidgets} from '../../../scripts/docs-gallery-widgets.mjs';
import {openVisualPage} from '../open-visual-page.mjs';
import {elementRendered} from '../page-ready.mjs';

/** Wide enough for a wide widget's frame (a chart, a table) to have its usual width. */
const VIEWPORT = {width: 760, height: 900};

export const cases = galleryWidgets().map((widget) => ({
  name: `widget-${widget.type}`,
  viewport: VIEWPORT,
  reference: fileURLToPath(new URL(`../../../docs/widgets/pictures/${widget.type}.png`, import.meta.url)),
  async render({context, baseUrl}) {
    const opened = await openVisualPage(context, baseUrl, {lang: 'en'});
    await elementRendered(opened.page);
    const result = await opened.page.evaluate(async (snapshot) => {
      const agent = document.querySelector('autoui-agent');
      agent.setAttribute('readonly', '');
      const {widgets, dropped} = await agent.restore(snapshot);
      return {widgets: widgets.length, dropped};
    }, exampleSnapshot(widget, `/${OFFLINE_TILE}`));
    if (result.widgets !== 1) throw new Error(`restore() showed ${result.widgets} widgets (dropped: ${JSON.stringify(result.dropped)})`);
    const target = opened.page.locator(`[part~="widget-${widget.type}"]`);
    await target.waitFor();
    if (widget.type === 'map') await opened.page.locator('img.leaflet-tile-loaded').first().waitFor();
    return {...opened, target};
  },
}));
