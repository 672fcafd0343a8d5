import {expect, waitUntil} from '@open-wc/testing';
import {canvasFixture} from '../widgets/canvas-fixture.js';

describe('<autoui-canvas> layout, from the widgets\' definitions', () => {
  it('gives a whole row to the widget types whose definition says wide, one column to the others', async () => {
    const {store, item} = await canvasFixture();
    const table = store.create({type: 'table', params: {columns: [{key: 'a'}], rows: [{a: 1}]}});
    const stat = store.create({type: 'stat', params: {label: 'n', value: 1}});
    await waitUntil(() => item(table.id) && item(stat.id), 'both frames');
    expect(item(table.id).classList.contains('wide')).to.equal(true);
    expect(item(stat.id).classList.contains('wide')).to.equal(false);
    // A size of its own wins over the layout.
    store.resize(table.id, 300, 200);
    await waitUntil(() => !item(table.id).classList.contains('wide'), 'a sized table keeps its size');
  });

  it('reads the layout of a page\'s own widget from its definition', async () => {
    if (!customElements.get('page-banner')) customElements.define('page-banner', class extends HTMLElement {});
    const {registry, store, item} = await canvasFixture();
    const definition = registry.registerPageWidget({type: 'banner', tagName: 'page-banner', description: 'A banner', schema: {type: 'object'}});
    registry.register({...definition, layout: 'wide'});
    const {id} = store.create({type: 'banner', params: {}});
    await waitUntil(() => item(id)?.querySelector('page-banner'), 'the banner rendered');
    expect(item(id).classList.contains('wide')).to.equal(true);
  });

  it('shows a host-only widget the registry binds (an MCP App view), wide, though the model cannot write one', async () => {
    const {store, item, registry} = await canvasFixture();
    expect(registry.get('mcp-app')).to.equal(undefined);
    const {id} = store.create({type: 'mcp-app', params: {server: 'S', channel: 'c1', tool: 'view', resourceUri: 'ui://s/view.html'}});
    // Its element comes in a chunk of its own, with the MCP Apps bridge.
    await waitUntil(() => item(id)?.querySelector('autoui-mcp-app'), 'the view element', {timeout: 10_000});
    expect(item(id).classList.contains('wide')).to.equal(true);
    expect(item(id).getAttribute('part')).to.equal('widget widget-mcp-app');
  });
});
