/**
 * Parquet files with the default engine: read by hyparquet in the files Worker (never by DuckDB
 * without `files-engine="duckdb"`), row group by row group, typed from the file's schema; broken
 * ones refused with FILE_UNREADABLE, the tables already attached kept.
 */
import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {codeOf, fileOf} from './fixtures.js';
import {parquetFixture, parquetOf, typedParquet} from './parquet-fixtures.js';

describe('local files: Parquet', () => {
  const engine = createLocalFiles();
  after(() => engine.dispose());
  const rows = async (sql: string) => (await engine.query(sql)).rows;

  it('reads zstd and gzip files of two row groups: every row, columns named and typed from the schema', async () => {
    for (const codec of ['zstd', 'gzip']) {
      const attached = await engine.attach(await parquetFixture(`cities.${codec}.parquet`));
      expect(attached, codec).to.include({kind: 'parquet', rows: 6, columns: 6});
      expect(attached.tables[0]!.name).to.equal(`cities_${codec}`);
      expect(attached.tables[0]!.columns, codec).to.deep.equal([
        {name: 'city', type: 'text'},
        {name: 'country', type: 'text'},
        {name: 'population', type: 'integer'},
        {name: 'rating', type: 'real'},
        {name: 'capital', type: 'boolean'},
        {name: 'visited', type: 'date'},
      ]);
      expect(await rows(`SELECT country, sum(population), max(visited), count(rating) FROM cities_${codec} WHERE country IN ('DE', 'FR') GROUP BY country ORDER BY country`), codec).to.deep.equal([
        ['DE', 3755251, '2023-07-14', 1],
        ['FR', 2967569, '2024-05-01', 3],
      ]);
      expect(await rows(`SELECT city, capital FROM cities_${codec} WHERE city IN ('Nice', 'Rome') ORDER BY city`)).to.deep.equal([['Nice', 0], ['Rome', 1]]);
    }
  });

  it('keeps 64-bit integers exact, timestamps as ISO text, nested values as JSON text (snappy)', async () => {
    const attached = await engine.attach(typedParquet());
    expect(attached.tables[0]!.columns).to.deep.equal([
      {name: 'id', type: 'integer'},
      // A value past 2^53 among the first 1,000 rows: a JavaScript number would round it, so the column is text, exact.
      {name: 'big', type: 'text'},
      {name: 'label', type: 'text'},
      {name: 'score', type: 'real'},
      {name: 'ok', type: 'boolean'},
      {name: 'seen', type: 'date'},
      {name: 'meta', type: 'text'},
    ]);
    expect(await rows('SELECT id, big, label, score, ok, seen, meta FROM typed ORDER BY id')).to.deep.equal([
      [1, '1', 'alpha', 1.5, 1, '2024-03-01T09:30:00', '{"tags":["a","b"]}'],
      [2, '2', null, 2, 0, '2024-03-02T00:00:00.250', null],
      [3, '9007199254740993', 'gamma', null, null, null, '{"n":3}'],
    ]);
  });

  it('reads a file of many row groups without losing a row', async () => {
    const n = 5000;
    const file = parquetOf('many.parquet', [{name: 'n', data: Array.from({length: n}, (_, i) => i + 1), type: 'INT32'}], 700);
    const attached = await engine.attach(file);
    expect(attached.rows).to.equal(n);
    expect(await rows('SELECT count(*), sum(n), min(n), max(n) FROM many')).to.deep.equal([[n, (n * (n + 1)) / 2, 1, n]]);
  });

  it('refuses broken Parquet with FILE_UNREADABLE, saying why, and keeps the tables it had', async () => {
    const whole = new Uint8Array(await (await parquetFixture('cities.zstd.parquet')).arrayBuffer());
    const cases: [File, string][] = [
      [fileOf('cut.parquet', [whole.slice(0, 900)]), 'is cut short'],
      [fileOf('export.parquet', ['city,amount\nLyon,3\n']), 'is not a Parquet file'],
      [fileOf('magic.parquet', [new Uint8Array([0x50, 0x41, 0x52, 0x31, 1, 2, 3, 4, 5, 6, 7, 8, 0x50, 0x41, 0x52, 0x31])]), 'is not a readable Parquet file'],
      [parquetOf('wide.parquet', Array.from({length: 1001}, (_, i) => ({name: `c${i}`, data: [i], type: 'INT32' as const}))), '1,001 columns; at most 1,000 are read'],
    ];
    for (const [file, words] of cases) {
      const error = await codeOf(engine.attach(file));
      expect(error.code, file.name).to.equal('FILE_UNREADABLE');
      expect(error.message, file.name).to.contain(`"${file.name}"`).and.to.contain(words);
    }
    expect(engine.files.map((f) => f.name)).to.include('cities.zstd.parquet').and.not.to.include('cut.parquet');
    expect(await rows('SELECT count(*) FROM cities_zstd')).to.deep.equal([[6]]);
  });
});
