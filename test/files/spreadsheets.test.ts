import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {codeOf, deflateRaw, fileOf, spreadsheet, zipOf} from './fixtures.js';

describe('local files: XLSX and ODS', () => {
  const engine = createLocalFiles();
  after(() => engine.dispose());

  it('reads each sheet of an XLSX into its own table, with types and values', async () => {
    const bytes = spreadsheet(
      {
        Sales: [
          ['Region', 'Amount', 'Day', 'Paid'],
          ['North', 1200.5, new Date(Date.UTC(2024, 2, 15)), true],
          ['South', 950, new Date(Date.UTC(2024, 2, 16)), false],
        ],
        'Team list': [['Name'], ['Ada'], ['=HYPERLINK("http://x")']],
      },
      'xlsx',
    );
    const attached = await engine.attach(fileOf('Q1 report.xlsx', [bytes]));
    expect(attached.tables.map((t) => [t.name, t.sheet, t.rows])).to.deep.equal([
      ['q1_report_sales', 'Sales', 2],
      ['q1_report_team_list', 'Team list', 2],
    ]);
    expect(attached.tables[0]!.columns).to.deep.equal([
      {name: 'region', type: 'text'},
      {name: 'amount', type: 'real'},
      {name: 'day', type: 'date'},
      {name: 'paid', type: 'boolean'},
    ]);
    expect((await engine.query('SELECT region, amount, day, paid FROM q1_report_sales ORDER BY region')).rows).to.deep.equal([
      ['North', 1200.5, '2024-03-15', 1],
      ['South', 950, '2024-03-16', 0],
    ]);
    expect((await engine.query('SELECT name FROM q1_report_team_list')).rows).to.deep.equal([['Ada'], ['=HYPERLINK("http://x")']]);
  });

  it('reads an ODS', async () => {
    const bytes = spreadsheet({Cities: [['City', 'Population'], ['Lyon', 522250], ['Nice', 342669]]}, 'ods');
    await engine.attach(fileOf('cities.ods', [bytes]));
    expect((await engine.query('SELECT city, population FROM cities_cities ORDER BY population DESC')).rows).to.deep.equal([
      ['Lyon', 522250],
      ['Nice', 342669],
    ]);
  });

  it('refuses a truncated XLSX as unreadable', async () => {
    const bytes = spreadsheet({S: [['a'], [1]]}, 'xlsx');
    const error = await codeOf(engine.attach(fileOf('cut.xlsx', [bytes.slice(0, Math.floor(bytes.length / 2))])));
    expect(error.code).to.equal('FILE_UNREADABLE');
    expect(error.message).to.contain('cut short');
  });

  it('refuses an XLSX that is not a zip at all', async () => {
    const error = await codeOf(engine.attach(fileOf('text.xlsx', ['a,b\n1,2\n'])));
    expect(error.code).to.equal('FILE_UNREADABLE');
  });

  it('refuses a zip bomb (200 MB of zeros in a small file) before inflating it', async () => {
    const size = 200 * 1024 * 1024;
    const deflated = await deflateRaw(new Uint8Array(size));
    const error = await codeOf(engine.attach(fileOf('bomb.xlsx', [zipOf('xl/worksheets/sheet1.xml', deflated, size)])));
    expect(error.code).to.equal('FILE_UNREADABLE');
    expect(error.message).to.contain('zip bomb');
    // The engine still reads the files it had.
    expect((await engine.query('SELECT count(*) FROM cities_cities')).rows).to.deep.equal([[2]]);
  });
});
