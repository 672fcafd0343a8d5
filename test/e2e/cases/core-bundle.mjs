/**
 * The built bundles in a plain page: each defines <autoui-agent> and runs the agent core through
 * its own exports; the same page under a strict CSP (no eval) raises no violation.
 */
import assert from 'node:assert/strict';

const expected = {defined: true, rendered: true, stopReason: 'end_turn', text: 'There are 3.', firstTools: ['data_mcp_search_tools', 'data_mcp_list_tools', 'recall']};

/** Opens the core page and returns its result and any CSP violations or page errors. */
async function openCorePage({context, baseUrl, screenshot}, build, csp) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${baseUrl}/test/e2e/pages/core.html?build=${build}${csp ? '&csp=strict' : ''}`);
  await page.waitForFunction(() => window.__result, null, {timeout: 10_000}).catch((e) => {
    throw new Error(`${e.message}; page problems: ${problems.join(' | ') || 'none'}`);
  });
  const result = await page.evaluate(() => window.__result);
  await screenshot(page, `core-${build}${csp ? '-csp' : ''}`);
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
