/**
 * How the transcript shows a small model's thinking (closed, apart from the answer, openable by
 * keyboard) and the notice that it read only the latest part of the conversation, in both of the
 * element's languages.
 */
import {expect, fixture, html} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {defineViews} from '../../src/element/views.js';
import type {AutouiTranscript} from '../../src/element/parts/autoui-transcript.js';
import type {TranscriptEntry} from '../../src/session/transcript.js';

defineViews();

const entries: TranscriptEntry[] = [
  {kind: 'user', text: 'How many rainy days?'},
  {kind: 'notice', reason: 'trimmed', level: 'info', trimmed: {dropped: 6, contextWindow: 4096}},
  {kind: 'assistant', text: 'It rained 12 days.', streaming: false, thinking: 'The person asks about rain.'},
];

async function mount(language: 'en' | 'fr'): Promise<ShadowRoot> {
  const transcript = await fixture<AutouiTranscript>(html`<autoui-transcript .entries=${entries} .language=${language}></autoui-transcript>`);
  await transcript.updateComplete;
  return transcript.shadowRoot!;
}

describe('<autoui-transcript>: thinking and a shortened conversation', () => {
  it('shows the thinking closed, above the answer and apart from it; a keyboard opens it', async () => {
    const root = await mount('en');
    const answer = root.querySelector<HTMLElement>('[part="assistant"]')!;
    const details = answer.querySelector<HTMLDetailsElement>('details[part="thinking"]')!;
    expect(details.open, 'closed at first').to.equal(false);
    expect(details.querySelector('summary')!.textContent).to.equal('Thinking');
    expect(details.getBoundingClientRect().height, 'only the summary shows').to.be.below(40);
    // The answer's own words follow the thinking, outside it.
    const ownWords = [...answer.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('');
    expect(ownWords).to.equal('It rained 12 days.');
    expect(details.compareDocumentPosition(answer.childNodes[[...answer.childNodes].findIndex((n) => n.textContent === 'It rained 12 days.')]) & Node.DOCUMENT_POSITION_FOLLOWING, 'the thinking comes first').to.not.equal(0);
    details.querySelector('summary')!.focus();
    await sendKeys({press: 'Enter'});
    expect(details.open, 'Enter opens it').to.equal(true);
    expect(details.textContent).to.include('The person asks about rain.');
    await expect(root.host).to.be.accessible();
  });

  it('says the model read only the latest part, how much it left out and why, in the page language', async () => {
    const en = await mount('en');
    expect(en.querySelector('[part="notice"]')!.textContent).to.equal('This conversation is longer than the model on this device can read (4096 tokens): it read only the latest part, without the 6 oldest messages.');
    const fr = await mount('fr');
    expect(fr.querySelector('[part="notice"]')!.textContent).to.include('sans les 6 messages les plus anciens');
    expect(fr.querySelector('summary')!.textContent).to.equal('Réflexion');
  });
});
