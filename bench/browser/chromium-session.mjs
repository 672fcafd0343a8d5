/**
 * Headless Chromium for the browser benchmarks (4, 5, 6): Debian's Chromium through
 * playwright-core with the project's flags, and the repository served by the project's static
 * server, so pages load `/bench/.build/dist/` (our bundle) and `/bench/.build/*.js` (baselines).
 * Every measured load gets a fresh browser context: no cache, no memory left by the previous one.
 */
import {chromium} from 'playwright-core';
import {fileURLToPath} from 'node:url';
import {chromiumArgs, chromiumPath} from '../../scripts/chromium.mjs';
import {startStaticServer} from '../../scripts/static-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts the static server and the browser.
 * @returns {Promise<{baseUrl: string, open(path: string, options?: {throttle?: number, latencyMs?: number, reducedMotion?: boolean}): Promise<Opened>, close(): Promise<void>}>}
 * `latencyMs`: round-trip time added to every request (CDP network emulation), as a CDN far from
 * the visitor would add; 0 serves at loopback speed.
 *
 * @typedef {{page: import('playwright-core').Page, cdp: import('playwright-core').CDPSession, requests: string[], errors: string[], heapMb(): Promise<number>, close(): Promise<void>}} Opened
 */
export async function openChromium() {
  const web = await startStaticServer({root});
  const browser = await chromium.launch({executablePath: chromiumPath(), headless: true, args: chromiumArgs});
  return {
    baseUrl: web.url,
    async open(path, {throttle = 1, latencyMs = 0, reducedMotion = true} = {}) {
      const context = await browser.newContext({viewport: {width: 1200, height: 900}, reducedMotion: reducedMotion ? 'reduce' : 'no-preference'});
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', {rate: throttle});
      if (latencyMs > 0) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1});
      }
      const requests = [];
      const errors = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${web.url}${path}`);
      return {
        page,
        cdp,
        requests,
        errors,
        /** JS heap in use after two full garbage collections, in MB. */
        async heapMb() {
          await cdp.send('HeapProfiler.collectGarbage');
          await cdp.send('HeapProfiler.collectGarbage');
          const {usedSize} = await cdp.send('Runtime.getHeapUsage');
          return usedSize / 1024 / 1024;
        },
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      await web.close();
    },
  };
}
