/**
 * "Ready for a picture": what a case waits for before its screenshot, so two runs draw the same
 * pixels. Each wait is one small function; a case combines those it needs.
 */

/** How long the network must have been silent (no request started or finished) to count as idle. */
const QUIET_MS = 400;

/**
 * Starts listening to `page`'s requests (call before it loads); `quiet()` then resolves once no
 * request has started or ended for {@link QUIET_MS} and none is in flight, except the long-lived
 * ones `ignore` names (an open event stream, a model answer held on purpose).
 * @param {import('playwright-core').Page} page
 * @param {{ignore?: (request: import('playwright-core').Request) => boolean}} [options]
 */
export function trackNetwork(page, {ignore = () => false} = {}) {
  const inFlight = new Set();
  let last = Date.now();
  const start = (r) => {
    last = Date.now();
    if (!ignore(r) && r.headers().accept !== 'text/event-stream') inFlight.add(r);
  };
  const end = (r) => {
    last = Date.now();
    inFlight.delete(r);
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    /** Resolves when the network is idle; rejects after `timeout` ms with what is still loading. */
    async quiet(timeout = 15_000) {
      const until = Date.now() + timeout;
      while (inFlight.size > 0 || Date.now() - last < QUIET_MS) {
        if (Date.now() > until) throw new Error(`the network never went idle; still loading: ${[...inFlight].map((r) => r.url()).join(', ') || 'nothing, but requests kept coming'}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** Resolves once the page's web fonts have loaded (text is then drawn in its final font). */
export const fontsLoaded = (page) => page.evaluate(() => document.fonts.ready.then(() => undefined));

/**
 * Resolves once `count` of the element's servers are no longer connecting (ready, failed, or
 * waiting for a sign-in): what the element says about its servers is then final.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 * @param {string} [selector] the element
 */
export const serversSettled = (page, count, selector = 'autoui-agent') =>
  page.waitForFunction(([n, s]) => (document.querySelector(s)?.session?.servers ?? []).filter((server) => server.state !== 'connecting').length >= n, [count, selector], {timeout: 20_000});

/**
 * Resolves once the element and the parts it loads after its first paint have rendered: its
 * update is complete, its canvas (defined with the lazily loaded views) exists and has rendered.
 * @param {import('playwright-core').Page} page
 * @param {string} [selector] the element
 */
export async function elementRendered(page, selector = 'autoui-agent') {
  await page.waitForFunction((s) => document.querySelector(s)?.shadowRoot?.querySelector('autoui-canvas'), selector, {timeout: 15_000});
  await page.evaluate(async (s) => {
    const agent = document.querySelector(s);
    await agent.updateComplete;
    await agent.shadowRoot.querySelector('autoui-canvas').updateComplete;
  }, selector);
}

/** How long to look for starter questions on an element that does not say it has them. */
const SUGGESTIONS_GRACE_MS = 1_000;

/**
 * Waits for the starter questions of an empty element, when it shows them: an element with a
 * `suggestions` property must render a `[part~="suggestions"]` with at least one button (they
 * come from the servers' recipes, so after the servers connect); any other element gets a short
 * look, in case it renders them another way. Resolves either way, once they are drawn or absent.
 * @param {import('playwright-core').Page} page
 * @param {string} [selector] the element
 */
export async function suggestionsShown(page, selector = 'autoui-agent') {
  const promised = await page.evaluate((s) => 'suggestions' in document.querySelector(s), selector);
  const found = (s) => {
    const seen = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches('[part~="suggestions"]')) seen.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document.querySelector(s).shadowRoot);
    return seen.some((el) => el.querySelector('button, [role="button"]'));
  };
  await page.waitForFunction(found, selector, {timeout: promised ? 15_000 : SUGGESTIONS_GRACE_MS}).catch((error) => {
    if (promised) throw new Error(`the element has a suggestions property but drew no [part~="suggestions"] with a button: ${error.message}`);
  });
}

/** Resolves after two animation frames: what the last change asked to draw has been drawn. */
export const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
