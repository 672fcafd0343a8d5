/**
 * The built bundles in a plain page: each defines <autoui-agent> and runs the agent core through
 * its own exports; the same page under a strict CSP (no eval) raises no violation.
 */
import assert from 'node:assert/strict';

const expected = {defined: true, rendered: true, stopReason: 'end_turn', text: 'There are 3.', firstTools: ['search_tools', 'list_tools']};

/** Opens the core page and returns its result and any CSP violations or page errors. `elsewhere`: the page on another origin than the bundles. */
async function openCorePage({context, baseUrl, screenshot}, build, csp, elsewhere = false) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const pageOrigin = elsewhere ? baseUrl.replace('127.0.0.1', 'autoui.test') : baseUrl;
  await page.goto(`${pageOrigin}/test/e2e/pages/core.html?build=${build}${csp ? '&csp=strict' : ''}${elsewhere ? `&from=${encodeURIComponent(baseUrl)}` : ''}`);
  await page.waitForFunction(() => window.__result, null, {timeout: 10_000}).catch((e) => {
    throw new Error(`${e.message}; page problems: ${problems.join(' | ') || 'none'}`);
  });
  const result = await page.evaluate(() => window.__result);
  await screenshot(page, `core-${build}${csp ? '-csp' : ''}${elsewhere ? '-elsewhere' : ''}`);
  return {result, problems};
}

export const cases = ['es', 'iife', 'standalone'].flatMap((build) =>
  [false, true].map((csp) => ({
    name: `${build} bundle${csp ? ' under a strict CSP' : ''}: defines the element and runs the core`,
    async run(ctx) {
      const {result, problems} = await openCorePage(ctx, build, csp);
      assert.deepEqual(problems, []);
      assert.deepEqual(result, expected);
    },
  })),
);

// The script-tag builds loaded from another origin, as from a CDN: the classic script finds the
// ES build and its chunks beside itself there, not on the page's origin.
cases.push(
  ...['es', 'iife'].map((build) => ({
    name: `${build} bundle from another origin (a CDN): defines the element and runs the core, every file from that origin`,
    async run(ctx) {
      const requests = [];
      ctx.context.on('request', (r) => r.url().includes('/dist/') && requests.push(new URL(r.url()).origin));
      const {result, problems} = await openCorePage(ctx, build, false, true);
      assert.deepEqual(problems, []);
      assert.deepEqual(result, expected);
      assert.ok(requests.length >= 3, `only ${requests.length} files of dist/ requested`);
      assert.deepEqual([...new Set(requests)], [ctx.baseUrl]);
    },
  })),
);

// The classic script copied inline (or bundled into another file) has no folder of its own: it
// says so instead of guessing the page's, and requests nothing.
cases.push({
  name: 'iife bundle inlined into a page: AutouiAgent.ready rejects with what to do, and nothing is loaded from the page',
  async run({context, baseUrl}) {
    const page = await context.newPage();
    // Any document of the test origin that runs no script of its own, replaced by an empty page.
    await page.goto(`${baseUrl}/package.json`);
    await page.setContent('<!DOCTYPE html><title>inline</title>');
    const requested = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const source = await (await fetch(`${baseUrl}/dist/autoui-agent.iife.js`)).text();
    const outcome = await page.evaluate(async (code) => {
      const script = document.createElement('script');
      script.textContent = code;
      document.head.append(script);
      const reason = await window.AutouiAgent.ready.then(() => 'resolved', (e) => e.message);
      const load = await window.AutouiAgent.load().then(() => 'resolved', (e) => e.message);
      return {reason, load, defined: Boolean(customElements.get('autoui-agent'))};
    }, source);
    assert.match(outcome.reason, /<script src>/);
    assert.match(outcome.load, /<script src>/);
    assert.equal(outcome.defined, false);
    assert.deepEqual(requested.filter((p) => p.endsWith('autoui-agent.js') || p.endsWith('core.js')), []);
  },
});
