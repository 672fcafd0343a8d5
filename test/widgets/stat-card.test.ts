import {expect} from '@open-wc/testing';
import {statCardWidget} from '../../src/widgets/stat-card/stat-card.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(statCardWidget, {parts: ['body', 'label', 'value', 'trend', 'caption']});

describe('stat-card', () => {
  it('labels the trend for screen readers in the element language, not only by colour', async () => {
    const {element} = await renderWidget(statCardWidget, {label: 'Chômage', value: 7.3, unit: '%', trend: 'down'}, {locale: 'fr', language: 'fr'});
    const arrow = element.shadowRoot!.querySelector('[part=trend] [role=img]')!;
    expect(arrow.getAttribute('aria-label')).to.equal('Tendance: en baisse');
    expect(element.shadowRoot!.querySelector('[part=value]')!.textContent!.replace(/\s/g, ' ')).to.equal('7,3%');
  });
});
