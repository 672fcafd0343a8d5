import {expect} from '@open-wc/testing';
import {workerResult} from '../helpers/worker-result.js';
import {builtinHostWidgetSpecs, builtinWidgetCatalog, builtinWidgetSpecs, specCatalog} from '../../src/widgets/builtin-specs.js';
import {builtinWidgets, createDefaultRegistry} from '../../src/widgets/catalog.js';
import {WidgetRegistry} from '../../src/widgets/widget-registry.js';
import {statWidget} from '../../src/widgets/stat/stat.definition.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import type {WidgetTypeSpec} from '../../src/widgets/widget-definition.js';

describe('the built-in catalogue, DOM-free and with its elements', () => {
  it('has the same widgets in both halves, in the order the model sees them, each spec its definition without the element', () => {
    const specs = builtinWidgetSpecs();
    expect(specs.map((s) => s.type)).to.deep.equal(builtinWidgets.map((d) => d.type));
    for (const [i, spec] of specs.entries()) {
      const definition = builtinWidgets[i] as unknown as WidgetTypeSpec & {tagName: string};
      for (const key of ['description', 'schema', 'validator', 'recipe', 'layout', 'hostOnly'] as const) expect(definition[key], `${spec.type}.${key}`).to.equal(spec[key]);
      expect(spec, `${spec.type} carries no element`).to.not.have.any.keys('tagName', 'load');
    }
  });

  it('declares its layout in each widget: the wide ones take a row', () => {
    const wide = [...builtinWidgetSpecs(), ...builtinHostWidgetSpecs()].filter((s) => s.layout === 'wide').map((s) => s.type);
    expect(wide).to.have.members(['table', 'chart', 'map', 'markdown', 'code', 'json', 'timeline', 'cards', 'mcp-app']);
  });

  it('binds the host-only widgets for the canvas, and never offers them to the model', async () => {
    expect(builtinHostWidgetSpecs().map((s) => s.type)).to.deep.equal(['mcp-app']);
    const registry = createDefaultRegistry();
    expect(registry.get('mcp-app')).to.equal(undefined);
    expect(registry.has('mcp-app')).to.equal(false);
    expect(registry.list().map((d) => d.type)).to.deep.equal(builtinWidgets.map((d) => d.type));
    expect(registry.binding('mcp-app')).to.deep.include({tagName: 'autoui-mcp-app', layout: 'wide', hostOnly: true});
    expect(registry.binding('stat')).to.equal(registry.get('stat'));

    const layer = createAutouiLayer({catalog: registry, imageHosts: () => []});
    expect(layer.tools.find((t) => t.name === 'widget_display')!.description).to.not.contain('mcp-app');
    expect(layer.recipes!.map((r) => r.name)).to.not.include('mcp-app');
    const store = new WidgetStore();
    const context = {signal: new AbortController().signal, callId: 'c1', reportProgress() {}, widgets: store};
    const out = await layer.execute!('widget_display', {name: 'mcp-app', params: {server: 's', channel: 'c', tool: 't', resourceUri: 'ui://x'}}, context);
    expect(out.isError).to.equal(true);
    expect(store.list()).to.deep.equal([]);
  });

  it('lets a page register a host-only widget of its own, with no validator, kept out of the catalogue', () => {
    const registry = new WidgetRegistry().register(statWidget);
    registry.register({type: 'page-view', tagName: 'page-view', load: async () => undefined, hostOnly: true, layout: 'wide'});
    expect(registry.list().map((d) => d.type)).to.deep.equal(['stat']);
    expect(registry.get('page-view')).to.equal(undefined);
    expect(registry.binding('page-view')).to.deep.include({tagName: 'page-view', layout: 'wide'});
    // A definition the model may show still needs its validator.
    expect(() => registry.register({...statWidget, type: 'bad', validator: undefined} as never)).to.throw(/validator/);
    expect(registry.unregister('page-view')).to.equal(true);
    expect(registry.binding('page-view')).to.equal(undefined);
  });

  it('reads specs as a catalogue, host-only ones left out', () => {
    const catalog = builtinWidgetCatalog();
    expect(catalog.list().map((s) => s.type)).to.deep.equal(builtinWidgetSpecs().map((s) => s.type));
    expect(catalog.get('table')).to.equal(builtinWidgetSpecs().find((s) => s.type === 'table'));
    const stat = builtinWidgetSpecs()[0];
    const hidden = specCatalog([stat, {...stat, type: 'hidden', hostOnly: true}]);
    expect(hidden.list().map((s) => s.type)).to.deep.equal(['stat']);
    expect(hidden.get('hidden')).to.equal(undefined);
  });

  it('validates and shows widgets in a Web Worker, where there is no DOM', async () => {
    const result = await workerResult(new URL('./shared/spec-catalog-worker.ts', import.meta.url));
    expect(result).to.deep.equal({
      hasDocument: false,
      types: builtinWidgetSpecs().map((s) => s.type),
      shown: true,
      refused: true,
      hostOnly: true,
      widgets: [{type: 'stat', params: {label: 'Answer', value: 42}}],
    });
  });
});
