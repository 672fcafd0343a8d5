/**
 * Small-model mode (src/agent/small-model.ts): what the loop asks of a model that says it is small
 * (the browser's own, a local GGUF), against the same loop with a large model.
 */
import {expect} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import {createAutouiLayer} from '../../src/webmcp/autoui-layer.js';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {WidgetStore} from '../../src/session/widget-store.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';

class SmallScriptedModel extends ScriptedModel {
  readonly small = true;
}

const autoui = () => createAutouiLayer({catalog: createDefaultRegistry(), imageHosts: () => []});
const displayTool = (model: ScriptedModel, index: number) => model.requests[index].tools.find((t) => t.name === 'autoui_webmcp_widget_display')!;

describe('small-model mode', () => {
  it('a small model must call a tool on its first turn, and is then free; a large one is never held', async () => {
    const turns = () => [turn([call('autoui_webmcp_list_recipes')]), turn([text('Here.')])];
    const small = new SmallScriptedModel(turns());
    await runAgentLoop('Rain in Seattle?', {provider: small, layers: [autoui()], widgets: new WidgetStore()});
    expect(small.requests.map((r) => r.toolChoice)).to.deep.equal(['required', undefined]);
    const large = new ScriptedModel(turns());
    await runAgentLoop('Rain in Seattle?', {provider: large, layers: [autoui()], widgets: new WidgetStore()});
    expect(large.requests.map((r) => r.toolChoice)).to.deep.equal([undefined, undefined]);
  });

  it('after three turns of looking things up with nothing shown, a small model must display: only the display tools, a call required, once', async () => {
    const lookUp = (i: number) => turn([call('autoui_webmcp_list_recipes', {page: i})]);
    const turns = () => [lookUp(1), lookUp(2), lookUp(3), turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Rain', value: 12}})]), turn([text('Shown.')])];
    const small = new SmallScriptedModel(turns());
    const widgets = new WidgetStore();
    const result = await runAgentLoop('Rain in Seattle?', {provider: small, layers: [autoui()], widgets, lang: 'en'});
    expect(small.requests.map((r) => r.toolChoice)).to.deep.equal(['required', undefined, undefined, 'required', undefined]);
    expect(small.requests[3].tools.map((t) => t.name).sort(), 'the fourth turn may only display').to.deep.equal(['autoui_webmcp_canvas', 'autoui_webmcp_widget_display']);
    expect(JSON.stringify(small.requests[3].messages.at(-1)), 'and is asked to in words').to.include('Display what you have now');
    expect(small.requests[4].tools, 'then it answers in words').to.deep.equal([]);
    expect(result.stopReason).to.equal('end_turn');
    expect(result.widgets.map((w) => w.type)).to.deep.equal(['stat']);
    // A large model is only nudged in words, later (after five turns).
    const large = new ScriptedModel(turns());
    await runAgentLoop('Rain in Seattle?', {provider: large, layers: [autoui()], widgets: new WidgetStore()});
    expect(large.requests.every((r) => r.toolChoice === undefined)).to.equal(true);
    expect(large.requests[3].tools.length).to.equal(large.requests[2].tools.length);
  });

  it('writes at most 1,024 tokens a turn (4,096 for a large model), unless the page says otherwise', async () => {
    const small = new SmallScriptedModel([turn([text('Hi.')])]);
    await runAgentLoop('Hi', {provider: small, layers: [], widgets: new WidgetStore()});
    const large = new ScriptedModel([turn([text('Hi.')])]);
    await runAgentLoop('Hi', {provider: large, layers: [], widgets: new WidgetStore()});
    const set = new SmallScriptedModel([turn([text('Hi.')])]);
    await runAgentLoop('Hi', {provider: set, layers: [], widgets: new WidgetStore(), maxTokens: 300});
    expect([small, large, set].map((m) => m.requests[0].maxTokens)).to.deep.equal([1024, 4096, 300]);
  });

  it('widget_display comes with one branch per widget type and its params for a small model, so a grammar makes its widgets valid', async () => {
    const small = new SmallScriptedModel([turn([call('autoui_webmcp_list_recipes')])]);
    await runAgentLoop('Rain?', {provider: small, layers: [autoui()], widgets: new WidgetStore(), maxIterations: 1});
    const strict = displayTool(small, 0).input_schema as {anyOf: Array<{properties: {name: {enum: string[]}; params: {properties?: object}}; additionalProperties: boolean}>};
    const types = strict.anyOf.map((branch) => branch.properties.name.enum[0]);
    expect(types).to.include.members(['stat', 'chart', 'table', 'map']);
    const stat = strict.anyOf.find((b) => b.properties.name.enum[0] === 'stat')!;
    expect(Object.keys(stat.properties.params.properties!)).to.include.members(['label', 'value']);
    expect(stat.additionalProperties).to.equal(false);
    // The map's schema refers to its own definitions: inlined, so the branch stands alone.
    expect(JSON.stringify(strict)).to.not.include('$ref');
    const large = new ScriptedModel([turn([text('Hi.')])]);
    await runAgentLoop('Rain?', {provider: large, layers: [autoui()], widgets: new WidgetStore()});
    expect(displayTool(large, 0).input_schema).to.deep.include({required: ['name', 'params']});
  });

  it("a widget a small model writes through the strict schema is shown like any model's", async () => {
    const store = new WidgetStore();
    const small = new SmallScriptedModel([turn([call('autoui_webmcp_list_recipes')]), turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'Rain 2015', value: 1139, unit: 'mm'}})]), turn([text('Done.')])]);
    const result = await runAgentLoop('Rain?', {provider: small, layers: [autoui()], widgets: store});
    expect(result.stopReason).to.equal('end_turn');
    expect(store.list().map((w) => [w.type, w.params])).to.deep.equal([['stat', {label: 'Rain 2015', value: 1139, unit: 'mm'}]]);
  });
});
