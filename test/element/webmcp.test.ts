/**
 * WebMCP's consume side against the browser's own `document.modelContext` (Chromium with
 * `--enable-features=WebMCP`): the page's registered tools read into the `page` layer, field by
 * field, the element's own left out, and called through `executeTool`.
 */
import {expect} from '@open-wc/testing';
import {modelContextOf} from '../../src/webmcp/model-context.js';
import {pageToolOutput, pageToolsLayer} from '../../src/webmcp/page-tools-layer.js';

describe('WebMCP page tools', () => {
  const context = modelContextOf(document as {modelContext?: unknown});
  let registered: AbortController;

  beforeEach(async () => {
    registered = new AbortController();
    if (!context) return;
    const signal = registered.signal;
    await context.registerTool(
      {name: 'weather_now', title: 'Weather', description: 'The weather in a city.', inputSchema: {type: 'object', properties: {city: {type: 'string'}}, required: ['city']}, annotations: {readOnlyHint: true}, execute: async ({city}) => ({content: [{type: 'text', text: `Sunny in ${String(city)}`}]})},
      {signal},
    );
    await context.registerTool({name: 'autoui_ask', description: 'Ours.', inputSchema: {type: 'object'}, execute: () => 'ours'}, {signal});
  });
  afterEach(() => registered.abort());

  it('has the browser API in this test browser', () => {
    expect(context, 'document.modelContext (the runner starts Chromium with --enable-features=WebMCP)').to.not.equal(undefined);
  });

  it('reads the page\'s tools into the page layer, leaves ours out, and calls them', async () => {
    const layer = await pageToolsLayer(context!, (name) => name === 'autoui_ask');
    expect(layer?.serverName).to.equal('page');
    const tool = layer!.tools.find((t) => t.name === 'weather_now');
    expect(tool).to.deep.include({title: 'Weather', description: 'The weather in a city.', annotations: {readOnlyHint: true}});
    expect(tool!.inputSchema).to.deep.include({required: ['city']});
    expect(layer!.tools.map((t) => t.name)).not.to.include('autoui_ask');
    const output = await layer!.execute!('weather_now', {city: 'Lyon'}, {signal: new AbortController().signal, callId: 'c1', reportProgress: () => undefined});
    expect(output.text).to.equal('Sunny in Lyon');
  });

  it('a tool unregistered by its signal is gone from the next read', async () => {
    registered.abort();
    expect(await pageToolsLayer(context!, () => false)).to.equal(undefined);
  });

  it('reads results as data: text parts as text, anything else as JSON; no API, no context', () => {
    expect(pageToolOutput('plain')).to.deep.equal({text: 'plain'});
    expect(pageToolOutput({content: [{type: 'text', text: 'a'}, {type: 'image', data: 'x'}], isError: true}).text).to.equal('a\n{"type":"image","data":"x"}');
    expect(pageToolOutput({n: 1}).text).to.equal('{"n":1}');
    expect(pageToolOutput('{"content":[{"type":"text","text":"as Chromium serialises it"}]}').text).to.equal('as Chromium serialises it');
    expect(modelContextOf({})).to.equal(undefined);
    expect(modelContextOf({modelContext: {registerTool() {}}})).to.equal(undefined);
  });
});
