/**
 * Our side of the rendering benchmark (4): widgets rendered the way a page gets them, through the
 * built ES bundle: the `autoui` layer's `widget_display` (repair, validate, URL rules, show on the
 * widget store), then `<autoui-canvas>` mounts and renders the widget elements.
 */
import {install, leafletDone} from './render-harness.js';

const at = (file) => new URL(`/bench/.build/dist/${file}`, location.href).href;
// The page's bundle (defines the elements), the core (the layer, the store) and the widgets (the canvas, the catalogue).
await import(at('autoui-agent.js'));
const [core, widgets] = await Promise.all([import(at('core.js')), import(at('widgets.js'))]);
widgets.defineCanvasElements();
const registry = widgets.createDefaultRegistry();
const layer = core.createAutouiLayer({catalog: registry, imageHosts: () => []});
let canvas;

install({
  async prepare(types, container) {
    // The widget code (lazy chunks for chart and map) loads before timing, as the bare libraries do.
    await Promise.all(types.map((type) => registry.get(type).load()));
    canvas = document.createElement('autoui-canvas');
    canvas.store = new core.WidgetStore();
    canvas.registry = registry;
    container.append(canvas);
    await canvas.updateComplete;
  },
  render(work) {
    let rendered = 0;
    canvas.addEventListener('autoui-widget-rendered', () => rendered++);
    const context = {signal: new AbortController().signal, callId: 'bench', reportProgress() {}, widgets: canvas.store};
    let refused;
    for (const [name, params] of work) {
      layer.execute('widget_display', {name, params}, context).then((out) => {
        if (out.isError) refused ??= new Error(`widget_display refused ${name}: ${out.text}`);
      });
    }
    return () => {
      if (refused) throw refused;
      if (rendered < work.length) return false;
      if (work[0][0] !== 'map') return true;
      return leafletDone(canvas.shadowRoot.querySelector('autoui-map')?.shadowRoot, work[0][1].markers.length);
    };
  },
});
