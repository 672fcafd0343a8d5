/**
 * The README's picture (demo/screenshot.png): the element of the demo page as `npm start` serves
 * it with no model key (replay mode), after its "Seattle weather dashboard" replay. Its reference is the README's
 * image itself, so `--update` refreshes the README from the same run.
 */
import {fileURLToPath} from 'node:url';
import {demoConfigHandler, startDemoStack} from '../../../scripts/demo-stack.mjs';
import {startStaticServer} from '../../../scripts/static-server.mjs';
import {elementRendered, serversSettled, trackNetwork} from '../page-ready.mjs';

// The element's starter question that plays the "Seattle weather dashboard" recording.
const REPLAY = 'Show me a dashboard of the weather in Seattle in 2015.';

export const cases = [
  {
    name: 'demo-readme',
    viewport: {width: 1280, height: 820},
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
        // The picture is the element, as a visitor sees it: the demo's developer view (the agent
        // console, with the servers' random ports, and the event log) is off by default.
        await replay.click();
        // The demo logs the element's events (also while its developer view is off): the run's end
        // comes after its widgets rendered.
        await page.locator('#events li', {hasText: /^run-end: end_turn/}).waitFor({state: 'attached', timeout: 30_000});
        return {page, network, problems, close, target: page.locator('autoui-agent')};
      } catch (error) {
        await close();
        throw error;
      }
    },
  },
];
