import {expect} from '@open-wc/testing';
import {createDuckdbFiles} from '../../src/files/duckdb/duckdb-engine.js';
import {CRASH_WORKER} from '../../src/files/files-engine-core.js';
import {createLocalFiles} from '../../src/files/local-files.js';
import {codeOf, fileOf} from './fixtures.js';
import {parquetFixture, typedParquet} from './parquet-fixtures.js';

/** The test server serves the package's own copy of DuckDB's Worker and WebAssembly. */
const BUNDLES = '/node_modules/@duckdb/duckdb-wasm/dist/';

const CSV = 'City,Country,Population,Visited\nParis,FR,2102650,2024-05-01\nLyon,FR,522250,\nBerlin,DE,3755251,2023-07-14\nRome,IT,2748109,\nMadrid,ES,3332035,2022-10-02\nNice,FR,342669,\n';

/** Two JSON records: nested objects, a code that looks like a number, a boolean, dd/mm dates, text to quote. */
const EVENTS = [
  {id: 1, address: {city: 'Paris', zip: '75001'}, tags: ['a', 'b'], day: '31/12/2023', note: 'said "hi", left'},
  {id: 2, address: {city: 'Lyon'}, active: true, day: '02/01/2024', note: 'two\nlines'},
];

describe('local files with DuckDB (files-engine="duckdb")', function () {
  // DuckDB compiles 35 MB of WebAssembly at start: slow on a busy machine, never wrong.
  this.timeout(300_000);
  const engine = createDuckdbFiles({bundles: BUNDLES, queryTimeoutMs: 60_000});
  before(async () => {
    await engine.attach(fileOf('cities.csv', [CSV]));
  });
  after(() => engine.dispose());

  it('reads a CSV into a table, named and typed as the sql.js engine does', async () => {
    const [file] = engine.files;
    expect(file).to.include({name: 'cities.csv', kind: 'csv', rows: 6, columns: 4});
    expect(file!.tables[0]!.columns).to.deep.equal([
      {name: 'city', type: 'text'},
      {name: 'country', type: 'text'},
      {name: 'population', type: 'integer'},
      {name: 'visited', type: 'date'},
    ]);
    const answer = await engine.query('SELECT country, sum(population) AS people, max(visited) AS last FROM cities GROUP BY country ORDER BY people DESC');
    expect(answer.columns).to.deep.equal(['country', 'people', 'last']);
    expect(answer.rows).to.deep.include(['FR', 2967569, '2024-05-01']);
    expect(answer.rows[0]).to.deep.equal(['DE', 3755251, '2023-07-14']);
    expect(answer.files).to.deep.equal(['cities.csv']);
  });

  it('describes a table: types, nulls, distinct, min, max and sample rows', async () => {
    const [summary] = await engine.describe(['cities']);
    expect(summary!.rows).to.equal(6);
    expect(summary!.columns[2]).to.deep.equal({name: 'population', type: 'integer', nulls: 0, distinct: 6, min: 342669, max: 3755251});
    expect(summary!.columns[3]).to.deep.equal({name: 'visited', type: 'date', nulls: 3, distinct: 3, min: '2022-10-02', max: '2024-05-01'});
    expect(summary!.sample[0]).to.deep.equal({city: 'Paris', country: 'FR', population: 2102650, visited: '2024-05-01'});
  });

  it('runs only one SELECT: writing, ATTACH, COPY, INSTALL, LOAD, SET and two statements are refused, the data intact', async () => {
    const refused = [
      'ATTACH \':memory:\' AS other',
      "COPY cities TO '/autoui-files/out.csv'",
      'INSTALL httpfs',
      'LOAD httpfs',
      'SET enable_external_access = true',
      'DROP TABLE cities',
      'WITH x AS (SELECT 1) DELETE FROM cities',
      'SELECT 1; DROP TABLE cities',
      'SELECT 1; SELECT 2',
      // Closing the subquery the engine wraps the SQL in, to run a second statement after it.
      'SELECT 1) AS x; DROP TABLE cities; SELECT * FROM (SELECT 1',
      'PRAGMA version',
    ];
    for (const sql of refused) {
      const error = await codeOf(engine.query(sql));
      expect(error.code, sql).to.equal('TOOL_FAILED');
    }
    expect((await engine.query('SELECT count(*) AS n FROM cities -- a comment\n;')).rows).to.deep.equal([[6]]);
  });

  it('reads nothing from the network nor outside the attached files', async () => {
    for (const sql of [
      "SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')",
      `SELECT * FROM read_csv('${location.origin}/package.json')`,
      "SELECT * FROM read_csv('/autoui-files/1.csv')",
    ]) {
      const error = await codeOf(engine.query(sql));
      expect(error.code, sql).to.equal('TOOL_FAILED');
    }
    const lock = await codeOf(engine.query("SELECT current_setting('enable_external_access') AS on_, current_setting('lock_configuration') AS locked").then((a) => {
      throw Object.assign(new Error('settings'), {code: JSON.stringify(a.rows)});
    }));
    expect(lock.code).to.equal('[[false,true]]');
  });

  it('caps the rows and the cells as the sql.js engine does', async () => {
    const many = await engine.query('SELECT range AS n FROM range(100000)', {maxRows: 10});
    expect(many.rows).to.have.length(10);
    expect(many.truncated).to.equal(true);
    const long = await engine.query("SELECT repeat('x', 50000) AS text");
    expect(String(long.rows[0]![0])).to.match(/^x{2000}… \[48,000 more characters cut\]$/);
  });

  it('names awkward CSV headers as the sql.js engine does, one column\'s new name being another\'s old one', async () => {
    // `a b` becomes `a_b`, the name `A_B` had: `A_B` becomes `a_b_2`; a TIME column is kept as text.
    const awkward = () => fileOf('awkward.csv', ['a b,A_B,Total (€),Seen at\n1,2,4.5,10:30\n5,6,8,11:00\n']);
    const sqljs = createLocalFiles();
    try {
      const fromSqljs = await sqljs.attach(awkward());
      const fromDuckdb = await engine.attach(awkward());
      expect(fromDuckdb.tables).to.deep.equal(fromSqljs.tables);
      expect(fromDuckdb.tables[0]!.columns.map((c) => c.name)).to.deep.equal(['a_b', 'a_b_2', 'total', 'seen_at']);
    } finally {
      sqljs.dispose();
    }
    expect((await engine.query('SELECT a_b, a_b_2, total, seen_at FROM awkward ORDER BY a_b')).rows).to.deep.equal([
      [1, 2, 4.5, '10:30:00'],
      [5, 6, 8, '11:00:00'],
    ]);
    await engine.remove('awkward.csv');
  });

  it('refuses bad files with FILE_UNREADABLE and keeps the tables it had', async () => {
    const bad = [
      fileOf('binary.csv', [new Uint8Array([0xff, 0xfe, 0x00, 0x81, 0x00, 0xc3, 0x28, 0x0a, 0xa0, 0xa1])]),
      fileOf('empty.csv', ['']),
    ];
    for (const file of bad) {
      const error = await codeOf(engine.attach(file));
      expect(error.code, file.name).to.equal('FILE_UNREADABLE');
    }
    expect((await engine.query('SELECT count(*) FROM cities')).rows).to.deep.equal([[6]]);
  });

  it('refuses spreadsheets (DuckDB would need its excel extension) before reading them', async () => {
    for (const file of [fileOf('book.xlsx', ['x']), fileOf('book.ods', ['x'])]) {
      const error = await codeOf(engine.attach(file));
      expect(error.code, file.name).to.equal('FILE_REFUSED');
    }
  });

  it('reads Parquet, JSON and JSON Lines through our readers: the tables, columns and types of the default engine', async () => {
    const files = async () => [
      await parquetFixture('cities.zstd.parquet'),
      typedParquet(),
      fileOf('events.json', [JSON.stringify({data: EVENTS})]),
      fileOf('events.jsonl', [EVENTS.map((e) => JSON.stringify(e)).join('\n\n') + '\n']),
    ];
    const sqljs = createLocalFiles();
    try {
      const fromSqljs = await Promise.all((await files()).map((file) => sqljs.attach(file)));
      const fromDuckdb = await Promise.all((await files()).map((file) => engine.attach(file)));
      expect(fromDuckdb.map((f) => f.tables)).to.deep.equal(fromSqljs.map((f) => f.tables));
    } finally {
      sqljs.dispose();
    }
    const rows = async (sql: string) => (await engine.query(sql)).rows;
    expect(await rows("SELECT country, sum(population), max(visited), count(rating) FROM cities_zstd WHERE country IN ('DE', 'FR') GROUP BY country ORDER BY country")).to.deep.equal([
      ['DE', 3755251, '2023-07-14', 1],
      ['FR', 2967569, '2024-05-01', 3],
    ]);
    expect(await rows('SELECT id, big, label, score, ok, seen, meta FROM typed ORDER BY id')).to.deep.equal([
      [1, '1', 'alpha', 1.5, true, '2024-03-01T09:30:00', '{"tags":["a","b"]}'],
      [2, '2', null, 2, false, '2024-03-02T00:00:00.250', null],
      [3, '9007199254740993', 'gamma', null, null, null, '{"n":3}'],
    ]);
    for (const table of ['events', 'events_2']) {
      expect(await rows(`SELECT id, address_city, address_zip, tags, active, day, note FROM ${table} ORDER BY id`), table).to.deep.equal([
        [1, 'Paris', '75001', '["a","b"]', null, '2023-12-31', 'said "hi", left'],
        [2, 'Lyon', null, null, true, '2024-01-02', 'two\nlines'],
      ]);
    }
  });

  it('refuses broken Parquet, JSON and JSON Lines in the default engine\'s words, and keeps its tables', async () => {
    const whole = new Uint8Array(await (await parquetFixture('cities.zstd.parquet')).arrayBuffer());
    const cases: [File, string][] = [
      [fileOf('cut.parquet', [whole.slice(0, 900)]), 'is cut short'],
      [fileOf('export.parquet', ['city,amount\nLyon,3\n']), 'is not a Parquet file'],
      [fileOf('broken.jsonl', ['{"a":1}\n{"a":\n']), 'Line 2 of "broken.jsonl" is not JSON'],
      [fileOf('broken.json', ['[{"a":1},']), 'is not valid JSON'],
      [fileOf('nothing.json', ['[]']), 'has no rows to read'],
    ];
    for (const [file, words] of cases) {
      const error = await codeOf(engine.attach(file));
      expect(error.code, file.name).to.equal('FILE_UNREADABLE');
      expect(error.message, file.name).to.contain(words);
    }
    const names = engine.files.map((f) => f.name);
    for (const [file] of cases) expect(names).not.to.include(file.name);
    expect((await engine.query('SELECT count(*) FROM cities')).rows).to.deep.equal([[6]]);
  });

  it('stops a query past its time limit and goes on with the files read again', async () => {
    const quick = createDuckdbFiles({bundles: BUNDLES, queryTimeoutMs: 3_000});
    try {
      await quick.attach(fileOf('cities.csv', [CSV]));
      const error = await codeOf(quick.query('SELECT count(*) FROM range(1000000000000) a'));
      expect(error.code).to.equal('TOOL_TIMEOUT');
      expect((await quick.query('SELECT count(*) FROM cities')).rows).to.deep.equal([[6]]);
      quick[CRASH_WORKER]();
      expect((await quick.query('SELECT count(*) FROM cities')).rows).to.deep.equal([[6]]);
    } finally {
      quick.dispose();
    }
  });

  it('says where DuckDB was looked for when its files are not there', async () => {
    const lost = createDuckdbFiles({bundles: '/nowhere/duckdb/', loadTimeoutMs: 60_000});
    try {
      const error = await codeOf(lost.attach(fileOf('a.csv', ['a\n1'])));
      expect(error.code).to.equal('FILE_UNREADABLE');
      expect(error.message).to.match(/files-engine-bundles/);
    } finally {
      lost.dispose();
    }
  });
});
