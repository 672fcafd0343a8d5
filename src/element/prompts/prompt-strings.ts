/**
 * The texts of the sign-in and question cards (`prompt-cards.ts`), in the element's two
 * languages. They load with the cards, not with the element: most pages never show one.
 */
import {textTable, type TextsOf} from '../../policy/text-table.js';
import {STRINGS, type Strings} from '../common/strings.js';

const en = {
  // A server's question to the person (MCP elicitation): elicitation-card.ts, elicitation-content.ts.
  elicitFormTitle: 'A question from {server}',
  elicitUrlTitle: '{server} asks you to open a page',
  elicitRequired: '(required)',
  elicitChoose: 'Choose…',
  elicitSubmit: 'Submit',
  elicitDecline: 'Decline',
  elicitCancel: 'Cancel',
  elicitUnsupported: 'This form cannot be shown here: it asks for something this page does not support. You can decline or cancel.',
  elicitUnsupportedField: 'This form cannot be shown here: its field “{field}” is of a kind this page does not support. You can decline or cancel.',
  elicitFix: 'Some answers need a change: {fields}.',
  elicitFormInvalid: 'The form cannot be checked ({detail}).',
  elicitErrRequired: 'This answer is required.',
  elicitErrNumber: 'Enter a number, like 12 or 3.5.',
  elicitErrInteger: 'Enter a whole number, like 12.',
  elicitErrMinimum: 'Enter {n} or more.',
  elicitErrMaximum: 'Enter {n} or less.',
  elicitErrMinLength: 'Enter at least {n} characters.',
  elicitErrMaxLength: 'Enter at most {n} characters.',
  elicitErrEmail: 'Enter an email address, like name@example.org.',
  elicitErrUri: 'Enter a full address, starting with https://.',
  elicitErrDate: 'Enter a date.',
  elicitErrDateTime: 'Enter a date and a time.',
  elicitErrMinItems: 'Choose at least {n}.',
  elicitErrMaxItems: 'Choose at most {n}.',
  elicitErrOption: 'Choose one of the options.',
  elicitErrOther: 'This answer is not accepted ({detail}).',
  elicitOpen: 'Open {host}',
  elicitUrlSite: 'Site:',
  elicitUrlFull: 'Full address:',
  elicitUrlNewTab: 'It opens in a new tab. Come back here when you are done.',
  elicitUrlWaiting: 'Waiting for {server}…',
  elicitDone: 'Done',
  elicitUrlRefused: 'This address cannot be opened: only web addresses (http or https) can.',
  elicitUrlUserinfo: 'This address cannot be opened: it puts “{name}” and an @ before the site’s name, which makes it look like another site. Its real site is {host}.',
  // A question over the limits of mcp/elicitation-limits.ts: elicitation-too-large.ts.
  elicitTooLarge: 'This server asked a question too large to show safely: {what}. You can decline or cancel.',
  elicitOverFields: '{count} fields (the limit is {limit})',
  elicitOverOptions: '{count} choices in “{field}” (the limit is {limit})',
  elicitOverAllOptions: '{count} choices in all (the limit is {limit})',
  elicitOverText: 'a text of {count} characters (the limit is {limit})',
  elicitOverSchema: 'a form of more than {limit} kB',
  /** How the numbers in those sentences are written (a locale for Intl.NumberFormat). */
  elicitNumbers: 'en',
  // Signing in to an MCP server (OAuth): sign-in-card.ts.
  signInTitle: 'Sign in to {server}',
  signInIssuer: 'Sign-in at:',
  signInWindow: 'A window will open at {host} for you to sign in.',
  signInWindowNoIssuer: 'A window will open for you to sign in to this server.',
  signIn: 'Sign in',
  signInLater: 'Not now',
  signInWaiting: 'Waiting for the sign-in window…',
  signInCancel: 'Cancel',
  signInFailed: 'The sign-in did not succeed: {reason}',
  signInFailedNoReason: 'The sign-in did not succeed.',
  signInRetry: 'Try again',
  // What a sign-in or a server's question became, as one line of the conversation: prompt-lines.ts.
  signInLinePending: 'Waiting to sign in to {server}',
  signInLineDone: 'Signed in to {server}',
  signInLineLater: 'Not signed in to {server} (not now)',
  signInLineFailed: 'Sign-in to {server} failed',
  signInLineStopped: 'Sign-in to {server} not finished (stopped)',
  elicitLinePending: 'Waiting for your answer to {server}',
  elicitLineAccepted: 'Answered {server}',
  elicitLineDeclined: 'Declined {server}\u2019s question',
  elicitLineCancelled: 'Did not answer {server} (cancelled)',
};

