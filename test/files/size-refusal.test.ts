/**
 * The refusal of a file over the size limit reads right for any limit: "38 kB" over "30 kB",
 * never "0 MB" over "0 MB"; exact bytes when both would read the same; in the element's language.
 */
import {expect} from '@open-wc/testing';
import {createLocalFiles} from '../../src/files/local-files.js';
import {AutouiError} from '../../src/errors.js';
import {mountAgent} from '../element/harness.js';
import {codeOf, fileOf} from './fixtures.js';

const csvOf = (name: string, bytes: number) => fileOf(name, [`a\n${'1\n'.repeat(Math.floor((bytes - 2) / 2))}`]);

describe('local files: the size refusal', () => {
  it('says the sizes in the unit that fits them, from bytes to megabytes', async () => {
    const cases: Array<[number, number, string]> = [
      [10, 24, '"big.csv" is 24 B; this page takes files up to 10 B. Nothing was read.'],
      [30_000, 38_000, '"big.csv" is 38 kB; this page takes files up to 30 kB. Nothing was read.'],
      [1_500_000, 2_000_000, '"big.csv" is 2 MB; this page takes files up to 1.5 MB. Nothing was read.'],
      [30_000, 30_002, '"big.csv" is 30,002 bytes; this page takes files up to 30,000 bytes. Nothing was read.'],
    ];
    for (const [maxBytes, size, message] of cases) {
      const engine = createLocalFiles({maxBytes});
      const file = csvOf('big.csv', size);
      expect(file.size).to.equal(size);
      const error = await codeOf(engine.attach(file));
      expect(error.code).to.equal('FILE_REFUSED');
      expect(error.message).to.equal(message);
    }
  });

  it('the element says it in its language, French included', async () => {
    const refusal = async (lang: string) => {
      const agent = await mountAgent(undefined, {attributes: {lang, 'files-max-bytes': 30_000}});
      const error = await agent.attach(csvOf('gros.csv', 38_000)).catch((e: unknown) => e);
      expect(AutouiError.isInstance(error) && error.code).to.equal('FILE_REFUSED');
      // Intl puts a (narrow) no-break space before a unit: compared as plain spaces.
      return (error as Error).message.replace(/[\u00a0\u202f]/g, ' ');
    };
    expect(await refusal('en')).to.equal('"gros.csv" is 38 kB; this page takes files up to 30 kB. Nothing was read.');
    expect(await refusal('fr')).to.equal('« gros.csv » fait 38 ko ; cette page prend des fichiers jusqu\u2019à 30 ko. Rien n\u2019a été lu.');
  });
});
