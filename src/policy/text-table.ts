/**
 * One way to write the texts autoui-agent writes itself, in the two languages of
 * `language.ts`: a table made from the English texts, whose French texts must have exactly
 * the same keys, at every level, with the same shapes (a string, or a function that writes one
 * from values such as a count or a name). A key missing in French, one French has that English
 * lacks (a typo of a key), or a function that takes other values, fails to compile: a table that
 * drifted would show English in a French page, or nothing. DOM-free.
 */
import type {UiLanguage} from './language.js';

/** The texts of every language, each with the same keys: index it with `environment.language`. */
export type TextTable<T> = Readonly<Record<UiLanguage, T>>;

/** The texts of one language of `Table` (what a view that writes them takes). */
export type TextsOf<Table extends TextTable<unknown>> = Table['en'];

/**
 * `F`, with every key that `T` lacks, at any level of groups, typed `never`: so an extra key is an
 * error even when the French texts are not an object literal (where TypeScript checks no extra key).
 */
type SameKeys<T, F> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? {[K in keyof F]: K extends keyof T ? SameKeys<T[K], F[K]> : never}
    : T;

/**
 * The table of `en` and `fr`. The texts' shape is read from `en` (or given as `T`, an interface
 * whose members say what each text is for); `fr` must have exactly its keys.
 */
export function textTable<T extends object, F extends T = T>(en: T, fr: F & NoInfer<SameKeys<T, F>>): TextTable<T> {
  return {en, fr};
}
