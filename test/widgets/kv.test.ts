import {expect} from '@open-wc/testing';
import {kvWidget} from '../../src/widgets/kv/kv.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(kvWidget, {parts: ['body', 'title', 'list', 'key', 'value']});

describe('kv', () => {
  it('shows each pair in a description list with numbers formatted and null as a dash', async () => {
    const {element} = await renderWidget(kvWidget, {items: [{key: 'Population', value: 522250}, {key: 'Mayor', value: null}]});
    const dts = [...element.shadowRoot!.querySelectorAll('dt')].map((e) => e.textContent);
    const dds = [...element.shadowRoot!.querySelectorAll('dd')].map((e) => e.textContent);
    expect(dts).to.deep.equal(['Population', 'Mayor']);
    expect(dds).to.deep.equal(['522,250', '—']);
  });
});
