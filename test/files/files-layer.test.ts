import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {createFilesLayer} from '../../src/files/files-layer.js';
import {createDuckdbFiles} from '../../src/files/duckdb/duckdb-engine.js';
import {kindOfFile, parseFilesAttribute} from '../../src/files/file-kinds.js';
import {fileOf} from './fixtures.js';

const context = () => ({signal: new AbortController().signal, callId: 'c1', reportProgress() {}});

describe('the files layer', () => {
  const engine = createLocalFiles();
  const server = createFilesLayer(engine);
  after(() => engine.dispose());

  it('offers files_webmcp-style describe and query tools, read-only, and names the attached files in its description', async () => {
    expect(server.layer.serverName).to.equal('files');
    expect(server.layer.tools.map((t) => [t.name, t.annotations?.readOnlyHint])).to.deep.equal([
      ['search_recipes', true],
      ['list_recipes', true],
      ['get_recipe', true],
      ['describe', true],
      ['query', true],
    ]);
    // Its recipe is found by the words a visitor would use, and read in full.
    const found = await server.execute('search_recipes', {query: 'what is in my csv file'}, context());
    expect(JSON.parse(found.text).recipes.map((r: {name: string}) => r.name)).to.include('local-files');
    expect((await server.execute('get_recipe', {name: 'local-files'}, context())).text).to.contain('files_webmcp_describe');
    expect(server.layer.description).to.contain('None is attached');
    await engine.attach(fileOf('sales\u0007 2024.csv', ['region,amount\nNorth,10\nSouth,5\nNorth,7\n']));
    expect(server.layer.description).to.contain('file "sales 2024.csv": table sales_2024 (3 rows, 2 columns)');
    expect(server.layer.description).not.to.contain('\u0007');
  });

  it('describes tables as compact JSON, the sample rows as arrays', async () => {
    const out = await server.execute('describe', {}, context());
    const {tables} = JSON.parse(out.text);
    expect(tables[0].table).to.equal('sales_2024');
    expect(tables[0].sample).to.deep.equal({columns: ['region', 'amount'], rows: [['North', 10], ['South', 5], ['North', 7]]});
  });

  it('answers a query with rows as arrays and the files it read as sources', async () => {
    const out = await server.execute('query', {sql: 'SELECT region, sum(amount) AS total FROM sales_2024 GROUP BY region ORDER BY total DESC'}, context());
    expect(JSON.parse(out.text)).to.deep.equal({columns: ['region', 'total'], rows: [['North', 17], ['South', 5]], truncated: false, files: ['sales\u0007 2024.csv']});
    expect(out.sources).to.deep.equal(['sales\u0007 2024.csv']);
    expect(out.data).to.deep.equal({sources: ['sales\u0007 2024.csv']});
  });

  it('names the SQL engine the model writes for: SQLite by default, DuckDB with files-engine="duckdb"', () => {
    const query = (layer: typeof server.layer) => layer.tools.find((t) => t.name === 'query')!.description!;
    expect(query(server.layer)).to.contain('read-only SQLite SELECT');
    expect(server.layer.description).to.contain('read with SQLite SQL');
    // No Worker starts for this: the engine starts DuckDB with its first file.
    const duckdb = createFilesLayer(createDuckdbFiles({bundles: '/nowhere/'}));
    expect(query(duckdb.layer)).to.contain('read-only DuckDB SELECT').and.not.to.contain('SQLite');
    expect(duckdb.layer.description).to.contain('read with DuckDB SQL').and.not.to.contain('SQLite');
  });

  it('turns a refused statement into an error result the model can read', async () => {
    const out = await server.execute('query', {sql: 'DELETE FROM sales_2024'}, context());
    expect(out.isError).to.equal(true);
    expect(JSON.parse(out.text)).to.include({code: 'TOOL_FAILED'});
  });
});

describe('file kinds', () => {
  it('knows a kind by extension, then MIME type', () => {
    expect(kindOfFile('a.CSV')).to.equal('csv');
    expect(kindOfFile('a.ndjson')).to.equal('jsonl');
    expect(kindOfFile('export', 'application/vnd.oasis.opendocument.spreadsheet')).to.equal('ods');
    expect(kindOfFile('a.pdf', 'application/pdf')).to.equal(undefined);
    expect(kindOfFile('trips.parquet')).to.equal('parquet');
    expect(kindOfFile('export', 'application/vnd.apache.parquet')).to.equal('parquet');
  });

  it('reads the files attribute', () => {
    expect(parseFilesAttribute(null)).to.deep.equal(['csv', 'tsv', 'json', 'jsonl', 'parquet', 'xlsx', 'ods']);
    expect(parseFilesAttribute('')).to.have.length(7);
    expect(parseFilesAttribute('off')).to.deep.equal([]);
    expect(parseFilesAttribute('None')).to.deep.equal([]);
    expect(parseFilesAttribute('CSV .xlsx bogus')).to.deep.equal(['csv', 'tsv', 'xlsx']);
    expect(parseFilesAttribute('json')).to.deep.equal(['json', 'jsonl']);
    expect(parseFilesAttribute('parquet csv')).to.deep.equal(['csv', 'tsv', 'parquet']);
  });
});
