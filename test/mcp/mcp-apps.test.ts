/**
 * MCP Apps on the client side, against real servers: the published system monitor (a view whose
 * polling tool is for apps only) and the probe server of test/servers/. What the client
 * announces, what the model is offered, what app views may call, and the widget a call with a
 * view shows.
 */
import {expect} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {NewWidget, WidgetInstance, WidgetSink} from '../../src/agent/widget-sink.js';
import {toolAppMeta} from '../../src/mcp/app-meta.js';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

/** A canvas that records what a tool shows and changes. */
function recordingCanvas() {
  const items = new Map<string, WidgetInstance>();
  let n = 0;
  const canvas: Partial<WidgetSink> & {items: Map<string, WidgetInstance>} = {
    items,
    create: (widget: NewWidget) => {
      const instance = {id: `w_${++n}`, type: widget.type, params: widget.params};
      items.set(instance.id, instance);
      return instance;
    },
    get: (id: string) => items.get(id),
    update: (id: string, params: Record<string, unknown>) => {
      const instance = {...items.get(id)!, params};
      items.set(id, instance);
      return instance;
    },
  };
  return canvas;
}

describe('MCP Apps, client side', () => {
  afterEach(closeAll);

  it('announces the UI extension with the MCP App MIME type in initialize', async () => {
    const {layer} = await connect('app-probe');
    const output = await layer.execute!('client_capabilities', {}, toolContext());
    // With the Skills extension: a server's skills are read as recipes.
    expect(JSON.parse(output.text)).to.deep.equal({extensions: {'io.modelcontextprotocol/ui': {mimeTypes: ['text/html;profile=mcp-app']}, 'io.modelcontextprotocol/skills': {}}});
  });

  it('never offers the model a tool for apps only, and lets views call only app-visible ones', async () => {
    const {layer} = await connect('app-monitor');
    expect(layer.tools.map((t) => t.name)).to.deep.equal(['get-system-info']);
    expect(layer.tools[0].app?.resourceUri).to.equal('ui://system-monitor/mcp-app.html');
    expect(layer.apps?.tools.map((t) => t.name)).to.have.members(['get-system-info', 'poll-system-stats']);
    const stats = await layer.apps!.callTool('poll-system-stats', {});
    expect(JSON.stringify(stats)).to.match(/memory|cpu/i);

    const probe = (await connect('app-probe')).layer;
    expect(probe.tools.map((t) => t.name)).to.include('probe_secret').and.not.include('probe_count');
    const refused = await probe.apps!.callTool('probe_secret', {}).catch((e: unknown) => e);
    expect(AutouiError.isInstance(refused) && refused.code).to.equal(ErrorCodes.APP_REFUSED);
  });

  it('shows a call of a tool with a view as an mcp-app widget that gets the result', async () => {
    const {layer} = await connect('app-probe');
    const canvas = recordingCanvas();
    const output = await layer.execute!('probe', {note: 'hi'}, {...toolContext(), widgets: canvas as WidgetSink});
    expect(output.text).to.include('probe ran: hi');
    const [view] = [...canvas.items.values()];
    expect(view.type).to.equal('mcp-app');
    expect(view.params).to.deep.include({server: 'Probe', tool: 'probe', resourceUri: 'ui://probe/view.html', input: {note: 'hi'}});
    expect((view.params.result as {structuredContent: unknown}).structuredContent).to.deep.equal({note: 'hi', ran: true});
    // A tool without a view shows nothing.
    await layer.execute!('client_capabilities', {}, {...toolContext(), widgets: canvas as WidgetSink});
    expect(canvas.items.size).to.equal(1);
  });

  it('reads _meta.ui as the spec writes it, the deprecated flat key too, and ignores what is not ui://', () => {
    expect(toolAppMeta(undefined)).to.equal(undefined);
    expect(toolAppMeta({other: 1})).to.equal(undefined);
    expect(toolAppMeta({ui: {resourceUri: 'ui://a/b'}})).to.deep.equal({resourceUri: 'ui://a/b', visibility: ['model', 'app']});
    expect(toolAppMeta({'ui/resourceUri': 'ui://flat'})).to.deep.equal({resourceUri: 'ui://flat', visibility: ['model', 'app']});
    expect(toolAppMeta({ui: {resourceUri: 'https://evil.example/x.html'}})).to.equal(undefined);
    expect(toolAppMeta({ui: {visibility: ['app']}})).to.deep.equal({visibility: ['app']});
    expect(toolAppMeta({ui: {visibility: []}}), 'an empty visibility: neither').to.deep.equal({visibility: []});
    expect(toolAppMeta({ui: {visibility: ['admin', 'model']}})).to.deep.equal({visibility: ['model']});
  });
});
