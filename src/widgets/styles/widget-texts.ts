/**
 * The few words widgets write themselves (not data): in the element's language, French or
 * English, English for anything else.
 */
const TEXTS = {
  en: {up: 'up', down: 'down', stable: 'stable', trend: 'Trend', showImage: 'Show image from', copy: 'Copy', copied: 'Copied', more: 'more', items: 'items', keys: 'keys', empty: 'empty'},
  fr: {up: 'en hausse', down: 'en baisse', stable: 'stable', trend: 'Tendance', showImage: "Afficher l'image de", copy: 'Copier', copied: 'Copié', more: 'de plus', items: 'éléments', keys: 'clés', empty: 'vide'},
} as const;

/** A key of the widget texts. */
export type WidgetTextKey = keyof (typeof TEXTS)['en'];

/** The text `key` in `lang` (`fr-CA` reads French). */
export function widgetText(lang: string, key: WidgetTextKey): string {
  return (lang.toLowerCase().startsWith('fr') ? TEXTS.fr : TEXTS.en)[key];
}
