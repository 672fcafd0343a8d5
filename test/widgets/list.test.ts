import {expect} from '@open-wc/testing';
import {listWidget} from '../../src/widgets/list/list.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(listWidget, {parts: ['body', 'title', 'list', 'item', 'link']});

describe('list', () => {
  it('numbers ordered lists and opens http(s) links in a new tab without opener', async () => {
    const {element} = await renderWidget(listWidget, {ordered: true, items: [{text: 'A', url: 'https://a.example/'}, {text: 'B', url: 'ftp://b.example/'}]});
    expect(element.shadowRoot!.querySelector('ol')).to.exist;
    const links = element.shadowRoot!.querySelectorAll('a');
    expect(links).to.have.length(1);
    expect(links[0].getAttribute('rel')).to.equal('noopener noreferrer');
    expect(links[0].target).to.equal('_blank');
  });
});
