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
});
