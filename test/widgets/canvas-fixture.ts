/**
 * Builds a real `<autoui-canvas>` over a real store, registry and `autoui` layer; `widgets` is the
 * canvas a session hands to tools (the store behind the page's veto, `beforeCreate`).
 */
import {fixture, html} from '@open-wc/testing';
import {AutouiCanvas, defineCanvasElements, type WidgetRenderedDetail} from '../../src/canvas/autoui-canvas.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {vetoableCanvas} from '../../src/session/vetoable-canvas.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import type {WidgetEnvironment} from '../../src/widgets/widget-context.js';

export async function canvasFixture(options: {environment?: Partial<WidgetEnvironment>; beforeCreate?: (type: string, params: unknown) => boolean} = {}) {
  defineCanvasElements();
  const store = new WidgetStore();
  const registry = createDefaultRegistry();
  const environment = {locale: 'en', language: 'en' as const, dir: 'ltr' as const, imageHosts: ['img.example.org'], ...options.environment};
  const rendered: WidgetRenderedDetail[] = [];
  const canvas = await fixture<AutouiCanvas>(
    html`<autoui-canvas style="width: 900px" .store=${store} .registry=${registry} .environment=${environment} @autoui-widget-rendered=${(e: CustomEvent<WidgetRenderedDetail>) => rendered.push(e.detail)}></autoui-canvas>`,
  );
  const layer = createAutouiLayer({catalog: registry, imageHosts: () => environment.imageHosts});
  const widgets = vetoableCanvas(store, (w) => options.beforeCreate?.(w.type, w.params) ?? true);
  const ctx = {signal: new AbortController().signal, callId: 'c', reportProgress() {}, widgets};
  const tool = async (name: string, args: Record<string, unknown>) => {
    const out = await layer.execute!(name, args, ctx);
    return {...out, json: JSON.parse(out.text) as Record<string, any>};
  };
  const item = (id: string) => canvas.shadowRoot!.querySelector(`[data-id="${id}"]`) as HTMLElement;
  return {canvas, store, registry, layer, widgets, tool, rendered, item};
}
