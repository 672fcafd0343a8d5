/**
 * The element's layout: the conversation beside the canvas on a wide element and above it on a
 * narrow one, chosen by the element's own width (not the viewport's) unless `layout` says; the
 * composer across the whole width; and, in a parent with a height, a frame that fills it with
 * one scrollbar per area and none nested.
 */
import {expect} from '@open-wc/testing';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {createScenario, engineLoaded, mountAgent, settle, ui} from './harness.js';

/** The boxes a visitor sees: the conversation column, the canvas, the composer, and the element. */
function boxes(agent: AutouiAgent) {
  const root = ui(agent).root;
  const box = (selector: string) => root.querySelector<HTMLElement>(selector)!.getBoundingClientRect();
  return {element: agent.getBoundingClientRect(), conversation: box('.conversation'), canvas: box('[part="canvas"]'), composer: box('[part="composer"]')};
}

/** How the areas sit: `side` (conversation beside the canvas) or `stacked` (above it). */
function arrangement(agent: AutouiAgent): 'side' | 'stacked' {
  const {conversation, canvas} = boxes(agent);
  if (Math.abs(canvas.left - conversation.left) < 2 && Math.abs(canvas.width - conversation.width) < 2) {
    expect(canvas.top, 'stacked: the canvas is below the conversation').to.be.at.least(conversation.bottom);
    return 'stacked';
  }
  expect(Math.abs(canvas.top - conversation.top), 'side by side: the two areas start on one line').to.be.below(2);
  return 'side';
}

/** Waits for a layout change to be drawn. */
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<autoui-agent> layout', () => {
  it('puts the conversation beside the canvas when the element is wide, above it when it is narrow, by the element width alone', async () => {
    // The test page's viewport is wide in both cases: only the element's own width differs.
    const wide = await mountAgent(undefined, {parentStyle: 'width: 1200px'});
    const narrow = await mountAgent(undefined, {parentStyle: 'width: 360px'});
    await Promise.all([engineLoaded(wide), engineLoaded(narrow)]);
    await frame();
    expect(arrangement(wide)).to.equal('side');
    expect(arrangement(narrow)).to.equal('stacked');
    expect(boxes(narrow).conversation.width, 'one column as wide as the element (less its padding)').to.be.above(300);

    for (const agent of [wide, narrow]) {
      const {element, composer, canvas} = boxes(agent);
      expect(element.right - composer.right, 'the composer reaches the right edge (less the padding)').to.be.below(20);
      expect(composer.left - element.left, 'the composer starts at the left edge (less the padding)').to.be.below(20);
      expect(composer.top, 'the composer is below the canvas').to.be.at.least(canvas.bottom);
    }
  });

  it('follows the layout attribute whatever its width, and takes an unknown value as auto', async () => {
    const stacked = await mountAgent(undefined, {parentStyle: 'width: 1200px', attributes: {layout: 'stacked'}});
    const side = await mountAgent(undefined, {parentStyle: 'width: 600px', attributes: {layout: 'side'}});
    await frame();
    expect(arrangement(stacked)).to.equal('stacked');
    expect(arrangement(side)).to.equal('side');

    side.layout = 'sideways' as never;
    await side.updateComplete;
    await frame();
    expect(arrangement(side), '600 px under auto is narrow').to.equal('stacked');
    stacked.removeAttribute('layout');
    await stacked.updateComplete;
    await frame();
    expect(arrangement(stacked)).to.equal('side');
  });

  it('mirrors the side layout on a right-to-left page', async () => {
    const agent = await mountAgent(undefined, {parentStyle: 'width: 1200px', attributes: {dir: 'rtl'}});
    await frame();
    const {conversation, canvas} = boxes(agent);
    expect(arrangement(agent)).to.equal('side');
    expect(conversation.left, 'the conversation is on the right').to.be.above(canvas.left);
  });

  it('fills a parent with a height: the composer at its bottom, a long conversation scrolling in its log only', async () => {
    const long = Array.from({length: 120}, (_, i) => `Line ${i + 1} of a long answer.`).join('\n');
    const scenario = await createScenario([{text: long}]);
    const agent = await mountAgent(scenario, {attributes: {lang: 'en'}, parentStyle: 'width: 900px; height: 300px; display: flex; flex-direction: column'});
    agent.style.flex = '1';
    agent.style.minHeight = '0';
    const emptyComposer = boxes(agent).composer;
    expect(boxes(agent).element.height).to.equal(300);
    expect(boxes(agent).element.bottom - emptyComposer.bottom, 'the composer sits at the bottom of the element').to.be.below(20);

    await agent.ask('Tell me a lot');
    await settle(agent);
    await frame();
    const after = boxes(agent);
    expect(after.element.height, 'the element keeps its parent height').to.equal(300);
    expect(after.composer.bottom, 'the composer has not moved').to.be.closeTo(emptyComposer.bottom, 1);
    const log = ui(agent).log()!;
    expect(log.scrollHeight, 'the log scrolls').to.be.above(log.clientHeight);
    const conversation = ui(agent).root.querySelector<HTMLElement>('.conversation')!;
    expect(conversation.scrollHeight, 'the column around the log does not scroll too').to.be.at.most(conversation.clientHeight);
    expect(document.scrollingElement!.scrollHeight, 'nor does the page').to.be.at.most(window.innerHeight);
  });
});
