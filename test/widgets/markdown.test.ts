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

describe('markdown: every way HTML has to fetch an image goes through the host check', () => {
  it('drops srcset, <picture><source>, background and poster, and keeps list starts and column alignment', async () => {
    const content = [
      '<img src="https://img.example.org/a.png" srcset="https://evil.example/p.png 1x" alt="a">',
      '<picture><source srcset="https://evil.example/q.png"><img src="https://img.example.org/b.png" alt="b"></picture>',
      '<table background="https://evil.example/t.png"><tr><td>x</td></tr></table>',
      '',
      '3. third',
      '4. fourth',
      '',
      '| left | right |',
      '| :--- | ----: |',
      '| a | 1 |',
    ].join('\n');
    const requested: string[] = [];
    const observer = new PerformanceObserver((list) => requested.push(...list.getEntries().map((e) => e.name)));
    observer.observe({type: 'resource', buffered: false});
    const {element} = await renderWidget(markdownWidget, {content}, {imageHosts: ['img.example.org']});
    const root = element.shadowRoot!;
    const html = root.innerHTML;
    expect(html).to.not.contain('evil.example');
    expect(root.querySelector('picture, source, [srcset], [background], [poster]')).to.equal(null);
    expect(root.querySelector('ol')!.getAttribute('start')).to.equal('3');
    const aligned = [...root.querySelectorAll('th')].map((th) => th.getAttribute('align') ?? th.style.textAlign);
    expect(aligned).to.deep.equal(['left', 'right']);
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    expect(requested.filter((u) => u.includes('evil.example'))).to.deep.equal([]);
  });
});

describe('markdown: nesting no document needs', () => {
  it('renders as plain characters, in bounded time (deep quotes, markers on one line, deep lists behind quotes, nested emphasis), and real nesting still renders', async () => {
    const cases = [
      '>'.repeat(3000) + 'deep',
      '- '.repeat(2000) + 'deep',
      '1. '.repeat(2000) + 'deep',
      '> - '.repeat(1000) + 'deep',
      '*'.repeat(20000) + 'deep' + '*'.repeat(20000),
      Array.from({length: 800}, (_, i) => ' '.repeat(i * 2) + '- deep').join('\n'),
      Array.from({length: 800}, (_, i) => '> ' + '\t'.repeat(i) + '- deep').join('\n'),
      '*a '.repeat(2000) + 'deep' + ' a*'.repeat(2000),
      ('*'.repeat(19) + ' ').repeat(5000) + 'deep',
    ];
    for (const content of cases) {
      const {element} = await renderWidget(markdownWidget, {content});
      // A case longer than the first part shows the rest on demand: show it all.
      for (let more; (more = element.shadowRoot!.querySelector<HTMLButtonElement>('[part="more"]')); ) {
        more.click();
        await (element as unknown as {updateComplete: Promise<unknown>}).updateComplete;
      }
      expect(element.shadowRoot!.textContent, content.slice(0, 12)).to.contain('deep');
    }
    const {element} = await renderWidget(markdownWidget, {content: '> quoted\n>> twice\n\n- a\n  - b\n    - c\n\n***bold italic***'});
    const root = element.shadowRoot!;
    expect(root.querySelectorAll('blockquote')).to.have.length(2);
    expect(root.querySelectorAll('ul ul ul li')).to.have.length(1);
    expect(root.querySelector('em strong, strong em')?.textContent).to.equal('bold italic');
  });

  it('leaves real text exactly as written: rules, code with long runs, a 120-row table in bold', async () => {
    const banner = '/' + '*'.repeat(40);
    const content = ['*'.repeat(30), '', '```c', banner, '> > > in code', '```', '', '| a | b |', '|---|---|', ...Array.from({length: 120}, (_, i) => `| **x${i}** | _y_ |`)].join('\n');
    const {element} = await renderWidget(markdownWidget, {content});
    const root = element.shadowRoot!;
    expect(root.querySelector('hr'), 'a rule of 30 asterisks').to.exist;
    expect(root.querySelector('pre code')!.textContent).to.equal(`${banner}\n> > > in code\n`);
    expect(root.querySelectorAll('tbody strong')).to.have.length(120);
  });
});
