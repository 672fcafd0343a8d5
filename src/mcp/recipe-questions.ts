/**
 * The short texts a server's recipe list may carry for people, not for the model: its title, and
 * questions a visitor could ask to use the recipe (the element offers them as starter questions).
 * They are untrusted server text shown in the page: each is cleaned (control characters and the
 * invisible ones that reorder or hide text removed, runs of spaces made one) and bounded, and
 * anything that is not a short string is left out.
 */

/** The longest title or question kept, in UTF-16 units. A longer one is left out, not cut: a cut question would be asked cut. */
export const MAX_RECIPE_TEXT = 200;
/** At most this many languages per recipe. */
const MAX_LANGUAGES = 20;
/** The key of the question a server gave without a language: its default (BCP 47's "undetermined"). */
export const DEFAULT_QUESTION_KEY = 'und';

/** Bidirectional overrides and isolates, zero-width and other invisible characters: they can make text read otherwise than it is. */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
/** Control characters and line or paragraph separators (tabs and line breaks included): a title or question is one line. */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** `value` as one clean line of at most {@link MAX_RECIPE_TEXT} characters, or undefined (not a string, empty, too long). */
export function recipeText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // No-break spaces stay: French puts one before `?`.
  const text = value.replace(BREAKS, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  return text && text.length <= MAX_RECIPE_TEXT ? text : undefined;
}

/** A language tag in its canonical form (`fr-ca` → `fr-CA`), or undefined when it is not one. */
function languageTag(key: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(key)[0];
  } catch {
    return undefined;
  }
}

/**
 * The questions of one recipe entry, by language tag: from `questions` (an object of language →
 * question; a lone string is the server's default) and `question` (a string in no stated
 * language: the server's default, under {@link DEFAULT_QUESTION_KEY}; an object counts as
 * `questions`). Undefined when there is none.
 */
export function recipeQuestions(entry: Record<string, unknown>): Record<string, string> | undefined {
  const questions: Record<string, string> = {};
  let count = 0;
  const add = (key: string, value: unknown) => {
    const tag = key === DEFAULT_QUESTION_KEY ? key : languageTag(key);
    const text = recipeText(value);
    if (!tag || !text || Object.hasOwn(questions, tag) || count >= MAX_LANGUAGES) return;
    questions[tag] = text;
    count++;
  };
  for (const source of [entry.questions, entry.question]) {
    if (typeof source === 'string') add(DEFAULT_QUESTION_KEY, source);
    else if (source && typeof source === 'object' && !Array.isArray(source)) for (const [key, value] of Object.entries(source)) add(key, value);
  }
  return count ? questions : undefined;
}
