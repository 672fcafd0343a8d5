import {expect} from '@open-wc/testing';
import {textTable, type TextsOf} from '../../src/policy/text-table.js';

// The checks that matter here are the compiler's: each `@ts-expect-error` below must stay an
// error, or `tsc -p .` (npm test's typecheck) fails on the unused directive.
describe('text tables', () => {
  it('holds the English and French texts as given', () => {
    const table = textTable({close: 'Close', rows: (n: number) => `${n} rows`}, {close: 'Fermer', rows: (n) => `${n} lignes`});
    const fr: TextsOf<typeof table> = table.fr;
    expect(table.en.close).to.equal('Close');
    expect(fr.rows(3)).to.equal('3 lignes');
  });

  it('refuses French texts whose keys differ from the English ones', () => {
    const en = {close: 'Close', kinds: {bar: 'Bar chart'}};
    // @ts-expect-error a key missing in French
    textTable(en, {kinds: {bar: 'Barres'}});
    // @ts-expect-error a key English lacks
    textTable(en, {close: 'Fermer', kinds: {bar: 'Barres'}, clsoe: 'Fermer'});
    // @ts-expect-error a key English lacks, inside a group
    textTable(en, {close: 'Fermer', kinds: {bar: 'Barres', line: 'Courbes'}});
    const fr = {close: 'Fermer', kinds: {bar: 'Barres'}, extra: 'x'};
    // @ts-expect-error a key English lacks, in texts that are not written in place
    textTable(en, fr);
    // @ts-expect-error a text that takes other values
    textTable({rows: (n: number) => `${n} rows`}, {rows: (n: string) => `${n} lignes`});
  });
});
