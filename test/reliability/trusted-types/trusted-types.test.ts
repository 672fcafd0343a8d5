/**
 * Reliability family 5: Trusted Types. This file runs on a page whose policy is
 * `require-trusted-types-for 'script'; script-src 'self'` (the `reliability-tt` group of
 * web-test-runner.config.mjs): every string that reaches an HTML sink must be a TrustedHTML, and
 * no inline or evaluated script runs. Every built-in widget (its recipe example, the map with its
 * tiles), the transcript (a question, its streamed answer, a tool pill, an approval card, an error
 * notice) and the console are shown; the page must hear no violation report, no widget may be a
 * blank frame, and nothing may throw.
 */
import {expect, waitUntil} from '@open-wc/testing';
import type {AutouiAgent} from '../../../src/element/autoui-agent.js';
import {runDisplayTool} from '../../../src/element/webmcp/webmcp-link.js';
import type {WebMcpLayer} from '../../../src/agent/types.js';
import {createScenario, engineLoaded, settle, ui} from '../../element/harness.js';
import {definitions, example} from '../../element/hostile-snapshot-corpus.js';
import {reportFamily} from '../support/report.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.sample || e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
const errors: string[] = [];
window.addEventListener('error', (e) => errors.push(`uncaught ${e.message}`));
window.addEventListener('unhandledrejection', (e) => errors.push(`unhandled ${String((e.reason as Error)?.message ?? e.reason)}`));

/** A page tool that asks for approval (not read-only), so the transcript shows its card. */
const writer: WebMcpLayer = {
  protocol: 'webmcp',
  serverName: 'notes',
  description: 'Writes notes',
  tools: [{name: 'save', description: 'Saves a note', inputSchema: {type: 'object', properties: {text: {type: 'string'}}}}],
  async execute() {
    return {text: 'saved'};
  },
};

describe('reliability: Trusted Types and a strict script-src', function () {
  this.timeout(120_000);

  it('every widget, the transcript and the console: zero violation reports', async () => {
    expect((window as {trustedTypes?: unknown}).trustedTypes, 'the page enforces Trusted Types').to.not.equal(undefined);
    let sinkRefused = false;
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
    } catch {
      sinkRefused = true;
    }
    expect(sinkRefused, 'a plain string is refused by innerHTML on this page').to.equal(true);
    await waitUntil(() => violations.length > 0, 'the refused probe is reported');
    violations.length = 0;

    const scenario = await createScenario([
      {match: {lastUserIncludes: 'Save'}, text: 'Saving **this** note — _now_.', toolCalls: [{name: 'notes_webmcp_save', input: {text: 'hello'}}]},
      {match: {lastToolResultIncludes: 'saved'}, text: 'Saved. Here is a [link](https://example.org) and `code`.'},
      {match: {lastUserIncludes: 'Fail'}, fault: {status: 500}},
    ]);
    const agent = document.createElement('autoui-agent') as AutouiAgent;
    for (const [name, value] of Object.entries({lang: 'en', endpoint: scenario.base, debug: '', 'image-hosts': location.host})) agent.setAttribute(name, value);
    document.body.append(agent);
    await agent.updateComplete;
    await engineLoaded(agent);
    agent.addLayer(writer);

    // Every widget of the catalogue, from its recipe example (the map on this page's tiles).
    for (const definition of definitions) {
      const params = example(definition.type) as Record<string, unknown>;
      if (definition.type === 'map') params.tileUrl = `${location.origin}/test/fixtures/tiles/tile.png?{z}/{x}/{y}`;
      const out = await runDisplayTool(agent.session, 'widget_display', {name: definition.type, params});
      expect(out.isError, `${definition.type}: ${out.text.slice(0, 120)}`).to.not.equal(true);
    }
    const canvas = ui(agent).root.querySelector('autoui-canvas') as HTMLElement & {whenRendered(ids: () => string[], ms: number): Promise<void>};
    await canvas.whenRendered(() => agent.session.widgets.list().map((w) => w.id), 10_000);
    await settle(agent);
    const blank = ui(agent).widgets().filter((w) => !w.element?.shadowRoot?.childNodes.length).map((w) => agent.session.widgets.get(w.id)?.type);
    expect({violations, errors}, 'violations while the widgets rendered').to.deep.equal({violations: [], errors: []});
    expect(blank, 'widgets shown as blank frames').to.deep.equal([]);

    // The transcript: a question, a streamed answer, a tool pill, an approval card answered, an error.
    const asked = agent.ask('Save a note');
    await waitUntil(() => ui(agent).cards().length === 1, 'no approval card', {timeout: 10_000});
    ui(agent).cardButton('allow')!.click();
    const result = await asked;
    expect(result.stopReason).to.equal('end_turn');
    await agent.ask('Fail now');
    await settle(agent);
    expect(ui(agent).notices().length, 'the error notice').to.be.at.least(1);
    expect(ui(agent).console(), 'the console').to.not.equal(null);

    const shown = definitions.length + 1;
    await reportFamily('Trusted Types page', shown, violations.length === 0 && errors.length === 0 ? shown : 0, `${definitions.length} widget types and the transcript; ${violations.length} violation reports`);
    expect(violations, 'Trusted Types or CSP violations').to.deep.equal([]);
    expect(errors, 'errors on the page').to.deep.equal([]);
    agent.remove();
  });
});
