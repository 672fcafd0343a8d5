/**
 * The README's picture (demo/screenshot.png): the element of the demo page as `npm start` serves
 * it with no model key (replay mode), after its "Seattle weather dashboard" replay. Its reference is the README's
 * image itself, so `--update` refreshes the README from the same run.
 */
import {fileURLToPath} from 'node:url';
import {demoConfigHandler, startDemoStack} from '../../../scripts/demo-stack.mjs';
import {startStaticServer} from '../../../scripts/static-server.mjs';
import {elementRendered, serversSettled, trackNetwork} from '../page-ready.mjs';

const REPLAY = 'Seattle weather dashboard';

export const cases = [
  {
    name: 'demo-readme',
    viewport: {width: 1400, height: 1000},
    reference: fileURLToPath(new URL('../../../demo/screenshot.png', import.meta.url)),
    async render({context, root}) {
      const stack = await startDemoStack();
      const web = await startStaticServer({root, handlers: [demoConfigHandler(stack.config)], connect: stack.connect});
      const close = () => Promise.allSettled([web.close(), stack.close()]);
      try {
        const page = await context.newPage();
        const problems = [];
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        const network = trackNetwork(page);
        await page.goto(`${web.url}/demo/`);
        const replay = page.getByRole('button', {name: REPLAY});
        await replay.waitFor({timeout: 10_000});
        await serversSettled(page, stack.config.servers.length);
        await elementRendered(page);
        // The picture is the element, as a visitor sees it: without the demo's agent console (its
        // server addresses have random ports and its token count follows them), and without the
        // page's event log beside it (random widget ids, events in either order).
        await page.evaluate(() => document.querySelector('autoui-agent').removeAttribute('debug'));
        await replay.click();
        // The demo logs the element's events: the run's end comes after its widgets rendered.
        await page.locator('#events li', {hasText: /^run-end: end_turn/}).waitFor({timeout: 30_000});
        return {page, network, problems, close, target: page.locator('autoui-agent')};
      } catch (error) {
        await close();
        throw error;
      }
    },
  },
];
