/**
 * The transcript's words for a `file` notice (part of the views chunk): a file attached with its
 * rows and columns, a file refused and why, the files a restored snapshot came from that must be
 * attached again. File names are the visitor's text: joined here, rendered as text by the view.
 */
import type {Notice} from '../../session/transcript.js';
import {fill, shapeText} from './file-strings.js';
import type {Strings} from '../common/strings.js';

/** "sales.csv attached: 2,144,019 rows, 6 columns", in the element's language and number format. */
export function fileNoticeText(notice: Notice, s: Strings, language: 'fr' | 'en'): string {
  const file = notice.file;
  const names = (file?.names ?? []).join(', ');
  switch (file?.event) {
    case 'attached':
      return fill(s.fileAttached, {name: names, shape: shapeText(file.rows ?? 0, file.columns ?? 0, language)});
    case 'missing':
      return fill(s.fileMissing, {names});
    default:
      return fill(s.fileRefused, {name: names, message: notice.message ?? ''});
  }
}
