/**
 * `files-engine="duckdb"` on the real element: DuckDB's engine is loaded only then, its Worker
 * from `files-engine-bundles`, and reads the file the page attaches; an element without the
 * attribute never loads DuckDB.
 */
import {expect} from '@open-wc/testing';
import '../../src/define.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import {mountAgent} from '../element/harness.js';

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

  it('reads files with the default engine, never fetching DuckDB, without the attribute', async () => {
    const agent = await mountAgent(undefined, {attributes: {lang: 'en'}});
    const detail = await agent.attach(csv());
    expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 2, columns: 2});
    expect(duckdbFetched()).to.equal(false);
    agent.remove();
  });

  it('reads files with DuckDB from files-engine-bundles when the page opts in', async () => {
    const agent: AutouiAgent = await mountAgent(undefined, {attributes: {lang: 'en', 'files-engine': 'duckdb', 'files-engine-bundles': BUNDLES}});
    const detail = await agent.attach(csv());
    expect(detail).to.deep.equal({name: 'sales.csv', size: csv().size, rows: 2, columns: 2});
    expect(duckdbFetched()).to.equal(true);
    // DuckDB here reads CSV and TSV only: a JSON file is refused, and the CSV stays.
    const refused = await agent.attach(new File(['[{"a":1}]'], 'data.json', {type: 'application/json'})).catch((error: {code: string}) => error.code);
    expect(refused).to.equal('FILE_REFUSED');
    expect(agent.files.map((f) => f.name)).to.deep.equal(['sales.csv']);
    agent.remove();
  });
});
