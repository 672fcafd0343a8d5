/**
 * Consecutive tool calls in the transcript: one line, "Used 5 tools ›", that a person opens (by
 * mouse or keyboard) to see the pills; a failed call in view while it is closed; a lone call
 * still its pill.
 */
import {expect} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, mountAgent, settle, ui} from './harness.js';

const display = (label: string, value?: number) => ({name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: value === undefined ? {label} : {label, value}}});

/** The transcript's shadow root, its groups and their buttons. */
function view(agent: AutouiAgent) {
  const root = ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!;
  return {
    root,
    groups: () => [...root.querySelectorAll<HTMLElement>('[part="tool-group"]')],
    toggles: () => [...root.querySelectorAll<HTMLButtonElement>('[part="tool-group-toggle"]')],
    /** The pills a person sees (rendered, with a box on screen). */
    visiblePills: () => [...root.querySelectorAll<HTMLElement>('[part~="tool-pill"]')].filter((p) => p.getClientRects().length > 0).map((p) => (p.textContent ?? '').replace(/\s+/g, ' ').trim()),
  };
}

describe('<autoui-agent> consecutive tool calls', () => {
  it('are one line, "Used 5 tools", that opens and closes from the keyboard; a failed call stays in view', async () => {
    const scenario = await createScenario([
      {toolCalls: [display('A', 1), display('B', 2), display('No value'), display('D', 4), display('E', 5)]},
      {text: 'Shown.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    const result = await agent.ask('Show five');
    await settle(agent);
    const t = view(agent);
    const failed = result.toolCalls[2];
    expect(failed.error, 'the third call failed').to.be.a('string');

    expect(t.toggles().map((b) => b.textContent!.trim())).to.deep.equal(['Used 5 tools›']);
    const toggle = t.toggles()[0];
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(t.visiblePills(), 'closed: only the failed call').to.deep.equal([`✗ autoui · widget_display · ${failed.elapsed} ms`]);
    expect(t.root.querySelector('[part~="tool-pill"]')!.getAttribute('title'), 'its error on hover').to.equal(failed.error);
    await expect(agent).to.be.accessible();

    // From the log (it takes focus), Tab reaches the button; Enter opens, Space closes.
    ui(agent).log()!.focus();
    await sendKeys({press: 'Tab'});
    expect(t.root.activeElement, 'Tab reaches the group’s button').to.equal(toggle);
    await sendKeys({press: 'Enter'});
    await settle(agent);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(t.visiblePills(), 'open: every call in order, the failed one once').to.deep.equal(result.toolCalls.map((c) => `${c.error ? '✗' : '✓'} autoui · widget_display · ${c.elapsed} ms`));
    expect(t.root.activeElement, 'focus stays on the button').to.equal(toggle);
    await expect(agent).to.be.accessible();

    await sendKeys({press: 'Space'});
    await settle(agent);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(t.visiblePills()).to.have.length(1);
  });

  it('a lone call is its pill, and calls an answer separates are not grouped', async () => {
    const scenario = await createScenario([{text: 'First,', toolCalls: [display('A', 1)]}, {text: 'then', toolCalls: [display('B', 2)]}, {text: 'done.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    await agent.ask('Show two');
    await settle(agent);
    expect(view(agent).groups()).to.have.length(0);
    expect(view(agent).visiblePills()).to.have.length(2);
  });

  it('says it in French on a French element', async () => {
    const scenario = await createScenario([{toolCalls: [display('A', 1), display('B', 2), display('C', 3)]}, {text: 'Voilà.'}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'fr'}});
    await agent.ask('Montre trois');
    await settle(agent);
    expect(view(agent).toggles().map((b) => b.textContent!.trim())).to.deep.equal(['3\u00a0outils utilisés›']);
    expect(view(agent).visiblePills()).to.have.length(0);
  });

  it('opening a group higher up does not scroll the conversation to its end', async () => {
    const long = Array.from({length: 80}, (_, i) => `Line ${i} of a long answer.`).join('\n');
    const scenario = await createScenario([{toolCalls: [display('A', 1), display('B', 2)]}, {text: long}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}});
    await agent.ask('Show and tell');
    await settle(agent);
    const log = ui(agent).log()!;
    expect(log.scrollHeight, 'the conversation scrolls').to.be.above(log.clientHeight);
    log.scrollTop = 0;
    view(agent).toggles()[0].click();
    await settle(agent);
    expect(view(agent).visiblePills(), 'the group opened').to.have.length(2);
    expect(log.scrollTop, 'the log stays where the person is').to.equal(0);
  });
});
