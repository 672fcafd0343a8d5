/**
 * The demo page as `npm start` serves it with no model key, at three window sizes (a laptop, a
 * small laptop or tablet, a phone): on load, and after the Seattle starter question has played its
 * recording. Beside the pictures, each case checks what a visitor would notice:
 *
 * - the composer is entirely inside the window, on load and after the answer (the element is as
 *   tall as the window, so an answer never pushes it below the fold);
 * - after the answer, the top of its first widget is visible (inside the window and inside the
 *   canvas's own scrolling area), phone included; and after a second answer (the sample file's,
 *   from the "More demos" menu), whose widget the canvas puts after the first answer's, the top
 *   of that new widget is;
 * - the page logs no console error and no uncaught exception: on a normal load (the demo's
 *   2025-only server is pinned to its revision, so no probe is answered with an HTTP 400) and
 *   through the replay.
 *
 * Two more: the RTL choice of the language switch, remembered over a reload, on a phone after the
 * answer; and the developer view (the element's console and the events log), off by default and
 * remembered over a reload once switched on.
 */
import {demoConfigHandler, startDemoStack} from '../../../scripts/demo-stack.mjs';
import {startStaticServer} from '../../../scripts/static-server.mjs';
import {elementRendered, serversSettled, suggestionsShown, trackNetwork} from '../page-ready.mjs';

const SIZES = [
  {label: '1400', viewport: {width: 1400, height: 900}},
  {label: '1024', viewport: {width: 1024, height: 768}},
  {label: '390', viewport: {width: 390, height: 844}},
];
const STARTER = 'Show me a dashboard of the weather in Seattle in 2015.';

/**
 * Opens the demo page on a fresh demo stack and waits until its servers and starters are shown.
 * Collects console errors and uncaught exceptions in `problems`.
 */
async function openDemo(context, root) {
  const stack = await startDemoStack();
  const web = await startStaticServer({root, handlers: [demoConfigHandler(stack.config)], connect: stack.connect});
  const close = () => Promise.allSettled([web.close(), stack.close()]);
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    const network = trackNetwork(page);
    await page.goto(`${web.url}/demo/`);
    await serversSettled(page, stack.config.servers.length);
    await elementRendered(page);
    await suggestionsShown(page);
    return {page, network, problems, close};
  } catch (error) {
    await close();
    throw error;
  }
}

/** Empty when the element's composer is entirely inside the window, else what is wrong. */
async function composerInView(page) {
  return page.evaluate(() => {
    const composer = document.querySelector('autoui-agent').shadowRoot.querySelector('[part~="composer"]');
    const box = composer.getBoundingClientRect();
    const inside = box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    return inside ? '' : `the composer is not entirely in the window: its box is ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}, the window ${innerWidth}×${innerHeight}`;
  });
}

/**
 * How many pixels of the first widget's height are visible (`visible`), of how many (`height`): its
 * box clipped by the window and by every scrolling box it is in (through shadow roots).
 */
async function firstWidgetVisibleHeight(page) {
  return page.evaluate(() => {
    const widget = window.__firstWidget;
    let {top, bottom, left, right, height} = widget.getBoundingClientRect();
    const clip = (r) => {
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
      left = Math.max(left, r.left);
      right = Math.min(right, r.right);
    };
    clip({top: 0, left: 0, bottom: innerHeight, right: innerWidth});
    for (let node = widget.parentNode; node; node = node.parentNode ?? node.host) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      if (getComputedStyle(node).overflowY !== 'visible') clip(node.getBoundingClientRect());
    }
    return {visible: right > left ? Math.max(0, bottom - top) : 0, height};
  });
}

/** The page on load: starters and composer in view, nothing red in the console. */
function onLoad({label, viewport}) {
  return {
    name: `demo-${label}-start`,
    viewport,
    async render({context, root}) {
      const shown = await openDemo(context, root);
      const composer = await composerInView(shown.page);
      if (composer) shown.problems.push(composer);
      return shown;
    },
  };
}

/**
 * After the Seattle starter's recording (and with `second`, the sample file's after it): the
 * composer and the last answer's first widget in view.
 */
