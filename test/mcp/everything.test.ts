import {expect} from '@open-wc/testing';
import {runWithTimeout} from '../../src/agent/run-tool.js';
import {closeAll, connect, rejection, toolContext} from './mcp-test-kit.js';

describe('the reference server (server-everything) over Streamable HTTP', () => {
  afterEach(closeAll);

  it('lists its tools with their annotations and calls one', async () => {
    const {layer, serverInfo} = await connect('everything');
    expect(serverInfo.name).to.be.a('string').and.not.empty;
    const names = layer.tools.map((t) => t.name);
    expect(names).to.include.members(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']);
    expect(layer.tools.find((t) => t.name === 'trigger-long-running-operation')!.annotations).to.include({readOnlyHint: true});
    expect((await layer.execute!('echo', {message: 'bonjour'}, toolContext())).text).to.equal('Echo: bonjour');
  });

  it('returns structured content (validated against its output schema without eval) as JSON and data', async () => {
    const {layer} = await connect('everything');
    const out = await layer.execute!('get-structured-content', {location: 'Chicago'}, toolContext());
    expect(out.data).to.have.keys(['temperature', 'conditions', 'humidity']);
    expect(out.text).to.contain(JSON.stringify(out.data));
  });

  it('summarises an image by type, MIME type and size, never its base64', async () => {
    const {layer} = await connect('everything');
    const out = await layer.execute!('get-tiny-image', {}, toolContext());
    expect(out.text).to.contain("Here's the image you requested:").and.contain('The image above is the MCP logo.');
    expect(out.text).to.match(/\[image: mime: image\/png, size: [\d.]+ (B|kB)\]/);
    expect(out.text).not.to.contain('iVBOR'); // the start of any base64 PNG
    expect(out.text.length).to.be.below(300);
  });

  it('summarises a binary resource and keeps a text resource readable', async () => {
    const {layer} = await connect('everything');
    const blob = await layer.execute!('get-resource-reference', {resourceType: 'Blob', resourceId: 2}, toolContext());
    expect(blob.text).to.match(/\[resource: uri: demo:\/\/\S+, mime: [^,]+, size: \d+ B\]/);
    const text = await layer.execute!('get-resource-reference', {resourceType: 'Text', resourceId: 1}, toolContext());
    expect(text.text).to.match(/\[resource: uri: [^\]]+\]\n\S+/);
  });

  it('reports progress notifications to the loop, which keep a long call alive past its timeout', async () => {
    const {layer} = await connect('everything');
    const context = toolContext();
    // 8 steps over 2 s with a 1.5 s timeout: only progress keeps it alive.
    const out = await runWithTimeout(
      (ctx) => layer.execute!('trigger-long-running-operation', {duration: 2, steps: 8}, {...ctx, reportProgress: () => (context.reportProgress(), ctx.reportProgress())}),
      {signal: new AbortController().signal, callId: 'c1', toolName: 'trigger-long-running-operation', timeoutMs: 1500},
    );
    expect(out.text).to.contain('Long running operation completed');
    expect(context.progress).to.equal(8);
  });

  it('times out a call that sends no progress (TOOL_TIMEOUT)', async () => {
    const {layer} = await connect('everything');
    const error = await rejection(
      runWithTimeout((ctx) => layer.execute!('trigger-long-running-operation', {duration: 5, steps: 1}, ctx), {
        signal: new AbortController().signal,
        callId: 'c2',
        toolName: 'trigger-long-running-operation',
        timeoutMs: 300,
      }),
    );
    expect(error.code).to.equal('TOOL_TIMEOUT');
  });
});

describe('cancellation', () => {
  afterEach(closeAll);

  it('tells the server (notifications/cancelled) when the call is aborted', async () => {
    const {layer} = await connect('mcp-quirks');
    const controller = new AbortController();
    const context = toolContext(controller.signal);
    const token = `t${Math.random()}`;
    const pending = layer.execute!('slow', {token}, {...context, reportProgress: () => (context.reportProgress(), context.progress === 2 && controller.abort())});
    const error = await rejection(pending);
    expect(error.name).to.equal('AbortError');
    let status = '';
    for (let i = 0; i < 50 && status !== 'cancelled'; i++) {
      status = (await layer.execute!('slow_status', {token}, toolContext())).text;
      if (status !== 'cancelled') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).to.equal('cancelled');
  });
});
