/**
 * The words of the card that asks before the browser downloads its model (part of the card's lazy
 * chunk), in the element's two languages.
 */
import {textTable, type TextsOf} from '../../policy/text-table.js';

/** The card's texts by language. */
export const MODEL_DOWNLOAD_STRINGS = textTable(
  {
    title: "Use this browser's own model?",
    body: 'This browser can answer with a model it runs itself: no key, and nothing you ask leaves this device. It must first download the model, once.',
    download: 'Download',
    notNow: 'Not now',
    downloading: 'Downloading the model',
  },
  {
    title: 'Utiliser le modèle de ce navigateur\u00a0?',
    body: 'Ce navigateur peut répondre avec un modèle qu’il fait tourner lui-même\u00a0: sans clé, et rien de ce que vous demandez ne quitte cet appareil. Il doit d’abord télécharger le modèle, une fois.',
    download: 'Télécharger',
    notNow: 'Pas maintenant',
    downloading: 'Téléchargement du modèle',
  },
);

/** The card's texts of one language. */
export type ModelDownloadStrings = TextsOf<typeof MODEL_DOWNLOAD_STRINGS>;
