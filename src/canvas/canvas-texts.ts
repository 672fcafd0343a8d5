/** What the canvas writes itself: its controls' labels, the keyboard hint, a draft's name, the files a widget was made from. */
import {textTable, type TextsOf} from '../policy/text-table.js';

/** The canvas's own texts by language. */
export const canvasTexts = textTable(
  {close: 'Close', move: 'Move', hint: 'Arrow keys move, Shift+arrows resize', draft: (type: string) => `${type}, being written`, from: (files: string) => `From ${files}`},
  {close: 'Fermer', move: 'Déplacer', hint: 'Flèches : déplacer, Maj+flèches : redimensionner', draft: (type: string) => `${type}, en cours d'écriture`, from: (files: string) => `Source\u00a0: ${files}`},
);

/** The canvas's own texts in one language. */
export type CanvasTexts = TextsOf<typeof canvasTexts>;
