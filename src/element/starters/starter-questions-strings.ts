/**
 * The texts of the starter questions (part of their lazy chunk): the label of the list the
 * element shows before the first question.
 */
const en = {
  label: 'Try asking',
};

/** The starter questions' texts of one language. */
export type StarterQuestionsStrings = Record<keyof typeof en, string>;

const fr: StarterQuestionsStrings = {
  label: 'Essayez par exemple',
};

/** The starter questions' texts by language. */
export const STARTER_QUESTIONS_STRINGS: {en: StarterQuestionsStrings; fr: StarterQuestionsStrings} = {en, fr};
