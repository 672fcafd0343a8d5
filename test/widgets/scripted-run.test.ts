import {expect, waitUntil} from '@open-wc/testing';
import {runAgentLoop} from '../../src/agent/agent-loop.js';
import {recipeExample, recipeExamples} from '../../src/webmcp/recipe.js';
import {compositionRecipes} from '../../src/webmcp/recipes/index.js';
import {ScriptedModel, call, text, turn} from '../helpers/scripted-model.js';
import {canvasFixture} from './canvas-fixture.js';
import {deepText} from './shared/dom.js';

describe('widget_display from a scripted agent run', () => {
  it('shows every widget of the catalogue from its recipe example on a real canvas', async function () {
    this.timeout(30000);
    const {layer, registry, rendered, store, widgets} = await canvasFixture();
    const definitions = registry.list();
    const calls = definitions.map((d) => call('autoui_webmcp_widget_display', recipeExample(d.recipe)! as unknown as Record<string, unknown>));
    const model = new ScriptedModel([
      turn([call('autoui_webmcp_search_recipes', {query: 'tableau de bord'})]),
      turn(calls),
      turn([text('Voilà.')]),
    ]);
    const result = await runAgentLoop('Montre tout', {provider: model, layers: [layer], lang: 'fr', widgets});
    const failed = result.toolCalls.filter((c) => c.error).map((c) => `${c.args.name}: ${c.error}`);
    expect(failed, 'failed calls').to.deep.equal([]);
    expect(result.widgets.map((w) => w.type)).to.deep.equal(definitions.map((d) => d.type));
    expect(store.list().map((w) => w.type)).to.deep.equal(definitions.map((d) => d.type));
    await waitUntil(() => rendered.length === definitions.length, 'every widget rendered', {timeout: 20000});
    for (const detail of rendered) {
      expect(detail.element.localName).to.equal(registry.get(detail.type)!.tagName);
      expect(detail.element.isConnected).to.equal(true);
      const painted = deepText(detail.element).trim().length > 0 || detail.element.shadowRoot!.querySelector('canvas, svg');
      expect(painted, `${detail.type} shows something`).to.be.ok;
    }
    // The model read the recipe search result before displaying.
    expect(result.toolCalls[0].result).to.contain('dashboard');
  });

  it('vetoed by the page (cancelled autoui-widget-create): no widget, and the model reads why', async () => {
    const {layer, store, rendered, widgets} = await canvasFixture({beforeCreate: () => false});
    const model = new ScriptedModel([turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {label: 'A', value: 1}})]), turn([text('ok')])]);
    const result = await runAgentLoop('q', {provider: model, layers: [layer], widgets});
    expect(result.widgets).to.deep.equal([]);
    expect(store.list()).to.deep.equal([]);
    expect(rendered).to.deep.equal([]);
    expect(result.toolCalls[0].error).to.contain('vetoed by the page');
  });

  it('lets the model fix invalid params from the error details on the next turn', async () => {
    const {layer, store, widgets} = await canvasFixture();
    const model = new ScriptedModel([
      turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {value: 3}})]),
      (request) => {
        const last = request.messages[request.messages.length - 1];
        const error = JSON.parse((last.content as Array<{output: string}>)[0].output);
        expect(error.details[0].path).to.equal('/label');
        return turn([call('autoui_webmcp_widget_display', {name: 'stat', params: {value: 3, label: 'Fixed'}})]);
      },
      turn([text('done')]),
    ]);
    const result = await runAgentLoop('q', {provider: model, layers: [layer], widgets});
    expect(result.widgets).to.have.length(1);
    expect(store.list()[0].params).to.deep.equal({value: 3, label: 'Fixed'});
  });

  it('composition recipes only use registered widgets, with valid examples', async () => {
    const {registry} = await canvasFixture();
    for (const recipe of compositionRecipes) {
      const examples = recipeExamples(recipe);
      expect(examples.length).to.be.greaterThan(1);
      for (const example of examples) {
        const definition = registry.get(example.name);
        expect(definition, `${example.name} is registered`).to.exist;
        const result = definition!.validator.validate(example.params);
        expect(result.valid, `${example.name}: ${JSON.stringify(!result.valid && result.errors)}`).to.equal(true);
      }
    }
  });
});
