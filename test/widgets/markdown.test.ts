import {expect} from '@open-wc/testing';
import {markdownWidget} from '../../src/widgets/markdown/markdown.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(markdownWidget, {parts: ['body', 'title', 'content']});

describe('markdown', () => {
  it('renders markdown, strips script and event handlers, and keeps only allowed images', async () => {
    const content = '# Hi\n\n**bold** <script>window.__pwned=1</script> [ok](https://ok.example/) [bad](javascript:alert(1))\n\n![cat](https://img.example.org/c.png) ![dog](https://other.example/d.png)';
    const {element} = await renderWidget(markdownWidget, {content}, {imageHosts: ['img.example.org']});
    const root = element.shadowRoot!;
    expect(root.querySelector('h1')!.textContent).to.equal('Hi');
    expect(root.querySelector('strong')!.textContent).to.equal('bold');
    expect(root.querySelector('script')).to.equal(null);
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(['https://ok.example/', null]);
    expect(root.querySelector('a')!.getAttribute('rel')).to.equal('noopener noreferrer');
    expect([...root.querySelectorAll('img')].map((i) => i.getAttribute('src'))).to.deep.equal(['https://img.example.org/c.png']);
    expect(root.textContent).to.contain('[dog]');
  });
});
