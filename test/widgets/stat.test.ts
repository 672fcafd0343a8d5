import {expect} from '@open-wc/testing';
import {statWidget} from '../../src/widgets/stat/stat.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(statWidget, {parts: ['body', 'label', 'value', 'caption']});

describe('stat', () => {
  it('formats the value in the element language', async () => {
    const {element} = await renderWidget(statWidget, {label: 'Population', value: 1234567.5, unit: 'hab.'}, {locale: 'fr', language: 'fr'});
    const value = element.shadowRoot!.querySelector('[part=value]')!.textContent!;
    // French groups thousands with a narrow no-break space and uses a decimal comma.
    expect(value.replace(/\s/g, ' ')).to.equal('1 234 567,5hab.');
  });

  it('follows a language change from the agent without being re-created', async () => {
    const {element, provider} = await renderWidget(statWidget, {label: 'N', value: 1000.5}, {locale: 'en', language: 'en'});
    expect(element.shadowRoot!.querySelector('[part=value]')!.textContent).to.equal('1,000.5');
    provider.setValue({locale: 'de', language: 'fr', dir: 'ltr', imageHosts: []});
    await (element as unknown as {updateComplete: Promise<unknown>}).updateComplete;
    expect(element.shadowRoot!.querySelector('[part=value]')!.textContent).to.equal('1.000,5');
  });
});
