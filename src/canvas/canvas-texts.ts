/** What the canvas writes itself, by language: its controls' labels, the keyboard hint, a draft's name, the files a widget was made from. */
export const canvasTexts = {
  en: {close: 'Close', move: 'Move', hint: 'Arrow keys move, Shift+arrows resize', draft: (type: string) => `${type}, being written`, from: (files: string) => `From ${files}`},
  fr: {close: 'Fermer', move: 'Déplacer', hint: 'Flèches : déplacer, Maj+flèches : redimensionner', draft: (type: string) => `${type}, en cours d'écriture`, from: (files: string) => `Source\u00a0: ${files}`},
};
