/**
 * One question through the element: a fresh page (so nothing carries over from the question
 * before), the question asked, then what the run did, axe-core's verdict on the page and a
 * screenshot.
 */
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{pageUrl: string, question: import('./types.mjs').EvalQuestion, timeoutMs: number, screenshot?: string}} options
 *   pageUrl: the evaluation page with its query string; screenshot: where to write it
 * @returns {Promise<import('./types.mjs').RunRecord & {pageErrors: string[], timedOut: boolean}>}
 */
export async function runQuestion(browser, {pageUrl, question, timeoutMs, screenshot}) {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}, locale: question.lang === 'fr' ? 'fr-FR' : 'en-US'});
  const pageErrors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error?.message ?? error)));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    await page.goto(pageUrl);
    await page.waitForFunction(() => window.__eval !== undefined, undefined, {timeout: 30_000});
    const asked = page.evaluate((text) => window.__eval.ask(text), question.question);
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
    const first = await Promise.race([asked, late]);
    clearTimeout(timer);
    const timedOut = first === 'late';
    // Past the limit, Stop is pressed: the run ends as "aborted" with what it had shown.
    if (timedOut) await page.evaluate(() => window.__eval.stop());
    const record = timedOut ? await Promise.race([asked, failAfter(30_000, 'the run did not stop within 30 s of Stop')]) : first;
    await page.addScriptTag({path: AXE});
    record.axe = await page.evaluate(async () => {
      const {violations} = await window.axe.run(document.querySelector('autoui-agent'), {resultTypes: ['violations']});
      return violations.map((v) => ({id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.length}));
    });
    if (screenshot) await page.screenshot({path: screenshot});
    return {...record, pageErrors, timedOut};
  } finally {
    await context.close();
  }
}

/** A promise that rejects with `message` after `ms`. */
const failAfter = (ms, message) => new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
