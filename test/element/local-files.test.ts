/**
 * Local files on the real element: a visitor attaches a file (the composer's button, a drop, a
 * paste, or the page's `attach()`), the real engine reads it into tables in its Worker, the agent
 * queries them through the `files` layer, and the widgets it shows say where their data came
 * from. Refusals lose nothing; snapshots carry the schema and never a row; `persist-files` keeps
 * the files in IndexedDB. Tiny CSV files made here; the scripted fake LLM over HTTP.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {createStore, get} from 'idb-keyval';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {FILE_DATABASE, FILE_STORE} from '../../src/element/files/file-store.js';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import {EventLog, createScenario, mountAgent, settle, ui, widgetsRendered} from './harness.js';

/** A unique value in the rows: it must never reach a snapshot or the stored session. */
const SECRET = `Zanzibar-${Math.random().toString(36).slice(2, 8)}`;
const csv = (name = 'sales.csv') => new File([`region,amount\nNorth,12\nSouth,30\n${SECRET},5\n`], name, {type: 'text/csv'});
const json = () => new File(['[{"a":1}]'], 'data.json', {type: 'application/json'});
const uniqueId = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/** The element's file parts once their chunk is in (it loads when the page is idle). */
const files = (agent: AutouiAgent) => {
  const root = agent.shadowRoot!;
  const composer = () => root.querySelector('autoui-composer')!.shadowRoot!;
  return {
    button: () => composer().querySelector<HTMLButtonElement>('[part="attach"]'),
    input: () => composer().querySelector<HTMLInputElement>('input[type="file"]'),
    chips: () => [...root.querySelectorAll<HTMLElement>('[part="file"]')],
    dropTarget: () => root.querySelector<HTMLElement>('[part="drop-target"]'),
    status: () => root.querySelector<HTMLElement>('[role="status"].announce'),
  };
};
const buttonShown = async (agent: AutouiAgent) => {
  await waitUntil(() => files(agent).button(), 'the file button never showed', {timeout: 5000});
  return files(agent).button()!;
};
const hasFilesLayer = (agent: AutouiAgent) => agent.layers.some((l) => l.serverName === 'files');

/** A drag event carrying `file` (or text), as a browser fires it on the element. */
function dragEvent(type: string, content: File | string): DragEvent {
  const data = new DataTransfer();
  if (typeof content === 'string') data.setData('text/plain', content);
  else data.items.add(content);
  return new DragEvent(type, {dataTransfer: data, bubbles: true, composed: true, cancelable: true});
}

