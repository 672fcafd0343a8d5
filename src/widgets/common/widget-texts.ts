/**
 * The few words widgets write themselves (not data), in the element's language
 * (`environment.language`, see `policy/language.ts`).
 */
import type {UiLanguage} from '../../policy/language.js';
import {textTable, type TextsOf} from '../../policy/text-table.js';

const TEXTS = textTable(
  {up: 'up', down: 'down', stable: 'stable', trend: 'Trend', showImage: 'Show image from', copy: 'Copy', copied: 'Copied', more: 'more', items: 'items', keys: 'keys', empty: 'empty'},
  {up: 'en hausse', down: 'en baisse', stable: 'stable', trend: 'Tendance', showImage: "Afficher l'image de", copy: 'Copier', copied: 'Copié', more: 'de plus', items: 'éléments', keys: 'clés', empty: 'vide'},
);

/** A key of the widget texts. */
export type WidgetTextKey = keyof TextsOf<typeof TEXTS>;

/** The text `key` in `language`. */
export function widgetText(language: UiLanguage, key: WidgetTextKey): string {
  return TEXTS[language][key];
}
