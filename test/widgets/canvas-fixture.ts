/** Builds a real `<autoui-canvas>` over a real store, registry and `autoui` layer. */
import {fixture, html} from '@open-wc/testing';
import {AutouiCanvas, defineCanvasElements, type WidgetRenderedDetail} from '../../src/canvas/autoui-canvas.js';
import {CanvasStore} from '../../src/canvas/canvas-store.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import type {WidgetEnvironment} from '../../src/widgets/widget-context.js';

export async function canvasFixture(options: {environment?: Partial<WidgetEnvironment>; beforeCreate?: (type: string, params: unknown) => boolean} = {}) {
  defineCanvasElements();
  const store = new CanvasStore();
  const registry = createDefaultRegistry();
  const environment = {lang: 'en', dir: 'ltr' as const, imageHosts: ['img.example.org'], ...options.environment};
  const rendered: WidgetRenderedDetail[] = [];
  const canvas = await fixture<AutouiCanvas>(
    html`<autoui-canvas style="width: 900px" .store=${store} .registry=${registry} .environment=${environment} @autoui-widget-rendered=${(e: CustomEvent<WidgetRenderedDetail>) => rendered.push(e.detail)}></autoui-canvas>`,
  );
  const layer = createAutouiLayer({registry, store, imageHosts: () => environment.imageHosts, beforeCreate: options.beforeCreate});
  const ctx = {signal: new AbortController().signal, callId: 'c', reportProgress() {}};
  const tool = async (name: string, args: Record<string, unknown>) => {
    const out = await layer.executeTool!(name, args, ctx);
    return {...out, json: JSON.parse(out.text) as Record<string, any>};
  };
  const item = (id: string) => canvas.shadowRoot!.querySelector(`[data-id="${id}"]`) as HTMLElement;
  return {canvas, store, registry, layer, tool, rendered, item};
}
