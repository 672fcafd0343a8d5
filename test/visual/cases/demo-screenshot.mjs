/**
 * The README's picture (demo/screenshot.png): the demo page as `npm start` serves it with no model
 * key (replay mode), after its "Seattle weather dashboard" replay. Its reference is the README's
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
        await replay.click();
        // The demo logs the element's events: the run's end comes after its widgets rendered.
        await page.locator('#events li', {hasText: /^run-end: end_turn/}).waitFor({timeout: 30_000});
        return {
          page,
          network,
          problems,
          close,
          // Covered, in a grey of the page's, what changes from run to run: the console's servers
          // (their addresses have random ports), its token count (the fake model counts the
          // request's characters, ports and widget ids included), and the page's event log (random
          // widget ids; a widget's event and its tool call's may come in either order).
          mask: [page.locator('autoui-console li[data-server]'), page.locator('autoui-console .usage'), page.locator('#events')],
          maskColor: '#e2e8f0',
        };
      } catch (error) {
        await close();
        throw error;
      }
    },
  },
];
