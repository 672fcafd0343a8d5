/**
 * Opens the screenshot page (test/visual/pages/visual.html) with `query` as its settings and
 * waits for its element to be on the page. Listens to its network from the start (see
 * {@link trackNetwork}) and collects its uncaught errors in `problems`.
 */
import {trackNetwork} from './page-ready.mjs';

/**
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} baseUrl the static server of the repository
 * @param {Record<string, string>} query endpoint, servers, lang, pageLang, pageDir, dir (see the page)
 * @param {{ignoreRequest?: (request: import('playwright-core').Request) => boolean}} [options] requests the network idle wait leaves out
 * @returns {Promise<{page: import('playwright-core').Page, network: ReturnType<typeof trackNetwork>, problems: string[]}>}
 */
export async function openVisualPage(context, baseUrl, query, {ignoreRequest} = {}) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const network = trackNetwork(page, {ignore: ignoreRequest});
  await page.goto(`${baseUrl}/test/visual/pages/visual.html?${new URLSearchParams(query)}`);
  await page.waitForFunction(() => window.__visual, null, {timeout: 10_000});
  return {page, network, problems};
}

/** The servers every screenshot page connects: the two demo MCP servers, as `servers` query JSON. */
export const demoServers = (servers) => JSON.stringify([['data', servers['demo-data']], ['atlas', servers['demo-atlas']]]);
