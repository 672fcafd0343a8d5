/**
 * Text with a very long unbroken word is laid out without kerning (with kerning, Chromium's
 * layout time grows with the square of the word's length and a 1 MB word freezes the page; see
 * src/styles/long-words.ts), and ordinary text keeps its kerning.
 */
import {expect} from '@open-wc/testing';
import {statWidget} from '../../src/widgets/stat/stat.definition.js';
import {renderWidget} from './shared/render-widget.js';
import {createScenario, mountAgent, ui} from '../element/harness.js';

const kerning = (el: Element) => getComputedStyle(el).fontKerning;

describe('very long words', () => {
  it('a widget whose params hold a 300-character word drops kerning; one with ordinary words keeps it', async () => {
    const {element: long} = await renderWidget(statWidget, {label: 'x'.repeat(300), value: 1});
    const {element: plain} = await renderWidget(statWidget, {label: 'Airports in Texas', value: 1});
    expect(kerning(long.shadowRoot!.querySelector('.label')!)).to.equal('none');
    expect(kerning(plain.shadowRoot!.querySelector('.label')!)).to.equal('auto');
    // The same element shown new params follows them.
    long.params = {label: 'Short again', value: 2};
    await (long as unknown as {updateComplete: Promise<unknown>}).updateComplete;
    expect(kerning(long.shadowRoot!.querySelector('.label')!)).to.equal('auto');
  });

  it('a transcript line with a very long word drops kerning, the others keep it', async () => {
    const agent = await mountAgent(await createScenario([{text: `Here is the hash: ${'f'.repeat(400)}`}]), {attributes: {lang: 'en'}});
    await agent.ask('Give me the hash');
    const root = ui(agent).root.querySelector('autoui-transcript')!.shadowRoot!;
    expect(kerning(root.querySelector('[part="assistant"]')!)).to.equal('none');
    expect(kerning(root.querySelector('[part="user"]')!)).to.equal('auto');
  });
});
