/**
 * `files-engine="duckdb"` on the real element: DuckDB's engine is loaded only then, its Worker
 * from `files-engine-bundles`, and reads the file the page attaches; an element without the
 * attribute never loads DuckDB. DuckDB starts when a person reaches for the file button, not at
 * page load.
 */
import {expect, waitUntil} from '@open-wc/testing';
import '../../src/define.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {mountAgent} from '../element/harness.js';
import {parquetFixture} from './parquet-fixtures.js';

const BUNDLES = '/node_modules/@duckdb/duckdb-wasm/dist/';
const csv = () => new File(['region,amount\nNorth,12\nSouth,30\n'], 'sales.csv', {type: 'text/csv'});
/** Whether the page loaded DuckDB's engine or its client (modules the main thread fetched). */
const duckdbFetched = () => performance.getEntriesByType('resource').some((entry) => /duckdb-engine|@duckdb\/duckdb-wasm/.test(entry.name));

describe('<autoui-agent files-engine="duckdb">', function () {
  this.timeout(300_000);
  // The page's resource list holds 250 entries by default: this page's modules fill it.
  beforeEach(() => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
  });

  it('reads files with the default engine, never fetching DuckDB, without the attribute: Parquet too', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const detail = await agent.attach(csv());
    expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 2, columns: 2});
    // Parquet never switches engines behind the page's back: hyparquet reads it in the default engine's Worker.
    expect(await agent.attach(await parquetFixture('cities.zstd.parquet'))).to.deep.include({rows: 6, columns: 6});
    expect(duckdbFetched()).to.equal(false);
    agent.remove();
  });

  it('reads files with DuckDB from files-engine-bundles when the page opts in', async () => {
    const agent: AutouiAgent = await mountAgent(undefined, {attributes: {lang: 'en', 'files-engine': 'duckdb', 'files-engine-bundles': BUNDLES}});
    const detail = await agent.attach(csv());
    expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 2, columns: 2});
    expect(duckdbFetched()).to.equal(true);
    // A JSON file is read too (through our readers); a spreadsheet is refused, and the others stay.
    const json = await agent.attach(new File(['[{"a":1},{"a":2}]'], 'data.json', {type: 'application/json'}));
    expect(json).to.deep.include({name: 'data.json', rows: 2, columns: 1});
    const refused = await agent.attach(new File(['x'], 'book.xlsx')).catch((error: {code: string}) => error.code);
    expect(refused).to.equal('FILE_REFUSED');
    expect(agent.files.map((f) => f.name)).to.deep.equal(['sales.csv', 'data.json']);
    agent.remove();
  });

  it('starts DuckDB when a person reaches for the file button, not when the page loads', async () => {
    // Every Worker the page starts, by script URL: DuckDB's is its duckdb-browser-*.worker.js.
    const RealWorker = window.Worker;
    const started: string[] = [];
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        started.push(String(url));
      }
    };
    const duckdbStarted = () => started.some((url) => /duckdb-browser-(mvp|eh)\.worker\.js$/.test(url));
    try {
      const agent = await mountAgent(undefined, {attributes: {lang: 'en', 'files-engine': 'duckdb', 'files-engine-bundles': BUNDLES}});
      const composer = () => agent.shadowRoot!.querySelector('autoui-composer')!.shadowRoot!;
      // The file button shows once the files chunk is in (when the page is idle): still no DuckDB.
      await waitUntil(() => composer().querySelector('[part="attach"]'), 'the file button never showed', {timeout: 30_000});
      expect(duckdbStarted()).to.equal(false);
      composer().querySelector('[part="attach"]')!.dispatchEvent(new PointerEvent('pointerover', {bubbles: true, composed: true}));
      await waitUntil(duckdbStarted, 'DuckDB did not start when the file button was hovered', {timeout: 120_000});
      // The file then finds DuckDB started (or starting): one Worker, no second start.
      const detail = await agent.attach(csv());
      expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 2, columns: 2});
      expect(started.filter((url) => /duckdb-browser/.test(url))).to.have.length(1);
      agent.remove();
    } finally {
      window.Worker = RealWorker;
    }
  });
});
