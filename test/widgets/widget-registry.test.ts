import {expect} from '@open-wc/testing';
import {WidgetRegistry} from '../../src/widgets/widget-registry.js';
import {statWidget} from '../../src/widgets/stat/stat.definition.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';

describe('WidgetRegistry', () => {
  it('registers, lists, finds and removes definitions, one registry per agent', () => {
    const a = new WidgetRegistry().register(statWidget);
    const b = new WidgetRegistry();
    expect(a.has('stat')).to.equal(true);
    expect(a.get('stat')).to.equal(statWidget);
    expect(a.list().map((d) => d.type)).to.deep.equal(['stat']);
    expect(b.has('stat'), 'no global state').to.equal(false);
    expect(a.unregister('stat')).to.equal(true);
    expect(a.has('stat')).to.equal(false);
  });

  it('refuses a malformed definition with INVALID_ARGUMENT', () => {
    const registry = new WidgetRegistry();
    for (const bad of [{...statWidget, type: 'Bad Type'}, {...statWidget, tagName: 'nodash'}, {...statWidget, load: undefined}]) {
      let error: unknown;
      try {
        registry.register(bad as never);
      } catch (e) {
        error = e;
      }
      expect(AutouiError.isInstance(error)).to.equal(true);
      expect((error as AutouiError).code).to.equal(ErrorCodes.INVALID_ARGUMENT);
    }
    expect(registry.list()).to.deep.equal([]);
  });

  it('registers a page element with a runtime validator and a default recipe', async () => {
    const registry = new WidgetRegistry();
    const tag = `page-badge-${Math.random().toString(36).slice(2, 8)}`;
    const definition = registry.registerPageWidget({
      type: 'badge',
      tagName: tag,
      description: 'A coloured badge',
      schema: {type: 'object', required: ['text'], properties: {text: {type: 'string'}}},
    });
    expect(registry.get('badge')).to.equal(definition);
    expect(definition.validator.validate({text: 'ok'}).valid).to.equal(true);
    const bad = definition.validator.validate({});
    expect(bad.valid).to.equal(false);
    expect(!bad.valid && bad.errors[0].path).to.equal('/text');
    expect(definition.recipe).to.contain('widget: badge');
    // load() waits for the page to define its element.
    let loaded = false;
    void definition.load().then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).to.equal(false);
    customElements.define(tag, class extends HTMLElement {});
    await definition.load();
  });
});
