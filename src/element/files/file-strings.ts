/**
 * The texts of the element's attached files (part of their lazy chunk): the chips above the
 * composer, the drop target, and how a size, rows and columns are written in each language.
 */
import {textTable} from '../../policy/text-table.js';

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