function afterReplay({label, viewport}, {second = false} = {}) {
  return {
    name: `demo-${label}-${second ? 'second-answer' : 'answer'}`,
    viewport,
    async render({context, root}) {
      const shown = await openDemo(context, root);
      const {page, problems} = shown;
      try {
        await page.evaluate(() => {
          const agent = document.querySelector('autoui-agent');
          agent.addEventListener('autoui-run-start', () => (window.__firstWidget = undefined));
          agent.addEventListener('autoui-widget-created', (e) => (window.__firstWidget ??= e.detail.element));
        });
        await played(page, () => page.getByRole('button', {name: STARTER}).click());
        if (second) {
          await played(page, async () => {
            await page.getByRole('button', {name: 'More demos'}).click();
            await page.getByRole('button', {name: 'What is in a sample file'}).click();
          });
        }
        const composer = await composerInView(page);
        if (composer) problems.push(composer);
        const {visible, height} = await firstWidgetVisibleHeight(page);
        // The title and value of a stat card, the title of a chart: about the first 60 px.
        const needed = Math.min(60, height);
        if (visible < needed) problems.push(`only ${Math.round(visible)} px of the answer's first widget (${Math.round(height)} px tall) are in view; at least ${needed} must be`);
        return shown;
      } catch (error) {
        await shown.close();
        throw error;
      }
    },
  };
}

/** Reloads the page and waits, as {@link openDemo} does, until its servers and starters are shown. */
async function reloaded(page) {
  await page.reload();
  await serversSettled(page, 3);
  await elementRendered(page);
  await suggestionsShown(page);
}

/** RTL chosen, the page reloaded: the element is still Arabic, right to left, and answers mirrored. */
const rtlRemembered = {
  name: 'demo-390-rtl-answer',
  viewport: {width: 390, height: 844},
  async render({context, root}) {
    const shown = await openDemo(context, root);
    const {page, problems} = shown;
    try {
      await page.getByRole('button', {name: 'RTL'}).click();
      await reloaded(page);
      const chosen = await page.evaluate(() => {
        const agent = document.querySelector('autoui-agent');
        return `${agent.getAttribute('lang')} ${agent.getAttribute('dir')} ${document.querySelector('[data-lang="ar"]').getAttribute('aria-pressed')}`;
      });
      if (chosen !== 'ar rtl true') problems.push(`after a reload the element's lang, dir and the RTL button's aria-pressed are "${chosen}", not "ar rtl true"`);
      await page.evaluate(() => document.querySelector('autoui-agent').addEventListener('autoui-widget-created', (e) => (window.__firstWidget ??= e.detail.element)));
      await played(page, () => page.getByRole('button', {name: STARTER}).click());
      const composer = await composerInView(page);
      if (composer) problems.push(composer);
      const {visible, height} = await firstWidgetVisibleHeight(page);
      if (visible < Math.min(60, height)) problems.push(`only ${Math.round(visible)} px of the answer's first widget are in view`);
      return shown;
    } catch (error) {
      await shown.close();
      throw error;
    }
  },
};

/**
 * The developer view: off on a first visit (no console, no events log), on after its switch and a
 * reload. The console's server addresses (random ports) and the events (in either order) are masked.
 */
const developerView = {
  name: 'demo-1400-developer',
  viewport: {width: 1400, height: 900},
  async render({context, root}) {
    const shown = await openDemo(context, root);
    const {page, problems} = shown;
    try {
      const state = () => page.evaluate(() => ({
        debug: document.querySelector('autoui-agent').hasAttribute('debug'),
        console: !!document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-console'),
        log: !document.getElementById('developer').hidden,
      }));
      const before = await state();
      if (before.debug || before.console || before.log) problems.push(`on a first visit the developer view is on: ${JSON.stringify(before)}`);
      await page.getByRole('switch', {name: 'Developer view'}).click();
      await reloaded(page);
      const after = await state();
      if (!after.debug || !after.console || !after.log) problems.push(`switched on and reloaded, the developer view is not all there: ${JSON.stringify(after)}`);
      await page.locator('#events li', {hasText: /^server-ready: monitor/}).waitFor({state: 'attached'});
      return {...shown, mask: [page.locator('autoui-agent').locator('autoui-console').locator('ul'), page.locator('#events')]};
    } catch (error) {
      await shown.close();
      throw error;
    }
  },
};

/** Runs `start` (what makes the demo play a recording) and resolves once that run has ended well. */
async function played(page, start) {
  await page.evaluate(() => {
    const agent = document.querySelector('autoui-agent');
    window.__runEnd = new Promise((resolve) => agent.addEventListener('autoui-run-end', (e) => resolve(e.detail.result.stopReason), {once: true}));
  });
  await start();
  const stopReason = await page.evaluate(() => window.__runEnd);
  if (stopReason !== 'end_turn') throw new Error(`the replay ended with ${stopReason}, not end_turn`);
}

export const cases = [
  ...SIZES.flatMap((size) => [onLoad(size), afterReplay(size)]),
  ...SIZES.filter((size) => size.label !== '1400').map((size) => afterReplay(size, {second: true})),
  // A phone on its side: the element keeps the whole window below the bar and notice.
  afterReplay({label: '844-landscape', viewport: {width: 844, height: 390}}),
  rtlRemembered,
  developerView,
];
