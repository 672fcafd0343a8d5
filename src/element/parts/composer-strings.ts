/**
 * The composer's texts, in the two languages of the prompt: the only texts of the element's first
 * render (the others, in `common/strings.ts`, load with the transcript).
 */
import {textTable, type TextsOf} from '../../policy/text-table.js';

const en = {
  placeholder: 'Ask a question…',
  inputLabel: 'Your question',
  send: 'Send',
  stop: 'Stop',
  attach: 'Attach files',
};

/** The composer's texts by language. */
export const COMPOSER_STRINGS = textTable(en, {
  placeholder: 'Posez une question…',
  inputLabel: 'Votre question',
  send: 'Envoyer',
  stop: 'Arrêter',
  attach: 'Joindre des fichiers',
});

/** The composer's texts of one language. */
export type ComposerStrings = TextsOf<typeof COMPOSER_STRINGS>;
