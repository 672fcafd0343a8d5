import {expect} from '@open-wc/testing';
import {codeWidget} from '../../src/widgets/code/code.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(codeWidget, {parts: ['body', 'header', 'copy', 'code']});

describe('code', () => {
  it('shows code verbatim as text, markup included', async () => {
    const {element} = await renderWidget(codeWidget, {code: '<b>not bold</b>\n  indented'});
    const pre = element.shadowRoot!.querySelector('pre')!;
    expect(pre.textContent).to.equal('<b>not bold</b>\n  indented');
    expect(pre.querySelector('b')).to.equal(null);
  });
});
