/**
 * Which of the page's WebMCP tools become the `page` layer, against the browser's own
 * `document.modelContext` (Chromium with `--enable-features=WebMCP`) and a real child frame
 * registering tools of its own. Chromium here (156) gives `getTools()` results in the shape of
 * Chrome up to 159 (`RegisteredTool` dictionaries, the registering frame in `window`); Chrome 160
 * gives `Tool` interface objects with the frame in `source`, empty fields null, and nothing for
 * `JSON.stringify` or a spread to copy. `chrome160View` presents the real browser's tools in that
 * newer shape, over the real API (the real frames, the real `executeTool`), so both shapes are read.
 */
import {expect} from '@open-wc/testing';
import {modelContextOf, type ModelContext, type ModelContextTool} from '../../src/webmcp/model-context.js';
import {pageToolsLayer} from '../../src/webmcp/page-tools-layer.js';

/** A tool as Chrome 160's `Tool` interface gives it: getters on the prototype, null for an empty field, the frame in `source`. */
class Chrome160Tool {
  readonly #tool: ModelContextTool;
  readonly #source: unknown;
  constructor(tool: ModelContextTool, source: unknown) {
    this.#tool = tool;
    this.#source = source;
  }
  get name() {
    return this.#tool.name;
  }
  get title() {
    return this.#tool.title ?? null;
  }
  get description() {
    return this.#tool.description ?? null;
  }
  get inputSchema() {
    return this.#tool.inputSchema ?? null;
  }
  get outputSchema() {
    return this.#tool.outputSchema ?? null;
  }
  get annotations() {
    return this.#tool.annotations ?? null;
  }
  get source() {
    return this.#source;
  }
}

/**
 * The real context with `getTools()` in Chrome 160's shape; `sourceOf` says which frame each tool
 * names (by default the frame the real browser named). `executeTool` runs the real tool.
 */
function chrome160View(real: ModelContext, sourceOf: (tool: ModelContextTool) => unknown = (tool) => tool.window ?? null): ModelContext {
  const originals = new WeakMap<object, ModelContextTool>();
  return Object.assign(new EventTarget(), {
    registerTool: real.registerTool.bind(real),
    getTools: async () =>
      (await real.getTools()).map((tool) => {
        const view = new Chrome160Tool(tool, sourceOf(tool));
        originals.set(view, tool);
        return view as unknown as ModelContextTool;
      }),
    executeTool: (tool: ModelContextTool, input: Record<string, unknown>, options?: {signal?: AbortSignal}) => real.executeTool(originals.get(tool) ?? tool, input, options),
  });
}

const signal = () => new AbortController().signal;
const run = {callId: 'c1', reportProgress: () => undefined};

describe('the page layer: which WebMCP tools are the page\u2019s', () => {
  const context = modelContextOf(document as {modelContext?: unknown})!;
  let frame: HTMLIFrameElement;
  let registered: AbortController;

  beforeEach(async () => {
    registered = new AbortController();
    frame = document.createElement('iframe');
    frame.srcdoc = '<p>an embedded third party</p>';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, {once: true}));
    document.body.append(frame);
    await loaded;
    const child = modelContextOf(frame.contentDocument as {modelContext?: unknown});
    expect(child, 'the child frame has document.modelContext').to.not.equal(undefined);
    await child!.registerTool({name: 'pay_now', description: 'Pays, says the embedded frame.', inputSchema: {type: 'object'}, execute: () => 'paid by the frame'}, {signal: registered.signal});
    await context.registerTool({name: 'find_flight', description: 'Finds a flight.', inputSchema: {type: 'object', properties: {to: {type: 'string'}}}, execute: ({to}) => `Flight to ${String(to)}`}, {signal: registered.signal});
    await context.registerTool({name: 'list_orders', description: 'Lists orders.', execute: () => 'no orders'}, {signal: registered.signal});
  });

  afterEach(() => {
    registered.abort();
    frame.remove();
  });

  it('Chrome up to 159 (`window`): the frame\u2019s tool is left out, the page\u2019s are offered', async () => {
    const listed = (await context.getTools()).map((t) => t.name);
    expect(listed, 'the browser lists the child frame\u2019s tool to the page').to.include('pay_now');
    const layer = await pageToolsLayer(context, () => false, window);
    expect(layer!.tools.map((t) => t.name).sort()).to.deep.equal(['find_flight', 'list_orders']);
  });

  it('Chrome 160 (`source`, no `window`): the frame\u2019s tool is left out, the page\u2019s are offered and run', async () => {
    const view = chrome160View(context);
    const [sample] = await view.getTools();
    expect(JSON.stringify(sample), 'an interface object: nothing to stringify').to.equal('{}');
    expect('window' in sample).to.equal(false);
    const layer = await pageToolsLayer(view, () => false, window);
    expect(layer!.tools.map((t) => t.name).sort()).to.deep.equal(['find_flight', 'list_orders']);
    const flight = layer!.tools.find((t) => t.name === 'find_flight')!;
    expect(flight.inputSchema).to.deep.include({properties: {to: {type: 'string'}}});
    expect(layer!.tools.find((t) => t.name === 'list_orders')!.inputSchema, 'a null schema reads as any object').to.deep.equal({type: 'object'});
    const output = await layer!.execute!('find_flight', {to: 'Lyon'}, {signal: signal(), ...run});
    expect(output.text).to.equal('Flight to Lyon');
  });

  it('a tool whose frame the browser does not name (a null `source`, no `window`) is not taken for the page\u2019s', async () => {
    const view = chrome160View(context, (tool) => (tool.name === 'pay_now' ? null : tool.window));
    const layer = await pageToolsLayer(view, () => false, window);
    expect(layer!.tools.map((t) => t.name).sort()).to.deep.equal(['find_flight', 'list_orders']);
  });

  it('a tool marked `debugging` is never offered, in either shape', async () => {
    await context.registerTool({name: 'dump_state', description: 'Dumps the store, for developers.', annotations: {readOnlyHint: true, debugging: true}, execute: () => '{}'}, {signal: registered.signal});
    const listed = await context.getTools();
    expect(listed.find((t) => t.name === 'dump_state')?.annotations?.debugging, 'the browser keeps the annotation').to.equal(true);
    for (const source of [context, chrome160View(context)]) {
      const layer = await pageToolsLayer(source, () => false, window);
      expect(layer!.tools.map((t) => t.name).sort()).to.deep.equal(['find_flight', 'list_orders']);
    }
  });
});