/** The cards' own texts by language. */
const CARD_STRINGS = textTable(en, {
  elicitFormTitle: 'Une question de {server}',
  elicitUrlTitle: '{server} vous demande d\u2019ouvrir une page',
  elicitRequired: '(obligatoire)',
  elicitChoose: 'Choisir…',
  elicitSubmit: 'Envoyer',
  elicitDecline: 'Refuser',
  elicitCancel: 'Annuler',
  elicitUnsupported: 'Ce formulaire ne peut pas être affiché ici\u00a0: il demande quelque chose que cette page ne prend pas en charge. Vous pouvez refuser ou annuler.',
  elicitUnsupportedField: 'Ce formulaire ne peut pas être affiché ici\u00a0: son champ «\u00a0{field}\u00a0» est d\u2019un type que cette page ne prend pas en charge. Vous pouvez refuser ou annuler.',
  elicitFix: 'Certaines réponses sont à corriger\u00a0: {fields}.',
  elicitFormInvalid: 'Le formulaire ne peut pas être vérifié ({detail}).',
  elicitErrRequired: 'Cette réponse est obligatoire.',
  elicitErrNumber: 'Saisissez un nombre, comme 12 ou 3,5.',
  elicitErrInteger: 'Saisissez un nombre entier, comme 12.',
  elicitErrMinimum: 'Saisissez {n} ou plus.',
  elicitErrMaximum: 'Saisissez {n} ou moins.',
  elicitErrMinLength: 'Saisissez au moins {n}\u00a0caractères.',
  elicitErrMaxLength: 'Saisissez au plus {n}\u00a0caractères.',
  elicitErrEmail: 'Saisissez une adresse e-mail, comme nom@exemple.fr.',
  elicitErrUri: 'Saisissez une adresse complète, commençant par https://.',
  elicitErrDate: 'Saisissez une date.',
  elicitErrDateTime: 'Saisissez une date et une heure.',
  elicitErrMinItems: 'Choisissez-en au moins {n}.',
  elicitErrMaxItems: 'Choisissez-en au plus {n}.',
  elicitErrOption: 'Choisissez une des options.',
  elicitErrOther: 'Cette réponse n\u2019est pas acceptée ({detail}).',
  elicitOpen: 'Ouvrir {host}',
  elicitUrlSite: 'Site\u00a0:',
  elicitUrlFull: 'Adresse complète\u00a0:',
  elicitUrlNewTab: 'Elle s\u2019ouvre dans un nouvel onglet. Revenez ici une fois terminé.',
  elicitUrlWaiting: 'En attente de {server}…',
  elicitDone: 'Terminé',
  elicitUrlRefused: 'Cette adresse ne peut pas être ouverte\u00a0: seules les adresses web (http ou https) le peuvent.',
  elicitUrlUserinfo: 'Cette adresse ne peut pas être ouverte\u00a0: elle place «\u00a0{name}\u00a0» et un @ devant le nom du site, ce qui la fait passer pour un autre site. Son vrai site est {host}.',
  elicitTooLarge: 'Ce serveur a posé une question trop grande pour être affichée sans risque\u00a0: {what}. Vous pouvez refuser ou annuler.',
  elicitOverFields: '{count}\u00a0champs (la limite est de {limit})',
  elicitOverOptions: '{count}\u00a0choix dans «\u00a0{field}\u00a0» (la limite est de {limit})',
  elicitOverAllOptions: '{count}\u00a0choix en tout (la limite est de {limit})',
  elicitOverText: 'un texte de {count}\u00a0caractères (la limite est de {limit})',
  elicitOverSchema: 'un formulaire de plus de {limit}\u00a0ko',
  elicitNumbers: 'fr',
  signInTitle: 'Se connecter à {server}',
  signInIssuer: 'Connexion sur\u00a0:',
  signInWindow: 'Une fenêtre va s\u2019ouvrir sur {host} pour que vous vous connectiez.',
  signInWindowNoIssuer: 'Une fenêtre va s\u2019ouvrir pour que vous vous connectiez à ce serveur.',
  signIn: 'Se connecter',
  signInLater: 'Plus tard',
  signInWaiting: 'En attente de la fenêtre de connexion…',
  signInCancel: 'Annuler',
  signInFailed: 'La connexion n\u2019a pas abouti\u00a0: {reason}',
  signInFailedNoReason: 'La connexion n\u2019a pas abouti.',
  signInRetry: 'Réessayer',
  signInLinePending: 'En attente de connexion à {server}',
  signInLineDone: 'Connecté à {server}',
  signInLineLater: 'Non connecté à {server} (plus tard)',
  signInLineFailed: 'La connexion à {server} a échoué',
  signInLineStopped: 'Connexion à {server} non terminée (arrêté)',
  elicitLinePending: 'En attente de votre réponse à {server}',
  elicitLineAccepted: 'Répondu à {server}',
  elicitLineDeclined: 'Question de {server} refusée',
  elicitLineCancelled: 'Pas de réponse à {server} (annulé)',
});

/** The element's texts with the cards' own. */
export type PromptStrings = Strings & TextsOf<typeof CARD_STRINGS>;

/** The cards' texts in the language of `s` (the element's texts). */
export function promptStringsFor(s: Strings): PromptStrings {
  let merged = made.get(s);
  if (!merged) made.set(s, (merged = {...s, ...(s === STRINGS.fr ? CARD_STRINGS.fr : CARD_STRINGS.en)}));
  return merged;
}

/** One merged object per element texts object: the cards re-render with the same one. */
const made = new WeakMap<Strings, PromptStrings>();
