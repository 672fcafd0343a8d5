/**
 * Our side of the rendering benchmark (4): widgets rendered the way a page gets them, through the
 * built ES bundle: `widget_display`'s own path (`displayWidget`: repair, validate, URL rules, show
 * on the widget store), then `<autoui-canvas>` mounts and renders the widget elements.
 */
import {install, leafletDone} from './render-harness.js';

const at = (file) => new URL(`/bench/.build/dist/${file}`, location.href).href;
// The page's bundle (defines the elements); the canvas API comes from the core entry when the
// build has one (`dist/core.js`), else from the bundle itself (older builds exported it there).
const entry = await import(at('autoui-agent.js'));
const bundle = entry.defineCanvasElements ? entry : await import(at('core.js'));
bundle.defineCanvasElements();
const registry = bundle.createDefaultRegistry();
let canvas;

install({
  async prepare(types, container) {
    // The widget code (lazy chunks for chart and map) loads before timing, as the bare libraries do.
    await Promise.all(types.map((type) => registry.get(type).load()));
    canvas = document.createElement('autoui-canvas');
    canvas.store = new bundle.WidgetStore();
    canvas.registry = registry;
    container.append(canvas);
    await canvas.updateComplete;
  },
  render(work) {
    let rendered = 0;
    canvas.addEventListener('autoui-widget-rendered', () => rendered++);
    const rules = {catalog: registry, imageHosts: () => []};
    for (const [name, params] of work) {
      const out = bundle.displayWidget(rules, {name, params}, canvas.store);
      if (out.isError) throw new Error(`widget_display refused ${name}: ${out.text}`);
    }
    return () => {
      if (rendered < work.length) return false;
      if (work[0][0] !== 'map') return true;
      return leafletDone(canvas.shadowRoot.querySelector('autoui-map')?.shadowRoot, work[0][1].markers.length);
    };
  },
});
