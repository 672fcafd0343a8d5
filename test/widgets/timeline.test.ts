import {expect} from '@open-wc/testing';
import {timelineWidget} from '../../src/widgets/timeline/timeline.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(timelineWidget, {parts: ['body', 'title', 'list', 'item', 'date']});

describe('timeline', () => {
  it('formats ISO dates in the element language and keeps free-text dates', async () => {
    const {element} = await renderWidget(timelineWidget, {items: [{date: '2024-03-12', title: 'Vote'}, {date: 'Printemps 2024', title: 'Sénat'}]}, {locale: 'fr', language: 'fr'});
    const dates = [...element.shadowRoot!.querySelectorAll('time')].map((t) => t.textContent);
    expect(dates).to.deep.equal(['12 mars 2024', 'Printemps 2024']);
    expect(element.shadowRoot!.querySelector('time')!.getAttribute('datetime')).to.equal('2024-03-12');
  });
});
