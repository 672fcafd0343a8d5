/**
 * `webmcp="expose"` and `outputSchema`: the element registers its tools on the browser's own
 * `document.modelContext` (Chromium with `--enable-features=WebMCP`), `autoui_ask` with the
 * schema of its `structuredContent` (Chrome 159 takes it; older builds ignore the member). The
 * page's `document.modelContext` is seen through a pass-through that writes down what the element
 * registers (Chromium 156 does not list `outputSchema` back) and, for one case, refuses it as a
 * stricter browser might: every call still reaches the real API.
 */
import {expect} from '@open-wc/testing';
import {createRuntimeValidator} from '../../src/schema/validator.js';
import {modelContextOf, type ModelContext, type ModelContextToolInit} from '../../src/webmcp/model-context.js';
import {createScenario, engineLoaded, mountAgent} from './harness.js';

const real = modelContextOf(document as {modelContext?: unknown})!;

/** Shows the element `view` as the document's model context until `restore()`. */
function seeThrough(refuseOutputSchema = false) {
  const registered: ModelContextToolInit[] = [];
  const view: ModelContext = Object.assign(new EventTarget(), {
    registerTool: async (tool: ModelContextToolInit, options?: {signal?: AbortSignal}) => {
      registered.push(tool);
      if (refuseOutputSchema && 'outputSchema' in tool) throw new TypeError("Failed to execute 'registerTool': unknown member outputSchema.");
      return real.registerTool(tool, options);
    },
    getTools: () => real.getTools(),
    executeTool: real.executeTool.bind(real),
  });
  Object.defineProperty(document, 'modelContext', {configurable: true, get: () => view});
  return {registered, restore: () => delete (document as {modelContext?: unknown}).modelContext};
}

/**
 * The element's tools the real browser lists, once `count` of them are there. Called once the
 * engine has loaded, when registering is a few calls away: the bound is for a tool that never
 * comes, not for a slow machine.
 */
async function ourTools(count: number) {
  let names: string[] = [];
  for (let tries = 0; tries < 100; tries++) {
    const tools = (await real.getTools()).filter((t) => t.name.startsWith('autoui'));
    if (tools.length === count) return tools;
    names = tools.map((t) => t.name);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the element did not register ${count} tools; the browser lists ${JSON.stringify(names)}`);
}

describe('webmcp="expose": outputSchema', () => {
  let restore: (() => void) | undefined;
  afterEach(async () => {
    document.querySelectorAll('autoui-agent').forEach((agent) => agent.remove());
    restore?.();
    await ourTools(0);
  });

  it('autoui_ask is registered with the schema of its structuredContent, the browser takes it, and the answer fits it', async () => {
    const seen = seeThrough();
    restore = seen.restore;
    const scenario = await createScenario([{text: 'Forty-two.', finish: 'stop'}], 'webmcp outputSchema');
    await engineLoaded(await mountAgent(scenario, {attributes: {webmcp: 'expose'}}));
    const tools = await ourTools(4);
    const ask = seen.registered.find((t) => t.name === 'autoui_ask');
    expect(ask?.outputSchema, 'registered with an outputSchema').to.deep.include({type: 'object', required: ['answer', 'stopReason', 'widgets']});
    const answer = JSON.parse(String(await real.executeTool(tools.find((t) => t.name === 'autoui_ask')!, {question: 'What is six times seven?'})));
    expect(answer.content[0].text).to.equal('Forty-two.');
    const check = createRuntimeValidator(ask!.outputSchema!).validate(answer.structuredContent);
    expect(check, JSON.stringify(answer.structuredContent)).to.deep.include({valid: true});
  });

  it('a browser that refuses outputSchema still gets all four tools, autoui_ask without it', async () => {
    const seen = seeThrough(true);
    restore = seen.restore;
    await engineLoaded(await mountAgent(undefined, {attributes: {webmcp: 'expose'}}));
    const names = (await ourTools(4)).map((t) => t.name).sort();
    expect(names).to.deep.equal(['autoui_ask', 'autoui_canvas', 'autoui_canvas_list', 'autoui_widget_display']);
    const asks = seen.registered.filter((t) => t.name === 'autoui_ask');
    expect(asks.map((t) => 'outputSchema' in t)).to.deep.equal([true, false]);
  });
});
