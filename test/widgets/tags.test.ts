import {expect} from '@open-wc/testing';
import {tagsWidget} from '../../src/widgets/tags/tags.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(tagsWidget, {parts: ['body', 'title', 'list', 'tag']});

describe('tags', () => {
  it('renders strings and objects as chips with formatted counts', async () => {
    const {element} = await renderWidget(tagsWidget, {items: ['A', {label: 'B', count: 1200}]}, {locale: 'en', language: 'en'});
    const chips = [...element.shadowRoot!.querySelectorAll('[part=tag]')].map((c) => c.textContent);
    expect(chips).to.deep.equal(['A', 'B1,200']);
  });
});
