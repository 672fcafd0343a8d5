/**
 * What the files layer gives back stays small whatever the files hold: long text is cut (with a
 * marker saying how much), a query's rows stop at the answer's size, a describe of many wide
 * tables names the last ones without their columns. All through the real engine and its Worker.
 */
import {expect} from '@open-wc/testing';
import {createFilesLayer} from '../../src/files/files-layer.js';
import {createLocalFiles} from '../../src/files/local-files.js';
import {fileOf} from './fixtures.js';

/** The answer's size bound (about 200,000 characters of JSON), with room for the layer's own keys. */
const BOUND = 250_000;

describe('local files: results are bounded in size', () => {
  const engine = createLocalFiles();
  const layer = createFilesLayer(engine);
  const call = async (name: string, args: Record<string, unknown>) => (await layer.execute(name, args, {signal: new AbortController().signal, callId: 'c', reportProgress() {}})).text;
  after(() => engine.dispose());

  it('one 20 MB cell: describe and a query that selects it stay small, and say how much was cut', async () => {
    const huge = 'x'.repeat(20_000_000);
    await engine.attach(fileOf('big.csv', [`id,note\n1,${huge}\n2,short\n`]));
    const described = await call('describe', {tables: ['big']});
    expect(described.length, 'describe of a 20 MB cell').to.be.below(BOUND);
    const [summary] = (JSON.parse(described) as {tables: Array<{columns: Array<{name: string; max?: string}>; sample: {rows: unknown[][]}}>}).tables;
    const note = summary!.columns.find((c) => c.name === 'note')!;
    expect(note.max).to.match(/^x{1,200}… \[19,999,\d{3} more characters cut\]$/);
    expect(String(summary!.sample.rows[0]![1])).to.contain('more characters cut');

    const queried = await call('query', {sql: 'SELECT id, note FROM big ORDER BY id'});
    expect(queried.length, 'a query of a 20 MB cell').to.be.below(BOUND);
    const answer = JSON.parse(queried) as {rows: unknown[][]; truncated: boolean};
    expect(answer.rows).to.have.length(2);
    expect(answer.rows[0]![1]).to.match(/^x{2000}… \[19,998,000 more characters cut\]$/);
    expect(answer.rows[1]).to.deep.equal([2, 'short']);
    expect(answer.truncated).to.equal(false);
    await engine.remove('big.csv');
  });

  it('rows of long cells stop at the answer size: truncated, with a note saying why and what to do', async () => {
    const cell = 'y'.repeat(1_500);
    const rows = Array.from({length: 1000}, (_, i) => `${i},${cell}`).join('\n');
    await engine.attach(fileOf('long.csv', [`id,text\n${rows}\n`]));
    const queried = await call('query', {sql: 'SELECT id, text FROM long', max_rows: 1000});
    expect(queried.length).to.be.below(BOUND);
    const answer = JSON.parse(queried) as {rows: unknown[][]; truncated: boolean; cut?: string};
    expect(answer.truncated).to.equal(true);
    expect(answer.rows.length).to.be.above(50).and.below(1000);
    expect(answer.cut).to.contain(`Only the first ${answer.rows.length} rows fit in one answer`);
    // The rows that came back are whole: only the count was bounded.
    expect(answer.rows[0]).to.deep.equal([0, cell]);
    await engine.remove('long.csv');
  });

  it('a describe of several wide tables describes the first and names the others, with their rows, to ask for one by one', async () => {
    const wide = (seed: string) => {
      const header = Array.from({length: 900}, (_, i) => `c${i}`).join(',');
      const row = Array.from({length: 900}, (_, i) => `${seed}${i}-${'z'.repeat(150)}`).join(',');
      return fileOf(`${seed}.csv`, [`${header}\n${Array(6).fill(row).join('\n')}\n`]);
    };
    for (const seed of ['wa', 'wb', 'wc']) await engine.attach(wide(seed));
    const described = await call('describe', {});
    expect(described.length).to.be.below(2 * BOUND);
    const {tables} = JSON.parse(described) as {tables: Array<{table: string; rows: number; columns: unknown[]; cut?: string}>};
    expect(tables, described.slice(0, 300)).to.be.an("array");
    expect(tables.map((t) => t.table)).to.deep.equal(['wa', 'wb', 'wc']);
    expect(tables[0]!.columns).to.have.length(900);
    expect(tables[0]).to.not.have.property('cut');
    const last = tables.at(-1)!;
    expect(last.rows).to.equal(6);
    expect(last.columns).to.deep.equal([]);
    expect(last.cut).to.contain('Describe this table on its own (tables: ["wc"])');
    // Asked on its own, it is described.
    const alone = JSON.parse(await call('describe', {tables: ['wc']})) as {tables: Array<{columns: unknown[]}>};
    expect(alone.tables[0]!.columns).to.have.length(900);
  });
});
