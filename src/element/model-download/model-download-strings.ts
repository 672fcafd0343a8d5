/**
 * The words of the card that asks before a model is downloaded to run in the browser (part of the
 * card's lazy chunk), in the element's two languages: the browser's own model, or a local GGUF model.
 */
import {textTable, type TextsOf} from '../../policy/text-table.js';

/** The card's texts by language. */
export const MODEL_DOWNLOAD_STRINGS = textTable(
  {
    title: "Use this browser's own model?",
    body: 'This browser can answer with a model it runs itself: no key, and nothing you ask leaves this device. It must first download the model, once.',
    localTitle: 'Download a model to answer here?',
    localBody: (name: string, size: string, host: string) =>
      `${name}${size ? ` (${size})` : ''}, from ${host}, can answer in this browser: no key, and nothing you ask leaves this device. It is downloaded once and kept in this browser for your next visits.`,
    download: 'Download',
    notNow: 'Not now',
    cancel: 'Cancel',
    downloading: 'Downloading the model',
    progress: (loaded: string, total: string, left: string) => `${loaded} of ${total}${left ? `, about ${left} left` : ''}`,
  },
  {
    title: 'Utiliser le modèle de ce navigateur\u00a0?',
    body: 'Ce navigateur peut répondre avec un modèle qu’il fait tourner lui-même\u00a0: sans clé, et rien de ce que vous demandez ne quitte cet appareil. Il doit d’abord télécharger le modèle, une fois.',
    localTitle: 'Télécharger un modèle pour répondre ici\u00a0?',
    localBody: (name: string, size: string, host: string) =>
      `${name}${size ? ` (${size})` : ''}, de ${host}, peut répondre dans ce navigateur\u00a0: sans clé, et rien de ce que vous demandez ne quitte cet appareil. Il est téléchargé une fois et gardé dans ce navigateur pour vos prochaines visites.`,
    download: 'Télécharger',
    notNow: 'Pas maintenant',
    cancel: 'Annuler',
    downloading: 'Téléchargement du modèle',
    progress: (loaded: string, total: string, left: string) => `${loaded} sur ${total}${left ? `, encore ${left} environ` : ''}`,
  },
);

/** The card's texts of one language. */
export type ModelDownloadStrings = TextsOf<typeof MODEL_DOWNLOAD_STRINGS>;
