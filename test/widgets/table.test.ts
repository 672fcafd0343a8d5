import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {sendKeys} from '@web/test-runner-commands';
import {tableWidget} from '../../src/widgets/table/table.definition.js';
import type {TableProps} from '../../src/widgets/table/table-data.js';
import {csvField, toCsv} from '../../src/widgets/table/table-csv.js';
import {resolveColumns} from '../../src/widgets/table/table-data.js';
import type {AutouiTableWidget} from '../../src/widgets/table/table.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {canvasFixture} from './canvas-fixture.js';

async function renderTable(params: TableProps): Promise<AutouiTableWidget> {
  await tableWidget.load();
  const el = await fixture<AutouiTableWidget>(html`<autoui-table .params=${params}></autoui-table>`);
  await el.updateComplete;
  return el;
}
const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector<HTMLElement>(sel);
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
const columnTexts = (el: Element, col: number) => $$(el, '.body [role=row]').map((r) => r.querySelectorAll('[role=cell]')[col].textContent!.trim());

const people: TableProps = {
  title: 'People',
  columns: [
    {key: 'name', label: 'Name'},
    {key: 'votes', label: 'Votes', type: 'number'},
    {key: 'born', label: 'Born', type: 'date'},
    {key: 'site', label: 'Site', type: 'url'},
  ],
  rows: [
    {name: 'Émile', votes: 1234567, born: '1970-03-01', site: 'https://example.org/emile'},
    {name: 'ada', votes: 12, born: '1815-12-10', site: 'javascript:alert(1)'},
    {name: 'Zoé', votes: 300, born: '2001-07-14'},
  ],
};

