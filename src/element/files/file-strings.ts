/**
 * The texts of the element's attached files (part of their lazy chunk): the chips above the
 * composer, the drop target, and how a size, rows and columns are written in each language.
 */
import {textTable} from '../../policy/text-table.js';
import {sizeText} from '../common/size-text.js';

const en = {
  files: 'Attached files',
  remove: 'Remove {name}',
  reading: 'reading…',
  drop: 'Drop the files to attach them: they stay in this browser.',
  off: 'Files are off on this element (files="off").',
  oneRow: '1 row',
  manyRows: '{count} rows',
  oneColumn: '1 column',
  manyColumns: '{count} columns',
  tooBig: '"{name}" is {size}; this page takes files up to {limit}. Nothing was read.',
  bytes: '{count} bytes',
};

/** The files' texts by language. */
export const FILE_STRINGS = textTable(en, {
  files: 'Fichiers joints',
  remove: 'Retirer {name}',
  reading: 'lecture…',
  drop: 'Déposez les fichiers pour les joindre\u00a0: ils restent dans ce navigateur.',
  off: 'Les fichiers sont désactivés sur cet élément (files="off").',
  oneRow: '1 ligne',
  manyRows: '{count} lignes',
  oneColumn: '1 colonne',
  manyColumns: '{count} colonnes',
  tooBig: '«\u00a0{name}\u00a0» fait {size}\u00a0; cette page prend des fichiers jusqu\u2019à {limit}. Rien n\u2019a été lu.',
  bytes: '{count} octets',
});

/**
 * `text` with each `{key}` replaced by its value, in one pass: a file name that holds `{message}`
 * or `$&` stays as it is, never read as a placeholder or a replacement pattern.
 */
export const fill = (text: string, values: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);


/** "2,144,019 rows, 6 columns" in the language's words and number format. */
export function shapeText(rows: number, columns: number, language: 'fr' | 'en'): string {
  const s = FILE_STRINGS[language];
  const count = (n: number, one: string, many: string) => (n === 1 ? one : fill(many, {count: new Intl.NumberFormat(language).format(n)}));
  return `${count(rows, s.oneRow, s.manyRows)}, ${count(columns, s.oneColumn, s.manyColumns)}`;
}

/**
 * Why a file over `files-max-bytes` is refused, in the language's words: "big.csv" is 38 kB; this
 * page takes files up to 30 kB. Sizes that would read the same ("30 kB" over "30 kB") are given
 * in exact bytes.
 */
export function sizeRefusalText(name: string, size: number, limit: number, language: 'fr' | 'en'): string {
  const s = FILE_STRINGS[language];
  let [sizeWords, limitWords] = [sizeText(size, language), sizeText(limit, language)];
  if (sizeWords === limitWords) {
    const exact = (n: number) => fill(s.bytes, {count: new Intl.NumberFormat(language).format(n)});
    [sizeWords, limitWords] = [exact(size), exact(limit)];
  }
  return fill(s.tooBig, {name, size: sizeWords, limit: limitWords});
}
