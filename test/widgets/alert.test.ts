import {expect} from '@open-wc/testing';
import {alertWidget} from '../../src/widgets/alert/alert.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(alertWidget, {parts: ['body', 'icon', 'title', 'message']});

describe('alert', () => {
  it('announces warnings and errors as alerts and information as status', async () => {
    const warn = await renderWidget(alertWidget, {message: 'careful', variant: 'warning'});
    expect(warn.element.shadowRoot!.querySelector('[part=body]')!.getAttribute('role')).to.equal('alert');
    const info = await renderWidget(alertWidget, {message: 'fyi'});
    expect(info.element.shadowRoot!.querySelector('[part=body]')!.getAttribute('role')).to.equal('status');
  });
});
