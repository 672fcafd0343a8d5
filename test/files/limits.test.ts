import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {codeOf, fileOf} from './fixtures.js';

describe('local files: what is refused, and how', () => {
  it('refuses a kind the page leaves out and a file over the size limit without starting a Worker', async () => {
    const RealWorker = window.Worker;
    let started = 0;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        started++;
      }
    };
    const engine = createLocalFiles({kinds: ['csv'], maxBytes: 10});
    try {
      const kind = await codeOf(engine.attach(fileOf('data.json', ['[]'])));
      expect(kind.code).to.equal('FILE_REFUSED');
      const size = await codeOf(engine.attach(fileOf('big.csv', ['a,b\n1,2\n3,4\n'])));
      expect(size.code).to.equal('FILE_REFUSED');
      expect(size.message).to.contain('big.csv');
      const off = await codeOf(createLocalFiles({kinds: []}).attach(fileOf('a.csv', ['a\n1'])));
      expect(off.code).to.equal('FILE_REFUSED');
      expect(started).to.equal(0);
      expect(engine.files).to.deep.equal([]);
    } finally {
      window.Worker = RealWorker;
      engine.dispose();
    }
  });

  describe('unreadable files', () => {
    const engine = createLocalFiles();
    after(() => engine.dispose());

    it('refuses a CSV of 10,000 columns, saying so', async () => {
      const header = Array.from({length: 10_000}, (_, i) => `c${i}`).join(',');
      const error = await codeOf(engine.attach(fileOf('wide.csv', [`${header}\n${header}\n`])));
      expect(error.code).to.equal('FILE_UNREADABLE');
      expect(error.message).to.contain('10,000 columns; at most 1,000 are read');
    });

    it('refuses JSON whose keys make more than 1,000 columns', async () => {
      const record = Object.fromEntries(Array.from({length: 10_000}, (_, i) => [`k${i}`, i]));
      const error = await codeOf(engine.attach(fileOf('keys.json', [JSON.stringify([record])])));
      expect(error.code).to.equal('FILE_UNREADABLE');
      expect(error.message).to.contain('at most 1,000 are read');
    });

    it('refuses JSON nested a million deep before parsing it', async () => {
      const error = await codeOf(engine.attach(fileOf('deep.json', ['['.repeat(1_000_000)])));
      expect(error.code).to.equal('FILE_UNREADABLE');
      expect(error.message).to.contain('nested deeper than 32 levels');
    });

    it('refuses a binary file named .csv', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
      const error = await codeOf(engine.attach(fileOf('photo.csv', [png])));
      expect(error.code).to.equal('FILE_UNREADABLE');
      expect(error.message).to.contain('not a text file');
    });

    it('still reads a good file after all of these', async () => {
      await engine.attach(fileOf('ok.csv', ['a\n1\n']));
      expect(engine.files.map((f) => f.name)).to.deep.equal(['ok.csv']);
      expect((await engine.query('SELECT a FROM ok')).rows).to.deep.equal([[1]]);
    });
  });
  it('gives up a file that takes longer than the load limit, keeps the files read before, and reads the next one', async () => {
    // One read gets 2 ms, too short for any: the Worker is ended, a new one reads the kept files again.
    let armed = false;
    const engine = createLocalFiles({
      get loadTimeoutMs() {
        const ms = armed ? 2 : 60_000;
        armed = false;
        return ms;
      },
    });
    try {
      await engine.attach(fileOf('first.csv', ['a\n1\n2\n']));
      armed = true;
      const rows = Array.from({length: 50_000}, (_, i) => `${i},row ${i}`).join('\n');
      const slow = await codeOf(engine.attach(fileOf('slow.csv', [`n,label\n${rows}\n`])));
      expect(slow.code).to.equal('FILE_UNREADABLE');
      expect(slow.message).to.contain('slow.csv').and.to.contain('given up');
      expect(engine.files.map((f) => f.name)).to.deep.equal(['first.csv']);
      expect((await engine.query('SELECT sum(a) FROM first')).rows).to.deep.equal([[3]]);
      await engine.attach(fileOf('next.csv', ['b\n7\n']));
      expect((await engine.query('SELECT b FROM next')).rows).to.deep.equal([[7]]);
    } finally {
      engine.dispose();
    }
  });

  it('stops waiting for a query whose signal is aborted (ABORTED), and the next query answers', async () => {
    const engine = createLocalFiles();
    try {
      await engine.attach(fileOf('t.csv', ['a\n1\n']));
      const controller = new AbortController();
      const runaway = engine.query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 30000000) SELECT count(*) FROM c', {signal: controller.signal});
      controller.abort();
      expect((await codeOf(runaway)).code).to.equal('ABORTED');
      expect((await engine.query('SELECT a FROM t')).rows).to.deep.equal([[1]]);
    } finally {
      engine.dispose();
    }
  });
});
