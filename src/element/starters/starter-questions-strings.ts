/**
 * The texts of the starter questions (part of their lazy chunk): the label of the list the
 * element shows before the first question.
 */
import {textTable} from '../../policy/text-table.js';

const en = {
  label: 'Try asking',
};

/** The starter questions' texts by language. */
export const STARTER_QUESTIONS_STRINGS = textTable(en, {
  label: 'Essayez par exemple',
});
