/**
 * Text with a very long unbroken word is laid out without kerning (with kerning, Chromium's
 * layout time grows with the square of the word's length and a 1 MB word freezes the page; see
 * src/styles/long-words.ts), and ordinary text keeps its kerning.
 */
import {expect} from '@open-wc/testing';
import fc from 'fast-check';
import {hasLongWord, LONG_WORD} from '../../src/styles/long-words.js';
import {statWidget} from '../../src/widgets/stat/stat.definition.js';
import {renderWidget} from './shared/render-widget.js';
import {createScenario, mountAgent, ui} from '../element/harness.js';

const kerning = (el: Element) => getComputedStyle(el).fontKerning;

describe('very long words', () => {
  it('finds a very long word exactly where the regular expression \\S{200} does, with every kind of space', () => {
    const spaces = [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'];
    const piece = fc.oneof(fc.constantFrom(...spaces), fc.string({minLength: 1, maxLength: 260}).map((s) => s.replace(/\s/g, 'x')));
    fc.assert(
      fc.property(fc.array(piece, {maxLength: 30}), (pieces) => {
        const text = pieces.join('');
        expect(hasLongWord(text)).to.equal(new RegExp(`\\S{${LONG_WORD}}`).test(text), JSON.stringify(text.slice(0, 80)));
      }),
      {numRuns: 300},
    );
  });


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
