import {expect, waitUntil} from '@open-wc/testing';
import {emulateMedia, resetMouse, sendMouse} from '@web/test-runner-commands';
import {canvasFixture} from '../widgets/canvas-fixture.js';

/** Moves the real mouse over `frame`, which draws its controls, as a person's pointer would. */
async function hover(frame: HTMLElement, canvas: {updateComplete: Promise<unknown>}) {
  const box = frame.getBoundingClientRect();
  await sendMouse({type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)]});
  await canvas.updateComplete;
}

describe('<autoui-canvas>', () => {
  afterEach(() => resetMouse());

  it('renders a widget in a frame with parts, and reports it once rendered', async () => {
    const {tool, rendered, item, canvas} = await canvasFixture();
    const {json} = await tool('widget_display', {name: 'stat', params: {label: 'Deputies', value: 577}});
    await waitUntil(() => rendered.length === 1, 'autoui-widget-rendered');
    expect(rendered[0]).to.include({id: json.id, type: 'stat'});
    const frame = item(json.id);
    expect(frame.getAttribute('part')).to.equal('widget widget-stat');
    const element = rendered[0].element;
    expect(element.localName).to.equal('autoui-stat');
    expect(element.shadowRoot!.textContent).to.contain('577');
    expect(element.getAttribute('exportparts')).to.contain('value:stat-value');
    expect(canvas.partNames).to.include.members(['widget', 'widget-stat', 'stat-value', 'close']);
    await expect(canvas).to.be.accessible();
  });

  it('draws a widget whose code is already loaded in its first update, with no placeholder in between', async () => {
    const {store, registry, canvas, item, rendered} = await canvasFixture();
    await registry.get('kv')!.load();
    const {id} = store.create({type: 'kv', params: {items: [{key: 'Capital', value: 'Paris'}]}});
    await canvas.updateComplete;
    expect(item(id).querySelector('.loading')).to.equal(null);
    expect(item(id).querySelector('autoui-kv')).to.not.equal(null);
    await waitUntil(() => rendered.length === 1, 'autoui-widget-rendered');
    expect(rendered[0].element.shadowRoot!.textContent).to.contain('Paris');
  });

  it('exports the parts of widgets shown together before announcing the first', async () => {
    const {tool, canvas, registry} = await canvasFixture();
    await Promise.all(['stat', 'tags'].map((type) => registry.get(type)!.load()));
    const seen: string[] = [];
    canvas.addEventListener('autoui-widget-rendered', () => seen.push(canvas.getAttribute('exportparts') ?? ''));
    await Promise.all([
      tool('widget_display', {name: 'stat', params: {label: 'Deputies', value: 577}}),
      tool('widget_display', {name: 'tags', params: {items: ['a', 'b']}}),
    ]);
    await waitUntil(() => seen.length === 2, 'both widgets announced');
    for (const parts of seen) expect(parts).to.contain('widget-stat').and.contain('stat-value').and.contain('widget-tags');
  });

  it('exports a chart\'s screen-reader table as chart-data-table, though the table itself comes later', async () => {
    const {tool, rendered, canvas} = await canvasFixture();
    await tool('widget_display', {name: 'chart', params: {type: 'bar', labels: ['a', 'b'], datasets: [{label: 'n', data: [1, 2]}]}});
    await waitUntil(() => rendered.length === 1, 'the chart rendered');
    expect(canvas.getAttribute('exportparts')).to.contain('chart-data-table');
  });

  it('says so in the frame, and reports it, when a widget\'s code cannot be loaded', async () => {
    const {canvas, store, registry, item} = await canvasFixture();
    const stat = registry.get('stat')!;
    registry.register({...stat, type: 'broken', tagName: 'autoui-broken', load: () => Promise.reject(new Error('chunk 404'))});
    const failures: Array<{type: string; ids: string[]; message: string}> = [];
    canvas.addEventListener('autoui-widget-failed', (e) => failures.push((e as CustomEvent).detail));
    const {id} = store.create({type: 'broken', params: {label: 'x', value: 1}});
    await waitUntil(() => failures.length === 1, 'autoui-widget-failed');
    expect(failures[0]).to.deep.include({type: 'broken', ids: [id]});
    expect(failures[0].message).to.contain('chunk 404');
    await canvas.updateComplete;
    const alert = item(id).querySelector('[role="alert"]');
    expect(alert?.textContent).to.contain('could not be loaded');
  });

  it('hands a page’s own widget the colours of the scheme, under their public names', async () => {
    // A page element that colours itself from the public tokens, with light fallbacks of its own.
    if (!customElements.get('page-swatch')) {
      customElements.define('page-swatch', class extends HTMLElement {
        params: unknown;
        connectedCallback() {
          this.style.cssText = 'display:block;background:var(--autoui-color-surface, white);color:var(--autoui-color-on-surface, black)';
          this.textContent = 'swatch';
        }
      });
    }
    const {registry, store, item} = await canvasFixture();
    registry.registerPageWidget({type: 'swatch', tagName: 'page-swatch', description: 'A swatch', schema: {type: 'object'}});
    const {id} = store.create({type: 'swatch', params: {}});
    try {
      await emulateMedia({colorScheme: 'dark'});
      await waitUntil(() => item(id)?.querySelector('page-swatch'), 'the page widget rendered');
      const swatch = item(id).querySelector('page-swatch')!;
      expect(getComputedStyle(swatch).backgroundColor, 'the dark surface, not its white fallback').to.equal('rgb(17, 24, 39)');
      expect(getComputedStyle(swatch).color).to.equal('rgb(243, 244, 246)');
    } finally {
      await emulateMedia({colorScheme: 'light'});
    }
  });

  it('a canvas replaced at once under the same ids (a restore) gets new elements, each reported rendered again', async () => {
    const {store, rendered, canvas} = await canvasFixture();
    const [first] = store.replaceAll([{id: 'w_aaaaaa', type: 'stat', params: {label: 'Before', value: 1}}]);
    await waitUntil(() => rendered.length === 1, 'the first widget');
    const before = rendered[0].element;
    // clear() and the same id again, in one task: the canvas renders once, after both.
    store.replaceAll([{id: first.id, type: 'stat', params: {label: 'After', value: 2}}]);
    await waitUntil(() => rendered.length === 2, 'the restored widget was not reported');
    expect(rendered[1].id).to.equal(first.id);
    expect(rendered[1].element).to.not.equal(before);
    expect(canvas.shadowRoot!.textContent).to.not.contain('Before');
  });

  it('updates in place: the same element instance shows the new params', async () => {
    const {tool, rendered} = await canvasFixture();
    const {json} = await tool('widget_display', {name: 'stat', params: {label: 'Votes', value: 1}});
    await waitUntil(() => rendered.length === 1);
    const before = rendered[0].element;
    await tool('canvas', {action: 'update', id: json.id, params: {value: 2}});
    await waitUntil(() => before.shadowRoot!.textContent!.includes('2'), 'new value shown');
    expect(before.isConnected, 'not remounted').to.equal(true);
    expect(rendered, 'not rendered anew').to.have.length(1);
  });

  it('applies every canvas action to what the person sees', async () => {
    const {tool, rendered, item, canvas} = await canvasFixture();
    const a = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    const b = (await tool('widget_display', {name: 'kv', params: {items: [{key: 'k', value: 'v'}]}})).json.id;
    await waitUntil(() => rendered.length === 2);
    await tool('canvas', {action: 'move', id: a, x: 300, y: 40});
    await tool('canvas', {action: 'resize', id: a, width: 250, height: 150});
    await tool('canvas', {action: 'style', id: a, params: {background: 'rgb(254, 243, 199)'}});
    await canvas.updateComplete;
    const frame = item(a);
    const box = frame.getBoundingClientRect();
    const origin = canvas.shadowRoot!.querySelector('.canvas')!.getBoundingClientRect();
    expect([box.left - origin.left, box.top - origin.top, box.width, box.height]).to.deep.equal([300, 40, 250, 150]);
    expect(getComputedStyle(frame).backgroundColor).to.equal('rgb(254, 243, 199)');
    await tool('canvas', {action: 'remove', id: b});
    await canvas.updateComplete;
    expect(item(b)).to.equal(null);
    expect(item(a)).to.exist;
    await tool('canvas', {action: 'clear'});
    await canvas.updateComplete;
    expect(canvas.shadowRoot!.querySelectorAll('[part~=widget]')).to.have.length(0);
  });

  it('closes a widget with its accessible close button', async () => {
    const {tool, rendered, item, store, canvas} = await canvasFixture();
    const id = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    await waitUntil(() => rendered.length === 1);
    await hover(item(id), canvas);
    const close = item(id).querySelector('[part=close]') as HTMLButtonElement;
    expect(close.getAttribute('aria-label')).to.equal('Close stat');
    close.click();
    await canvas.updateComplete;
    expect(store.list()).to.deep.equal([]);
    expect(item(id)).to.equal(null);
  });

  it('a page widget’s own close button and handle are the widget’s: pressing them neither closes nor moves the frame', async () => {
    // A page element with no shadow root, whose DOM has the canvas's own class names.
    if (!customElements.get('page-dialogish')) {
      customElements.define('page-dialogish', class extends HTMLElement {
        params: unknown;
        connectedCallback() {
          this.innerHTML = '<div class="controls"><button class="close handle">its own ✕</button></div><div class="grip"></div>';
        }
      });
    }
    const {registry, store, item, canvas} = await canvasFixture();
    registry.registerPageWidget({type: 'dialogish', tagName: 'page-dialogish', description: 'A box with its own close', schema: {type: 'object'}});
    const {id} = store.create({type: 'dialogish', params: {}});
    await waitUntil(() => item(id)?.querySelector('page-dialogish button'), 'the page widget rendered');
    const own = item(id).querySelector('page-dialogish button') as HTMLButtonElement;
    own.click();
    const at = (el: Element, type: string, x: number) => el.dispatchEvent(new PointerEvent(type, {pointerId: 3, button: 0, clientX: x, clientY: x, bubbles: true}));
    for (const el of [own, item(id).querySelector('page-dialogish .grip')!]) {
      at(el, 'pointerdown', 10);
      at(el, 'pointermove', 90);
      at(el, 'pointerup', 90);
    }
    await canvas.updateComplete;
    expect(store.list().map((w) => w.id), 'still on the canvas').to.deep.equal([id]);
    expect(store.get(id)!.position, 'not moved').to.equal(undefined);
    expect(store.get(id)!.size, 'not resized').to.equal(undefined);
    // The canvas's own close button still closes it.
    await hover(item(id), canvas);
    (item(id).querySelector('[part=close]') as HTMLButtonElement).click();
    expect(store.list()).to.deep.equal([]);
  });

  it('a read-only canvas has no controls, and arrow keys move nothing', async () => {
    const {tool, rendered, item, store, canvas} = await canvasFixture();
    canvas.readonly = true;
    const id = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    await waitUntil(() => rendered.length === 1);
    expect(item(id).querySelector('[part=close], [part=handle], .grip')).to.equal(null);
    item(id).dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    await canvas.updateComplete;
    expect(store.get(id)!.position).to.equal(undefined);
  });

  it('moves the focused widget with arrow keys and resizes it with shift+arrows, keeping focus', async () => {
    const {tool, rendered, item, store, canvas} = await canvasFixture();
    const id = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    await waitUntil(() => rendered.length === 1);
    const frame = item(id);
    frame.focus();
    const key = (k: string, shiftKey = false) => frame.dispatchEvent(new KeyboardEvent('keydown', {key: k, shiftKey, bubbles: true}));
    key('ArrowRight');
    key('ArrowDown');
    await canvas.updateComplete;
    expect(store.get(id)!.position).to.deep.equal({x: 10, y: 10});
    const width = store.get(id)!.size?.width ?? item(id).getBoundingClientRect().width;
    item(id).dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', shiftKey: true, bubbles: true}));
    await canvas.updateComplete;
    expect(store.get(id)!.size!.width).to.equal(Math.round(width) + 10);
    await waitUntil(() => canvas.shadowRoot!.activeElement === item(id), 'focus kept');
  });

  it('moves a widget by dragging its handle with the pointer', async () => {
    const {tool, rendered, item, store, canvas} = await canvasFixture();
    const id = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    await waitUntil(() => rendered.length === 1);
    await hover(item(id), canvas);
    const handle = item(id).querySelector('[part=handle]')!;
    const at = (type: string, x: number, y: number) => handle.dispatchEvent(new PointerEvent(type, {pointerId: 7, button: 0, clientX: x, clientY: y, bubbles: true}));
    at('pointerdown', 100, 100);
    at('pointermove', 160, 130);
    at('pointerup', 160, 130);
    expect(store.get(id)!.position).to.deep.equal({x: 60, y: 30});
    at('pointermove', 400, 400); // after release: ignored
    expect(store.get(id)!.position).to.deep.equal({x: 60, y: 30});
  });

  it('honours dir="rtl": placed widgets measure from the right edge', async () => {
    const {tool, rendered, item, canvas} = await canvasFixture({environment: {dir: 'rtl', locale: 'fr', language: 'fr'}});
    const id = (await tool('widget_display', {name: 'stat', params: {label: 'A', value: 1}})).json.id;
    await waitUntil(() => rendered.length === 1);
    await tool('canvas', {action: 'move', id, x: 20, y: 0});
    await canvas.updateComplete;
    const origin = canvas.shadowRoot!.querySelector('.canvas')!;
    expect(origin.getAttribute('dir')).to.equal('rtl');
    expect(Math.round(origin.getBoundingClientRect().right - item(id).getBoundingClientRect().right)).to.equal(20);
    await hover(item(id), canvas);
    expect(item(id).querySelector('[part=close]')!.getAttribute('aria-label')).to.equal('Fermer stat');
  });
});