describe('<autoui-agent> local files', () => {
  it('attaches a file picked with the composer button: a chip with its facts, an event, the files layer, a transcript line', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    const button = await buttonShown(agent);
    expect(button!.getAttribute('aria-label')).to.equal('Attach files');
    const input = files(agent).input()!;
    expect(input.accept).to.equal('.csv,.tsv,.json,.jsonl,.parquet,.xlsx,.ods');
    expect(input.multiple).to.equal(true);
    const data = new DataTransfer();
    data.items.add(csv());
    input.files = data.files;
    input.dispatchEvent(new Event('change'));
    const detail = await log.next('autoui-file-attached');
    expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 3, columns: 2});
    expect(agent.files).to.deep.equal([detail]);
    expect(hasFilesLayer(agent)).to.equal(true);
    await settle(agent);
    const [chip] = files(agent).chips();
    expect(chip.textContent).to.contain('sales.csv').and.to.contain('3 rows, 2 columns').and.to.contain('B');
    expect(chip.getAttribute('aria-busy')).to.equal('false');
    await waitUntil(() => ui(agent).notices().includes('sales.csv attached: 3 rows, 2 columns'), 'no transcript line for the attached file');
  });

  it('takes files dropped on the element, shows the drop target while dragging, and ignores dropped text', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'fr'}});
    const log = new EventLog(agent);
    await buttonShown(agent);
    expect(files(agent).button()!.getAttribute('aria-label')).to.equal('Joindre des fichiers');
    const over = dragEvent('dragover', csv());
    agent.dispatchEvent(over);
    expect(over.defaultPrevented, 'a file dragged over is accepted').to.equal(true);
    await waitUntil(() => !files(agent).dropTarget()!.hidden, 'the drop target never showed');
    expect(files(agent).status()!.textContent).to.contain('Déposez');
    const text = dragEvent('drop', 'just some text');
    agent.dispatchEvent(text);
    expect(text.defaultPrevented, 'dropped text is left to the page').to.equal(false);
    agent.dispatchEvent(dragEvent('drop', csv('ventes.csv')));
    await log.next('autoui-file-attached');
    await settle(agent);
    expect(files(agent).dropTarget()!.hidden).to.equal(true);
    expect(agent.files.map((f) => f.name)).to.deep.equal(['ventes.csv']);
    await waitUntil(() => ui(agent).notices().includes('ventes.csv joint : 3 lignes, 2 colonnes'), `no French transcript line: ${JSON.stringify(ui(agent).notices())}`);
  });

  it('attach() resolves with the file; a pasted file leaves the composer text as it was', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    expect(await agent.attach(csv())).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 3, columns: 2});
    await buttonShown(agent);
    const textarea = ui(agent).textarea()!;
    textarea.value = 'my question';
    textarea.dispatchEvent(new Event('input'));
    const data = new DataTransfer();
    data.items.add(csv('pasted.csv'));
    const paste = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
    textarea.dispatchEvent(paste);
    expect(paste.defaultPrevented).to.equal(true);
    await waitUntil(() => agent.files.length === 2, 'the pasted file was not attached');
    expect(ui(agent).textarea()!.value).to.equal('my question');
  });

  it('refuses a kind files does not take, and a file over files-max-bytes: FILE_REFUSED, a notice, the composer text kept', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en', files: 'csv'}});
    const log = new EventLog(agent);
    await buttonShown(agent);
    expect(files(agent).input()!.accept).to.equal('.csv,.tsv');
    const textarea = ui(agent).textarea()!;
    textarea.value = 'keep me';
    textarea.dispatchEvent(new Event('input'));
    const error = await agent.attach(json()).catch((e: unknown) => e);
    expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.FILE_REFUSED);
    expect((await log.next('autoui-error')).code).to.equal('FILE_REFUSED');
    await waitUntil(() => ui(agent).notices().some((n) => n.startsWith('data.json was not attached: ')), 'no refusal notice');
    expect(ui(agent).textarea()!.value).to.equal('keep me');
    expect(agent.files).to.deep.equal([]);
    expect(hasFilesLayer(agent)).to.equal(false);
    expect(files(agent).chips()).to.have.length(0);

    const small = await mountAgent(undefined, {attributes: {lang: 'en', 'files-max-bytes': 10}});
    const refused = await small.attach(csv()).catch((e: unknown) => e);
    expect(AutouiError.isInstance(refused) && refused.code).to.equal(ErrorCodes.FILE_REFUSED);
    expect(small.widgets).to.deep.equal([]);
  });

  it('follows files and files-max-bytes changed after the first file: the next file is judged by the new values', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await agent.attach(json());
    agent.setAttribute('files-max-bytes', '10');
    const big = await agent.attach(csv()).catch((e: unknown) => e);
    expect(AutouiError.isInstance(big) && big.code, 'a file over the new limit').to.equal(ErrorCodes.FILE_REFUSED);
    agent.setAttribute('files-max-bytes', '1000');
    agent.setAttribute('files', 'json');
    const kind = await agent.attach(csv()).catch((e: unknown) => e);
    expect(AutouiError.isInstance(kind) && kind.code, 'a kind the new list leaves out').to.equal(ErrorCodes.FILE_REFUSED);
    agent.setAttribute('files', 'csv json');
    expect((await agent.attach(csv())).rows).to.equal(3);
    expect(agent.files.map((f) => f.name)).to.deep.equal(['data.json', 'sales.csv']);
  });

  it('files="off": no button, drops ignored, attach() refused', async () => {
    const off = await mountAgent(undefined, {attributes: {lang: 'en', files: 'off'}});
    const on = await mountAgent(undefined, {attributes: {lang: 'en'}});
    // Both load their file parts when the page is idle: once the other shows its button, this one has decided.
    await buttonShown(on);
    await waitUntil(() => files(off).dropTarget(), 'the file parts of the off element never loaded');
    expect(files(off).button()).to.equal(null);
    const over = dragEvent('dragover', csv());
    off.dispatchEvent(over);
    expect(over.defaultPrevented).to.equal(false);
    off.dispatchEvent(dragEvent('drop', csv()));
    const error = await off.attach(csv()).catch((e: unknown) => e);
    expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.FILE_REFUSED);
    expect(off.files).to.deep.equal([]);
  });

  it('a read-only element takes no dropped file (no question can be asked of it); the page may still attach()', async () => {
    const viewer = await mountAgent(undefined, {attributes: {lang: 'en', readonly: ''}});
    const log = new EventLog(viewer);
    const over = dragEvent('dragover', csv());
    viewer.dispatchEvent(over);
    expect(over.defaultPrevented, 'a file dragged over a read-only element is not accepted').to.equal(false);
    viewer.dispatchEvent(dragEvent('drop', csv('dropped.csv')));
    // The page's own call is its decision: it is read, and the drop above never was.
    expect((await viewer.attach(csv('page.csv'))).rows).to.equal(3);
    expect(viewer.files.map((f) => f.name)).to.deep.equal(['page.csv']);
    expect(log.of('autoui-file-attached').map((d) => d.name)).to.deep.equal(['page.csv']);
  });

  it('shows a hostile file name as text; the remove button removes it, fires autoui-file-removed, and the layer leaves with the last file', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const log = new EventLog(agent);
    const hostile = '<img src=x onerror="window.__pwned=1">.csv';
    await agent.attach(csv(hostile));
    await agent.attach(csv('second.csv'));
    await settle(agent);
    const chip = files(agent).chips()[0];
    expect(chip.querySelector('img')).to.equal(null);
    expect(chip.title).to.equal(hostile);
    expect(chip.querySelector('.name')!.textContent).to.equal(hostile);
    expect((window as {__pwned?: number}).__pwned).to.equal(undefined);
    const remove = chip.querySelector<HTMLButtonElement>('[part="file-remove"]')!;
    expect(remove.getAttribute('aria-label')).to.equal(`Remove ${hostile}`);
    remove.click();
    expect((await log.next('autoui-file-removed')).name).to.equal(hostile);
    expect(hasFilesLayer(agent), 'one file is still attached').to.equal(true);
    await settle(agent);
    files(agent).chips()[0].querySelector<HTMLButtonElement>('[part="file-remove"]')!.click();
    await log.nth('autoui-file-removed', 2);
    expect(agent.files).to.deep.equal([]);
    expect(hasFilesLayer(agent)).to.equal(false);
  });

  it('a question that queries the file then shows a chart: the widget says its source, under its frame', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await agent.attach(csv());
    const table = agent.snapshot().files![0].tables[0].name;
    const scenario = await createScenario([
      {toolCalls: [{name: 'files_webmcp_query', input: {sql: `SELECT region, amount FROM ${table} ORDER BY amount`}}]},
      {
        match: {lastToolResultIncludes: 'South'},
        toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', labels: ['North', 'South'], datasets: [{label: 'amount', data: [12, 30]}]}}}],
      },
      {match: {lastToolResultIncludes: '"widget"'}, text: 'South sells most.'},
    ]);
    agent.setAttribute('endpoint', scenario.base);
    const result = await agent.ask('Which region sells most?');
    expect(result.stopReason).to.equal('end_turn');
    const [widget] = agent.session.widgets.list();
    expect(widget.source).to.deep.equal({files: ['sales.csv']});
    await widgetsRendered(agent);
    const caption = ui(agent).root.querySelector('autoui-canvas')!.shadowRoot!.querySelector('[part="source"]');
    expect(caption?.textContent).to.equal('From sales.csv');
    expect(agent.snapshot().widgets[0].source).to.deep.equal({files: ['sales.csv']});
  });

  it('a snapshot carries the files schema and never a row; restored where the file is absent, widgets stay and a notice names it', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    await agent.attach(csv());
    const snapshot = agent.snapshot({conversation: true});
    expect(snapshot.files).to.have.length(1);
    const [file] = snapshot.files!;
    expect(file).to.include({name: 'sales.csv', kind: 'csv', size: csv().size});
    expect(file.tables[0].rows).to.equal(3);
    expect(file.tables[0].columns.map((c) => c.name)).to.deep.equal(['region', 'amount']);
    expect(JSON.stringify(snapshot)).not.to.contain(SECRET);

    const withWidget = {
      ...snapshot,
      widgets: [{id: 'w_abc123', type: 'stat-card', params: {label: 'South', value: 30}, source: {files: ['sales.csv']}}],
    };
    const elsewhere = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const restored = await elsewhere.restore(withWidget);
    expect(restored.widgets.map((w) => w.source)).to.deep.equal([{files: ['sales.csv']}]);
    expect(elsewhere.widgets).to.have.length(1);
    await waitUntil(() => ui(elsewhere).notices().some((n) => n.includes('sales.csv') && n.includes('attach')), 'no notice names the missing file');
  });

  it('persist-files: the files come back attached in a new element; without it nothing is kept in IndexedDB', async () => {
    const store = createStore(FILE_DATABASE, FILE_STORE);
    const keyOf = (id: string) => `${location.origin}${location.pathname}#${id}#files`;
    const id = uniqueId('kept');
    const first = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', 'persist-files': true, id}});
    await first.attach(csv());
    await waitUntil(async () => ((await get<File[]>(keyOf(id), store)) ?? []).length === 1, 'the file was not kept');
    first.remove();
    const again = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', 'persist-files': true, id}});
    await waitUntil(() => again.files.length === 1, 'the kept file was not attached again', {timeout: 8000});
    expect(again.files[0]).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 3, columns: 2});
    expect(hasFilesLayer(again)).to.equal(true);

    const plain = uniqueId('plain');
    const unkept = await mountAgent(undefined, {attributes: {lang: 'en', persist: 'local', id: plain}});
    await unkept.attach(csv());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await get(keyOf(plain), store)).to.equal(undefined);
  });
});
