import {expect} from '@open-wc/testing';
import {createDefaultRegistry} from '../../src/widgets/catalog.js';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

/** Every `widget_display({...})` call written in a recipe, parsed (balanced braces). */
function widgetCalls(markdown: string): Array<{name: string; params: unknown}> {
  const calls: Array<{name: string; params: unknown}> = [];
  for (let at = markdown.indexOf('widget_display('); at >= 0; at = markdown.indexOf('widget_display(', at + 1)) {
    const start = markdown.indexOf('{', at);
    let depth = 0;
    let end = start;
    for (; end < markdown.length; end++) {
      if (markdown[end] === '{') depth++;
      else if (markdown[end] === '}' && --depth === 0) break;
    }
    calls.push(JSON.parse(markdown.slice(start, end + 1)));
  }
  return calls;
}

/**
 * The demo servers' recipes are what the model copies: every widget call they show must be valid
 * for the widget it names, or the model is taught to fail.
 */
describe('demo recipes teach valid widget calls', () => {
  afterEach(closeAll);
  const registry = createDefaultRegistry();

  for (const [server, list, get] of [
    ['demo-data', 'list_recipes', 'get_recipe'],
    ['demo-atlas', 'browse_skills', 'read_skill'],
  ] as const) {
    it(`${server}: every recipe's widget_display examples validate against the widget schemas`, async () => {
      const {layer} = await connect(server);
      const recipes = JSON.parse((await layer.execute!(list, {}, toolContext())).text) as Array<{name: string}>;
      expect(recipes.length).to.be.at.least(4);
      const problems: string[] = [];
      let checked = 0;
      let viewRecipes = 0;
      for (const {name} of recipes) {
        const text = (await layer.execute!(get, {name}, toolContext())).text;
        const calls = widgetCalls(text);
        // A recipe whose result is an MCP App's own view (machine-load) teaches no widget call.
        const showsAppView = /an MCP App/.test(text) && /Do not draw/.test(text);
        if (showsAppView) viewRecipes++;
        if (calls.length === 0 && !showsAppView) problems.push(`${name}: no widget_display example`);
        for (const call of calls) {
          checked++;
          const definition = registry.get(call.name);
          if (!definition) {
            problems.push(`${name}: unknown widget "${call.name}"`);
            continue;
          }
          const result = definition.validator.validate(call.params);
          if (!result.valid) problems.push(`${name}: ${call.name} ${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
        }
      }
      expect(problems).to.deep.equal([]);
      expect(checked).to.be.at.least(recipes.length - viewRecipes);
      expect(viewRecipes, 'at most the one recipe of an MCP App view').to.be.at.most(1);
    });
  }
});
