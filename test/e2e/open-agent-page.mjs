/**
 * Opens the end-to-end agent page (test/e2e/pages/agent.html) with `query` as its settings (build,
 * endpoint, attributes) and waits until the page has set up `window.__e2e`. `problems` collects
 * the page's uncaught errors, for a case to assert there were none.
 */
export async function openAgentPage(context, baseUrl, query) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${new URLSearchParams(query)}`);
  await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
  return {page, problems};
}
