/**
 * The one language rule of autoui-agent, used by the element, the session, the prompt, the
 * canvas and every widget. A language tag (the element's `lang`, else the page's `<html lang>`)
 * gives two things:
 *
 * - `language`, the language of the system prompt and of the texts autoui-agent writes itself
 *   (buttons, notices, widget labels): `fr` for a tag starting with `fr`, `en` for `en`, and for
 *   anything else (no tag, `de`, `ar`) English, the default: these texts exist only in French and
 *   English, and a visitor whose language they are not in expects English sooner than French;
 * - `locale`, what `Intl` formats numbers and dates in: the tag itself when it is a valid BCP 47
 *   tag (`de` gives German numbers, `fr-CA` Canadian French ones), else `language`.
 *
 * So `lang="de"` gives an English prompt and English texts with German numbers and dates, the same
 * everywhere; the prompt still tells the model to answer in the user's language. DOM-free.
 */

/** The languages the prompt and the element's own texts are written in. */
export type UiLanguage = 'fr' | 'en';

/** The language when the tag says neither French nor English (a page in a language these texts are not in). */
export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** What a language tag gives (see the module comment). */
export interface ResolvedLanguage {
  language: UiLanguage;
  locale: string;
}

/** The language of the prompt and texts for a tag: `fr…` French, `en…` English, anything else {@link DEFAULT_LANGUAGE}. */
export function uiLanguage(tag: string | null | undefined): UiLanguage {
  const lower = (tag ?? '').trim().toLowerCase();
  if (lower.startsWith('fr')) return 'fr';
  return lower.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

/** Resolves the first non-empty tag of `tags` (the element's, then the page's). */
export function resolveLanguage(...tags: Array<string | null | undefined>): ResolvedLanguage {
  const tag = tags.map((t) => t?.trim()).find((t) => !!t);
  const language = uiLanguage(tag);
  return {language, locale: (tag && canonicalLocale(tag)) || language};
}

/** The texts of `language` out of a French and an English set. */
export function pickTexts<T>(language: UiLanguage, texts: {fr: T; en: T}): T {
  return texts[language];
}

function canonicalLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    // Not a BCP 47 tag (`lang="english"`): numbers follow the texts' language instead.
    return undefined;
  }
}
