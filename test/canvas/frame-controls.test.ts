/**
 * A canvas of many widgets draws each frame's controls only when the frame is first hovered or
 * focused, and lets the browser skip off-screen frames (`content-visibility: auto`, from 16 frames); every frame
 * stays a focusable, named group whose actions a keyboard reaches and a screen reader announces.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {resetMouse, sendKeys, sendMouse} from '@web/test-runner-commands';
import {canvasFixture} from '../widgets/canvas-fixture.js';

/**
 * What a screen reader announces for an element: its role and name, here from the ARIA the canvas
 * writes (role, aria-label), which axe checks below. (The test runner's a11ySnapshot needs a
 * Playwright API the installed one no longer has.)
 */
const announced = (el: Element | null | undefined) => ({role: el?.getAttribute('role') ?? el?.localName, name: el?.getAttribute('aria-label')});
const controlsIn = (frame: Element) => frame.querySelectorAll('[part=handle], [part=close], .grip');

async function showStats(count: number) {
  const fixture = await canvasFixture();
  await fixture.registry.get('stat')!.load();
  const ids = Array.from({length: count}, (_, i) => fixture.store.create({type: 'stat', params: {label: `Widget ${i + 1}`, value: i + 1}}).id);
  await waitUntil(() => fixture.rendered.length === count, `${count} widgets rendered`, {timeout: 20_000});
  return {...fixture, ids};
}

describe('frame controls, drawn on first hover or focus', () => {
  afterEach(() => resetMouse());

  it('draws no controls on a still canvas, yet every frame is a focusable, named group', async () => {
    const {item, ids} = await showStats(3);
    for (const id of ids) {
      const frame = item(id);
      expect(controlsIn(frame), `frame ${id} has no control elements yet`).to.have.length(0);
      expect(frame.getAttribute('role')).to.equal('group');
      expect(frame.tabIndex).to.equal(0);
      expect(frame.getAttribute('aria-label')).to.match(/^stat: Widget \d \(Arrow keys move, Shift\+arrows resize\)$/);
      // A few frames fit on a screen: nothing to skip, and their text stays where it was drawn.
      expect(getComputedStyle(frame).contentVisibility).to.equal('visible');
    }
  });

  it('draws a frame\'s controls when the mouse goes over it, and only that frame\'s', async () => {
    const {item, ids, canvas} = await showStats(2);
    const box = item(ids[1]).getBoundingClientRect();
    await sendMouse({type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)]});
    await canvas.updateComplete;
    expect(controlsIn(item(ids[1]))).to.have.length(3);
    expect(controlsIn(item(ids[0]))).to.have.length(0);
  });

  it('by keyboard alone: Tab reaches a frame, then its move and close buttons, announced by name; Enter on close removes it', async () => {
    const {item, ids, canvas, store} = await showStats(2);
    const before = document.createElement('button');
    before.textContent = 'before the canvas';
    canvas.before(before);
    before.focus();
    await sendKeys({press: 'Tab'});
    expect(canvas.shadowRoot!.activeElement).to.equal(item(ids[0]));
    await canvas.updateComplete;
    // What a screen reader reads: the focused group with its name, then the buttons by their names.
    expect(announced(canvas.shadowRoot!.activeElement)).to.deep.equal({role: 'group', name: 'stat: Widget 1 (Arrow keys move, Shift+arrows resize)'});
    await sendKeys({press: 'Tab'});
    expect(announced(canvas.shadowRoot!.activeElement)).to.deep.equal({role: 'button', name: 'Move stat'});
    await sendKeys({press: 'Tab'});
    expect(announced(canvas.shadowRoot!.activeElement)).to.deep.equal({role: 'button', name: 'Close stat'});
    // The second frame, not visited yet, has no buttons.
    expect(controlsIn(item(ids[1]))).to.have.length(0);
    await expect(canvas).to.be.accessible();
    await sendKeys({press: 'Enter'});
    await canvas.updateComplete;
    expect(store.list().map((w) => w.id)).to.deep.equal([ids[1]]);
    // Arrow keys on the next frame move it, as its name says.
    item(ids[1]).focus();
    await sendKeys({press: 'ArrowDown'});
    await canvas.updateComplete;
    expect(store.get(ids[1])!.position?.y).to.be.greaterThan(0);
    before.remove();
  });

  it('an embed (read-only) draws no controls, not even when a frame is hovered or focused, and passes axe', async () => {
    const {item, ids, canvas} = await showStats(2);
    canvas.readonly = true;
    await canvas.updateComplete;
    const box = item(ids[0]).getBoundingClientRect();
    await sendMouse({type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)]});
    item(ids[1]).focus();
    await canvas.updateComplete;
    for (const id of ids) {
      expect(controlsIn(item(id)), `frame ${id} has no controls`).to.have.length(0);
      // No glyph drawn in their place either, and nothing there for a screen reader.
      expect(getComputedStyle(item(id).querySelector('.controls') ?? item(id), '::before').content).to.equal('none');
      for (const box of item(id).querySelectorAll('.controls')) expect(box.getAttribute('aria-hidden')).to.equal('true');
    }
    await expect(canvas).to.be.accessible();
  });

  it('a canvas of 100: off-screen frames keep their names and text, and it passes axe before and after a frame is focused', async () => {
    const {canvas, item, ids} = await showStats(100);
    // Many frames: the browser may skip laying out and painting those off screen.
    for (const id of [ids[0], ids[99]]) {
      const style = getComputedStyle(item(id));
      expect(style.contentVisibility).to.equal('auto');
      expect(style.containIntrinsicSize).to.equal('auto 240px');
    }
    expect(item(ids[99]).getBoundingClientRect().top, 'the last frame is far below the viewport').to.be.greaterThan(window.innerHeight);
    expect(announced(item(ids[99]))).to.deep.equal({role: 'group', name: 'stat: Widget 100 (Arrow keys move, Shift+arrows resize)'});
    // Its text is still there to be read and found, though the browser skips drawing it.
    expect(item(ids[99]).querySelector('autoui-stat')!.shadowRoot!.textContent).to.contain('100');
    expect(canvas.shadowRoot!.querySelectorAll('[part=close]')).to.have.length(0);
    await expect(canvas).to.be.accessible();
    item(ids[99]).focus();
    await canvas.updateComplete;
    expect(canvas.shadowRoot!.querySelectorAll('[part=close]')).to.have.length(1);
    await expect(canvas).to.be.accessible();
  });
});
