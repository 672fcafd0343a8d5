/**
 * One language rule everywhere: with `lang="de"` (a language autoui-agent has no texts for), the
 * prompt, the element's texts, the canvas's buttons and the widgets' own words are English (the
 * fallback), and numbers and dates are German, in every widget.
 */
import {expect} from '@open-wc/testing';
import {createScenario, mountAgent, settle, systemPrompt, ui} from './harness.js';

const display = (name: string, params: unknown) => ({name: 'autoui_webmcp_widget_display', input: {name, params}});

describe('<autoui-agent> language', () => {
  it('lang="de": English prompt and texts, German numbers and dates, the same in every part', async () => {
    const scenario = await createScenario([
      {toolCalls: [display('stat', {label: 'Einwohner', value: 1234567.5}), display('stat-card', {label: 'Quote', value: 7.25, unit: '%', trend: 'down'}), display('timeline', {items: [{date: '2024-03-12', title: 'Wahl'}]})]},
      {text: 'Fertig.'},
    ]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'de'}});
    await agent.ask('Zeig es mir');
    await settle(agent);
    const view = ui(agent);

    expect(systemPrompt((await scenario.requests())[0])).to.include('You are the assistant of a web page: ');
    expect(view.sendButton()!.textContent).to.equal('Send');
    const [stat, card, timeline] = view.widgets();
    // A frame's controls are drawn when it is first focused or hovered.
    stat.frame.focus();
    await settle(agent);
    expect(stat.frame.querySelector('[part="close"]')!.getAttribute('aria-label')).to.equal('Close stat');
    expect(stat.element!.shadowRoot!.textContent).to.contain('1.234.567,5');
    expect(card.element!.shadowRoot!.textContent).to.contain('7,25');
    expect(card.element!.shadowRoot!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Trend: down');
    expect(timeline.element!.shadowRoot!.textContent).to.contain('12.03.2024');
  });
});
