import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {fileOf, utf16, windows1252} from './fixtures.js';

describe('local files: CSV, TSV, JSON and JSON Lines', () => {
  const engine = createLocalFiles();
  after(() => engine.dispose());
  const rows = async (sql: string) => (await engine.query(sql)).rows;

  it('reads a Windows-1252 CSV with decimal commas: é intact, 3,5 a real 3.5', async () => {
    const file = fileOf('café prices.csv', [windows1252('name;price\r\ncaf\xE9;3,5\r\nth\xE9;2,75\r\n')]);
    const attached = await engine.attach(file);
    expect(attached.tables.map((t) => t.name)).to.deep.equal(['café_prices']);
    expect(attached.tables[0]!.columns).to.deep.equal([{name: 'name', type: 'text'}, {name: 'price', type: 'real'}]);
    expect(await rows('SELECT name, price, typeof(price) FROM "café_prices" ORDER BY name')).to.deep.equal([['café', 3.5, 'real'], ['thé', 2.75, 'real']]);
  });

  it('detects header or none, and types: integers, thousands, booleans, dd/mm dates, empty cells as NULL', async () => {
    await engine.attach(fileOf('people.csv', ['Full name,Age,Member,Joined,Unit price\nAda,36,yes,31/12/2023,"1,234.50"\nBob,,no,01/02/2024,7\n']));
    expect(await rows('SELECT full_name, age, member, joined, unit_price FROM people ORDER BY full_name')).to.deep.equal([
      ['Ada', 36, 1, '2023-12-31', 1234.5],
      ['Bob', null, 0, '2024-02-01', 7],
    ]);
    const noHeader = await engine.attach(fileOf('pairs.csv', ['Ada,36\nBob,41\n']));
    expect(noHeader.tables[0]!.columns).to.deep.equal([{name: 'column_1', type: 'text'}, {name: 'column_2', type: 'integer'}]);
    expect(noHeader.rows).to.equal(2);
  });

  it('reads mm/dd/yyyy only when the column proves it, and ISO datetimes', async () => {
    await engine.attach(fileOf('us.csv', ['when,at\n12/31/2023,2024-05-01 10:30\n01/02/2024,2024-05-02T08:00:05\n']));
    expect(await rows('SELECT "when", at FROM us')).to.deep.equal([
      ['2023-12-31', '2024-05-01T10:30:00'],
      ['2024-01-02', '2024-05-02T08:00:05'],
    ]);
  });

  it('keeps a value that does not fit the detected type as its text, in that row', async () => {
    const lines = ['id,amount', ...Array.from({length: 1200}, (_, i) => `${i},${i * 2}`), '1200,n/a'];
    const attached = await engine.attach(fileOf('late.csv', [lines.join('\n')]));
    expect(attached.tables[0]!.columns[1]).to.deep.equal({name: 'amount', type: 'integer'});
    expect(await rows('SELECT amount, typeof(amount) FROM late WHERE id >= 1199 ORDER BY id')).to.deep.equal([[2398, 'integer'], ['n/a', 'text']]);
  });

  it('loses no row and no cell around its batched inserts: a row wider than the table after the sample, odd row counts', async () => {
    // 1,000 rows decide the types, then rows are written many at a time: 1,130 + 1 + 70 rows
    // cross batch edges, and the wider row (a third cell) comes while a batch is half full.
    const lines = ['n,label'];
    for (let i = 1; i <= 1130; i++) lines.push(`${i},row ${i}`);
    lines.push('1131,row 1131,extra cell');
    for (let i = 1132; i <= 1201; i++) lines.push(`${i},row ${i}`);
    const attached = await engine.attach(fileOf('batches.csv', [lines.join('\n') + '\n']));
    expect([attached.rows, attached.columns]).to.deep.equal([1201, 3]);
    const answer = await engine.query('SELECT count(*), sum(n), count(DISTINCT label), max(column_3) FROM batches');
    expect(answer.rows).to.deep.equal([[1201, (1201 * 1202) / 2, 1201, 'extra cell']]);
    expect((await engine.query('SELECT label FROM batches WHERE n IN (1, 1000, 1064, 1131, 1201) ORDER BY n')).rows.flat()).to.deep.equal(['row 1', 'row 1000', 'row 1064', 'row 1131', 'row 1201']);
  });

  it('reads UTF-8 with a BOM and UTF-16 LE and BE with theirs', async () => {
    await engine.attach(fileOf('bom.csv', [new Uint8Array([0xef, 0xbb, 0xbf]), 'ville,n\nMontréal,1\n']));
    expect(await rows('SELECT ville, n FROM bom')).to.deep.equal([['Montréal', 1]]);
    await engine.attach(fileOf('le.tsv', [utf16('ville\tn\nZürich\t2\n', true)]));
    await engine.attach(fileOf('be.csv', [utf16('ville,n\nŁódź,3\n', false)]));
    expect(await rows('SELECT ville, n FROM le UNION ALL SELECT ville, n FROM be')).to.deep.equal([['Zürich', 2], ['Łódź', 3]]);
  });

  it('flattens JSON Lines by path, keeps arrays as JSON text, skips blank lines', async () => {
    const text = '{"id":1,"address":{"city":"Paris","zip":"75001"},"tags":["a","b"]}\n\n{"id":2,"address":{"city":"Lyon"},"active":true}\n';
    const attached = await engine.attach(fileOf('events.jsonl', [text]));
    expect(attached.tables[0]!.columns.map((c) => c.name)).to.deep.equal(['id', 'address_city', 'address_zip', 'tags', 'active']);
    expect(await rows('SELECT id, address_city, address_zip, tags, active FROM events ORDER BY id')).to.deep.equal([
      [1, 'Paris', '75001', '["a","b"]', null],
      [2, 'Lyon', null, null, 1],
    ]);
  });

  it('reads a JSON array, or the one array of records an object holds', async () => {
    await engine.attach(fileOf('list.json', ['[{"a":1.5},{"a":2}]']));
    await engine.attach(fileOf('wrapped.json', ['{"meta":{"n":2},"data":[{"b":"x"},{"b":"y"}]}']));
    expect(await rows('SELECT a FROM list')).to.deep.equal([[1.5], [2]]);
    expect(await rows('SELECT b FROM wrapped')).to.deep.equal([['x'], ['y']]);
  });

  it('names the broken line of a JSON Lines file', async () => {
    const error = await engine.attach(fileOf('broken.jsonl', ['{"a":1}\n{"a":2}\n{"a":\n'])).catch((e) => e);
    expect(error.code).to.equal('FILE_UNREADABLE');
    expect(error.message).to.contain('Line 3');
    expect(engine.files.map((f) => f.name)).not.to.include('broken.jsonl');
  });

  it('replaces the tables of a file attached again under the same name', async () => {
    await engine.attach(fileOf('again.csv', ['x\n1\n']));
    await engine.attach(fileOf('again.csv', ['x\n2\n3\n']));
    expect(await rows('SELECT x FROM again')).to.deep.equal([[2], [3]]);
    expect(engine.files.filter((f) => f.name === 'again.csv')).to.have.length(1);
  });
});
