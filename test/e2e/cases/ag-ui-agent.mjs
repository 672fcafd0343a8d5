/**
 * Both builds in a plain page with `<autoui-agent agent="...">` and nothing else: the ES build
 * (`dist/autoui-agent.js`, a module script) and the all-in-one classic script
 * (`dist/autoui-agent.standalone.iife.js`), each against the scripted AG-UI server
 * (test/servers/agui-scripted.mjs). A person types a question in the composer; the agent's answer
 * shows in the transcript and the chart it drew through our frontend tool `widget_display` renders
 * on the canvas, with no provider, endpoint or key on the page.
 */
import assert from 'node:assert/strict';

/** The builds, each with its plain page beside this file (one script tag, the element, its agent from `?agent=`). */
const BUILDS = ['es', 'standalone'];

/** Texts of the transcript's parts named `part`, as a person reads them. */
const shown = (page, part) => page.locator(`autoui-agent autoui-transcript [part="${part}"]`).allTextContents();

export const cases = BUILDS.map((build) => ({
  name: `${build} build: a plain page with <autoui-agent agent> shows the AG-UI agent's answer and the chart it drew through widget_display`,
  async run({context, baseUrl, servers, screenshot}) {
    const agentUrl = `${servers['agui-scripted']}/frontend-tool`;
    const page = await context.newPage();
    const problems = [];
    const requests = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${baseUrl}/test/e2e/cases/ag-ui-agent-${build}.html?agent=${encodeURIComponent(agentUrl)}`);
    await page.locator('autoui-agent [part="input"]').fill('Chart the sales');
    await page.locator('autoui-agent [part="input"]').press('Enter');
    // The second run's answer: the agent read the result of the chart the page drew.
    await page.waitForFunction(
      () => [...(document.querySelector('autoui-agent')?.shadowRoot?.querySelector('autoui-transcript')?.shadowRoot?.querySelectorAll('[part="assistant"]') ?? [])].some((n) => n.textContent.includes('The page answered:')),
      null,
      {timeout: 30_000},
    ).catch(async (error) => {
      await screenshot(page, `ag-ui-agent-${build}-failed`);
      const seen = await page.evaluate(() => document.querySelector('autoui-agent')?.shadowRoot?.querySelector('autoui-transcript')?.shadowRoot?.textContent.replace(/\s+/g, ' '));
      throw new Error(`${error.message}; the transcript: ${seen}; problems: ${problems.join(' | ') || 'none'}`);
    });
    const chart = page.locator('autoui-agent autoui-canvas autoui-chart');
    await chart.waitFor({timeout: 15_000});
    await page.waitForFunction(() => document.querySelector('autoui-agent')?.session.running === false, null, {timeout: 15_000});
    await screenshot(page, `ag-ui-agent-${build}`);

    assert.deepEqual(problems, []);
    assert.deepEqual((await shown(page, 'user')).map((t) => t.replace(/\s+/g, ' ').trim()), ['You: Chart the sales']);
    const answers = (await shown(page, 'assistant')).join(' ');
    assert.match(answers, /Let me draw that\./);
    assert.match(answers, /The page answered:/);
    const widgets = await page.evaluate(() => document.querySelector('autoui-agent').widgets.map((w) => ({type: w.type, title: w.params.title})));
    assert.deepEqual(widgets, [{type: 'chart', title: 'Sales'}]);
    assert.equal(await chart.count(), 1);
    assert.ok(await chart.evaluate((el) => Boolean(el.shadowRoot?.childElementCount)), 'the chart rendered');
    // The agent was the only thing asked: two runs (the question, then the chart's result), no model provider.
    const outside = requests.filter((url) => !url.startsWith(baseUrl));
    assert.deepEqual(outside, [agentUrl, agentUrl]);
  },
}));