describe('table widget', () => {
  it('defines its element only when loaded (the definition imports nothing heavy)', async () => {
    // Booleans: chai would otherwise try to print a whole element class on failure.
    expect(customElements.get('autoui-table') === undefined, 'defined before load()').to.equal(true);
    await tableWidget.load();
    expect(customElements.get('autoui-table') !== undefined, 'defined by load()').to.equal(true);
  });

  it('validates the recipe example and rejects a bad row with its path', () => {
    const example = /```json\s*widget_display\((.*)\)\s*```/s.exec(tableWidget.recipe)![1];
    const call = JSON.parse(example);
    expect(tableWidget.validator.validate(call.params).valid).to.equal(true);
    const bad = tableWidget.validator.validate({rows: [{a: 1}, 'nope']});
    expect(bad.valid).to.equal(false);
    if (!bad.valid) expect(bad.errors.map((e) => e.path)).to.include('/rows/1');
  });

  it('renders typed cells: formatted numbers aligned right, dates, only http(s) links', async () => {
    const el = await renderTable(people);
    expect($$(el, '[role=columnheader]').map((h) => h.textContent!.replace(/[▲▼↕]/g, '').trim())).to.deep.equal(['Name', 'Votes', 'Born', 'Site']);
    const firstRow = $$(el, '.body [role=row]')[0];
    const cells = [...firstRow.querySelectorAll<HTMLElement>('[role=cell]')];
    expect(cells[1].textContent!.trim()).to.equal('1,234,567');
    expect(getComputedStyle(cells[1]).justifyContent).to.equal('flex-end');
    expect(cells[2].textContent!.trim()).to.equal('Mar 1, 1970');
    const link = cells[3].querySelector('a')!;
    expect(link.href).to.equal('https://example.org/emile');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.target).to.equal('_blank');
    // The javascript: URL of the second row is refused when its row is drawn: an empty cell, listed.
    const second = $$(el, '.body [role=row]')[1].querySelectorAll('[role=cell]')[3];
    expect(second.querySelector('a')).to.equal(null);
    expect(second.textContent!.trim()).to.equal('');
    expect(el.droppedUrls).to.deep.equal([{path: '/rows/1/site', reason: 'script-capable URLs are not allowed'}]);
    expect($(el, '[role=table]')!.getAttribute('aria-rowcount')).to.equal('4');
  });

  it('formats numbers in the element language', async () => {
    const el = await renderTable(people);
    el.environment = {locale: 'fr', language: 'fr', dir: 'ltr', imageHosts: []};
    await el.updateComplete;
    expect(columnTexts(el, 1)[0].replace(/\s/g, ' ')).to.equal('1 234 567');
    expect($(el, '.export')!.textContent).to.equal('Télécharger en CSV');
  });

  it('sorts by a column on click and on keyboard, with aria-sort', async () => {
    const el = await renderTable(people);
    const [nameHeader, votesHeader] = $$(el, '[role=columnheader]');
    votesHeader.querySelector('button')!.click();
    await el.updateComplete;
    expect(votesHeader.getAttribute('aria-sort')).to.equal('ascending');
    expect(columnTexts(el, 1)).to.deep.equal(['12', '300', '1,234,567']);
    votesHeader.querySelector('button')!.click();
    await el.updateComplete;
    expect(votesHeader.getAttribute('aria-sort')).to.equal('descending');
    expect(columnTexts(el, 1)).to.deep.equal(['1,234,567', '300', '12']);

    nameHeader.querySelector('button')!.focus();
    await sendKeys({press: 'Enter'});
    await el.updateComplete;
    expect(nameHeader.getAttribute('aria-sort')).to.equal('ascending');
    expect(votesHeader.getAttribute('aria-sort')).to.equal('none');
    // Case- and accent-insensitive, in the reader's language.
    expect(columnTexts(el, 0)).to.deep.equal(['ada', 'Émile', 'Zoé']);
  });

  it('keeps 10,000 rows out of the DOM and shows other rows when scrolled', async () => {
    const rows = Array.from({length: 10_000}, (_, i) => ({id: i + 1, label: `row ${i + 1}`}));
    const el = await renderTable({columns: [{key: 'id', type: 'number'}, {key: 'label'}], rows});
    const rendered = $$(el, '.body [role=row]');
    expect(rendered.length).to.be.greaterThan(5).and.lessThan(100);
    expect(rendered[0].getAttribute('aria-rowindex')).to.equal('2');
    const viewport = $(el, '.viewport')!;
    expect(viewport.scrollHeight).to.be.greaterThan(10_000 * 30);

    viewport.scrollTop = 5000 * 36;
    await waitUntil(() => $$(el, '.body [role=row]').some((r) => r.textContent!.includes('row 5001')), 'row 5001 not rendered after scrolling');
    const after = $$(el, '.body [role=row]');
    expect(after.length).to.be.lessThan(100);
    expect(after.some((r) => r.textContent!.includes('row 1 '))).to.equal(false);
    // The rendered row sits where the scroll position shows it.
    const row = after.find((r) => r.getAttribute('aria-rowindex') === '5002')!;
    const top = row.getBoundingClientRect().top - viewport.getBoundingClientRect().top;
    expect(top).to.be.within(-72, viewport.clientHeight);
  });

  it('checks a row\'s URLs when the row is shown: a bad link far down is not in the DOM, and is reported once shown', async () => {
    const rows = Array.from({length: 10_000}, (_, i) => ({id: i + 1, site: `https://example.org/${i + 1}`}));
    rows[9_990] = {id: 9_991, site: 'javascript:alert(1)'};
    rows[9_991] = {id: 9_992, site: 'ftp://example.org/file'};
    const {tool, rendered} = await canvasFixture();
    const {json} = await tool('widget_display', {name: 'table', params: {columns: [{key: 'id', type: 'number'}, {key: 'site', type: 'url'}], rows}});
    // Nothing of the rows was checked when the result was written, and the result says when it will be.
    expect(json.dropped_urls).to.equal(undefined);
    expect(json.checked_when_shown).to.match(/rows are checked as each item is shown.*dropped_urls lists what was checked so far/);
    await waitUntil(() => rendered.length === 1, 'the table rendered');
    const el = rendered[0].element as AutouiTableWidget;
    await el.updateComplete;
    expect(el.shadowRoot!.innerHTML).to.not.contain('javascript:').and.not.contain('ftp:');
    expect(el.droppedUrls).to.deep.equal([]);

    $(el, '.viewport')!.scrollTop = 10_000 * 36;
    await waitUntil(() => $$(el, '.body [role=row]').some((r) => r.getAttribute('aria-rowindex') === '9993'), 'the last rows drawn');
    const cellsOf = (rowIndex: string) => [...$$(el, '.body [role=row]').find((r) => r.getAttribute('aria-rowindex') === rowIndex)!.querySelectorAll('[role=cell]')];
    for (const bad of ['9992', '9993']) {
      const [id, site] = cellsOf(bad);
      expect(id.textContent!.trim()).to.equal((Number(bad) - 1).toLocaleString('en'));
      expect(site.textContent!.trim(), `row ${bad}'s refused link is shown empty`).to.equal('');
      expect(site.querySelector('a')).to.equal(null);
    }
    expect(cellsOf('9994')[1].querySelector('a')!.href).to.equal('https://example.org/9993');
    expect(el.shadowRoot!.innerHTML).to.not.contain('javascript:').and.not.contain('ftp:');
    expect(el.droppedUrls).to.deep.equal([
      {path: '/rows/9990/site', reason: 'script-capable URLs are not allowed'},
      {path: '/rows/9991/site', reason: 'links must be absolute http(s) URLs'},
    ]);
    // Scrolling back and forth reports each refused cell once.
    $(el, '.viewport')!.scrollTop = 0;
    await waitUntil(() => $$(el, '.body [role=row]').some((r) => r.getAttribute('aria-rowindex') === '2'), 'back at the top');
    $(el, '.viewport')!.scrollTop = 10_000 * 36;
    await waitUntil(() => $$(el, '.body [role=row]').some((r) => r.getAttribute('aria-rowindex') === '9993'), 'the last rows again');
    expect(el.droppedUrls).to.have.length(2);
  });

  it('draws the visible rows first, then the rows around them, with every row index announced', async () => {
    const rows = Array.from({length: 1_000}, (_, i) => ({id: i + 1, label: `row ${i + 1}`}));
    const el = await renderTable({columns: [{key: 'id', type: 'number'}, {key: 'label'}], rows});
    const viewport = $(el, '.viewport')!;
    const first = $$(el, '.body [role=row]');
    // What the viewport shows, and no more, on the first render.
    expect(first.length).to.equal(Math.ceil(viewport.clientHeight / 36));
    expect(viewport.getAttribute('aria-rowcount')).to.equal('1001');
    // Once the browser is idle, the rows just below are ready for a scroll.
    await waitUntil(() => $$(el, '.body [role=row]').length > first.length, 'no rows drawn beyond the visible ones');
    const indices = $$(el, '.body [role=row]').map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(indices).to.deep.equal(indices.map((_, k) => k + 2));
    expect(columnTexts(el, 1).at(-1)).to.equal(`row ${indices.length}`);
  });

  it('turns kerning off for a very long word in its title, not for one in a cell (cells never wrap)', async () => {
    const word = 'x'.repeat(5_000);
    const inCell = await renderTable({title: 'Hashes', columns: [{key: 'h'}], rows: [{h: word}]});
    expect(inCell.hasAttribute('long-words')).to.equal(false);
    expect(getComputedStyle($$(inCell, '[role=cell] span')[0]).whiteSpace).to.equal('nowrap');
    const inTitle = await renderTable({title: word, rows: [{h: 'short'}]});
    expect(inTitle.hasAttribute('long-words')).to.equal(true);
    expect(getComputedStyle(inTitle).fontKerning).to.equal('none');
  });

  it('downloads the rows as CSV in the displayed order', async () => {
    const el = await renderTable({
      title: 'Résultats 2024',
      columns: [{key: 'name', label: 'Nom'}, {key: 'n', label: 'N', type: 'number'}],
      rows: [{name: '=HYPERLINK("http://evil")', n: -3}, {name: 'Dupont, "Jo"', n: 10}, {name: 'line\nbreak', n: 2}],
    });
    $$(el, '[role=columnheader] button')[1].click(); // sort by N ascending
    await el.updateComplete;

    const blobs: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return original.call(URL, blob);
    };
    let download = '';
    const stop = (e: Event) => {
      const a = e.composedPath()[0] as HTMLAnchorElement;
      download = a.download;
      e.preventDefault(); // no real download in the test browser
    };
    el.shadowRoot!.addEventListener('click', stop, true);
    try {
      $(el, '.export')!.click();
    } finally {
      URL.createObjectURL = original;
    }
    expect(download).to.equal('Resultats-2024.csv');
    expect(blobs).to.have.length(1);
    expect(blobs[0].type).to.equal('text/csv;charset=utf-8');
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(await blobs[0].arrayBuffer());
    expect(text).to.equal('\uFEFFNom,N\r\n' + `"'=HYPERLINK(""http://evil"")",-3\r\n` + '"line\nbreak",2\r\n' + '"Dupont, ""Jo""",10\r\n');
  });

  it('quotes and neutralises CSV fields as RFC 4180 and OWASP ask', () => {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('+33 1 23')).to.equal("'+33 1 23");
    expect(csvField('@SUM(A1)')).to.equal("'@SUM(A1)");
    expect(csvField('-2+3')).to.equal("'-2+3");
    expect(csvField(-2)).to.equal('-2');
    expect(csvField(null)).to.equal('');
    expect(csvField('a\r\nb')).to.equal('"a\r\nb"');
    const columns = resolveColumns({rows: [['x', 1]], columns: [{key: 'a'}, {key: 'b', type: 'number'}]});
    expect(toCsv(columns, [['x', 1]])).to.equal('a,b\r\nx,1\r\n');
  });

  it('infers columns from row objects when none are given', async () => {
    const el = await renderTable({rows: [{city: 'Lyon', pop: 522_000}, {city: 'Nantes', pop: 320_000}]});
    expect($$(el, '[role=columnheader]').map((h) => h.textContent!.replace(/[▲▼↕]/g, '').trim())).to.deep.equal(['city', 'pop']);
    expect(columnTexts(el, 1)).to.deep.equal(['522,000', '320,000']);
  });

  it('renders hostile strings as inert text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const el = await renderTable({title: evil, columns: [{key: 'a', label: evil}], rows: [{a: evil}, {a: 'x'.repeat(1_000_000)}]});
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect($(el, '.title')!.textContent).to.equal(evil);
    expect(columnTexts(el, 0)[0]).to.equal(evil);
    expect(columnTexts(el, 0)[1].length).to.be.lessThan(1000);
    expect((window as unknown as {__pwned?: number}).__pwned).to.equal(undefined);
  });

  it('passes an accessibility check', async () => {
    const el = await renderTable(people);
    await expect(el).to.be.accessible();
  });
});

// After the tests above, so the first one sees the element not yet defined.
runWidgetBaseTests(tableWidget, {parts: ['header', 'title', 'export-button', 'table', 'column-header', 'row', 'cell']});
