/**
 * Runs axe-core (the package's own copy) in a page and lists what a screenshot case must not
 * have: violations of impact `serious` or `critical`. axe walks open shadow roots by default, so
 * it checks the element's insides; {@link auditPage} makes sure it did.
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts that fail a case; `minor` and `moderate` findings are not refused here. */
export const FAILING_IMPACTS = ['serious', 'critical'];

/** An axe target (a selector, or for a node in shadow roots the list of selectors down to it) as text. */
const targetText = (target) => target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(', ');

/**
 * Injects axe into `page` and runs it on the whole document.
 * @param {import('playwright-core').Page} page
 * @param {{host?: string}} [options] `host`: the tag of the element whose shadow root axe must
 *   have checked (default `autoui-agent`)
 * @returns {Promise<{problems: string[], notes: string[]}>} `problems`: one line per failing node
 *   (rule id, impact, target, help); `notes`: the milder findings, one line per rule, to print
 */
export async function auditPage(page, {host = 'autoui-agent'} = {}) {
  await page.evaluate(axeSource);
  const {violations, passes} = await page.evaluate(() => window.axe.run(document, {resultTypes: ['violations', 'passes']}));
  // A node inside a shadow root has a target of several selectors, the first one its host's.
  const hosts = [...new Set(passes.concat(violations).flatMap((rule) => rule.nodes.flatMap((n) => n.target.filter((t) => Array.isArray(t) && t.length > 1).map((t) => t[0]))))];
  const inShadow = await page.evaluate(([selectors, tag]) => selectors.some((s) => document.querySelector(s)?.localName === tag), [hosts, host]);
  const problems = [];
  const notes = [];
  if (!inShadow) problems.push(`axe checked nothing inside <${host}>'s shadow root`);
  for (const rule of violations) {
    if (!FAILING_IMPACTS.includes(rule.impact)) notes.push(`axe ${rule.id} (${rule.impact}) at ${rule.nodes.map((n) => targetText(n.target)).join('; ')}`);
    else for (const node of rule.nodes) problems.push(`${rule.id} (${rule.impact}) at ${targetText(node.target)}: ${rule.help}`);
  }
  return {problems, notes};
}
