import {expect} from '@open-wc/testing';
import {createLocalFiles, CRASH_WORKER} from '../../src/files/local-files.js';
import {codeOf, fileOf} from './fixtures.js';

const CSV = 'city,country,population,visited\nParis,FR,2102650,2024-05-01\nLyon,FR,522250,\nBerlin,DE,3755251,2023-07-14\nRome,IT,2748109,\nMadrid,ES,3332035,2022-10-02\nNice,FR,342669,\n';

describe('local files: queries and describe', () => {
  const engine = createLocalFiles({queryTimeoutMs: 1500});
  before(() => engine.attach(fileOf('cities.csv', [CSV])));
  after(() => engine.dispose());

  it('describes a table: types, nulls, distinct, min, max and 5 sample rows', async () => {
    const [summary] = await engine.describe();
    expect(summary!.table).to.equal('cities');
    expect(summary!.file).to.equal('cities.csv');
    expect(summary!.rows).to.equal(6);
    expect(summary!.columns).to.deep.equal([
      {name: 'city', type: 'text', nulls: 0, distinct: 6, min: 'Berlin', max: 'Rome'},
      {name: 'country', type: 'text', nulls: 0, distinct: 4, min: 'DE', max: 'IT'},
      {name: 'population', type: 'integer', nulls: 0, distinct: 6, min: 342669, max: 3755251},
      {name: 'visited', type: 'date', nulls: 3, distinct: 3, min: '2022-10-02', max: '2024-05-01'},
    ]);
    expect(summary!.sample).to.have.length(5);
    expect(summary!.sample[0]).to.deep.equal({city: 'Paris', country: 'FR', population: 2102650, visited: '2024-05-01'});
  });

  it('refuses an unknown table in describe', async () => {
    expect((await codeOf(engine.describe(['nope']))).code).to.equal('TOOL_FAILED');
  });

  it('returns at most maxRows rows, says it truncated, and names the file read', async () => {
    const answer = await engine.query('SELECT city FROM cities ORDER BY population DESC', {maxRows: 2});
    expect(answer).to.deep.equal({columns: ['city'], rows: [['Berlin'], ['Madrid']], truncated: true, files: ['cities.csv']});
    expect((await engine.query('SELECT country, count(*) FROM cities GROUP BY country ORDER BY 2 DESC, 1', {maxRows: 10})).truncated).to.equal(false);
    expect((await engine.query('VALUES (1)')).files).to.deep.equal([]);
  });

  for (const sql of [
    'UPDATE cities SET population = 0',
    'DROP TABLE cities',
    'WITH x AS (SELECT 1) DELETE FROM cities',
    'SELECT 1; DROP TABLE cities',
    'PRAGMA query_only=OFF',
    'ATTACH DATABASE ":memory:" AS other',
  ]) {
    it(`refuses ${sql} and loses nothing`, async () => {
      const error = await codeOf(engine.query(sql));
      expect(error.code).to.equal('TOOL_FAILED');
      expect((await engine.query('SELECT count(*), sum(population) FROM cities')).rows).to.deep.equal([[6, 12802964]]);
    });
  }

  it('stops a runaway query with TOOL_TIMEOUT, then answers the next one over the same file', async () => {
    const error = await codeOf(engine.query('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000000) SELECT count(*) FROM n'));
    expect(error.code).to.equal('TOOL_TIMEOUT');
    expect(error.message).to.contain('ran longer than 1.5 s and was stopped');
    expect((await engine.query('SELECT count(*) FROM cities')).rows).to.deep.equal([[6]]);
    expect(engine.files.map((f) => f.name)).to.deep.equal(['cities.csv']);
  });

  it('recovers from a Worker crash: the pending call fails, the next one works with the files read again', async () => {
    // The crash is asked first: the query waits behind it in the Worker, and is pending when it dies.
    engine[CRASH_WORKER]();
    const error = await codeOf(engine.query('SELECT count(*) FROM cities'));
    expect(error.code).to.equal('TOOL_FAILED');
    expect(error.message).to.contain('stopped');
    expect((await engine.query('SELECT city FROM cities WHERE country = \'DE\'')).rows).to.deep.equal([['Berlin']]);
  });

  it('removes a file and its tables', async () => {
    await engine.attach(fileOf('extra.csv', ['a\n1\n']));
    expect(await engine.remove('extra.csv')).to.equal(true);
    expect(await engine.remove('extra.csv')).to.equal(false);
    expect((await codeOf(engine.query('SELECT * FROM extra'))).code).to.equal('TOOL_FAILED');
  });
});
