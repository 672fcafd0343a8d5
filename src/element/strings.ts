/**
 * The element's own texts, in the two languages of the prompt. Server and model text never goes
 * through here: it is data, rendered as text.
 */
const en = {
  placeholder: 'Ask a question…',
  inputLabel: 'Your question',
  send: 'Send',
  stop: 'Stop',
  transcript: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  busy: 'A question is already being answered. Wait for it, or stop it first.',
  aborted: 'Stopped.',
  maxIterations: 'Stopped after the maximum number of steps.',
  maxTokens: 'The answer was cut off (length limit).',
  errorPrefix: 'Something went wrong: ',
  console: 'Agent console',
  servers: 'Servers',
  toolCalls: 'Tool calls',
  tokens: 'Tokens',
  noServers: 'No MCP server configured.',
  connecting: 'connecting',
  ready: 'ready',
  failed: 'failed',
  tools: 'tools',
  run: 'Run',
  input: 'in',
  output: 'out',
  cached: 'cached',
  approvalAsk: 'The agent asks to use:',
  approvalServer: 'Server:',
  approvalArguments: 'Arguments',
  approvalNoArguments: 'No arguments.',
  approvalMoreArguments: '{count} more arguments',
  allowOnce: 'Allow once',
  allowAlways: 'Always allow this tool',
  deny: 'Deny',
  approvalWaiting: 'Waiting for approval',
  approvalAllowed: 'Allowed once',
  approvalAllowedAlways: 'Always allowed',
  approvalDenied: 'Denied',
  approvalStopped: 'Not run (stopped)',
};

/** The texts of one language. */
export type Strings = Record<keyof typeof en, string>;

const fr: Strings = {
  placeholder: 'Posez une question…',
  inputLabel: 'Votre question',
  send: 'Envoyer',
  stop: 'Arrêter',
  transcript: 'Conversation',
  you: 'Vous',
  assistant: 'Assistant',
  busy: 'Une question est déjà en cours. Attendez la réponse, ou arrêtez-la d\'abord.',
  aborted: 'Arrêté.',
  maxIterations: 'Arrêté après le nombre maximal d\'étapes.',
  maxTokens: 'La réponse a été coupée (limite de longueur).',
  // French puts a (non-breaking) space before a colon.
  errorPrefix: 'Un problème est survenu\u00a0: ',
  console: 'Console de l\'agent',
  servers: 'Serveurs',
  toolCalls: 'Appels d\'outils',
  tokens: 'Jetons',
  noServers: 'Aucun serveur MCP configuré.',
  connecting: 'connexion',
  ready: 'prêt',
  failed: 'échec',
  tools: 'outils',
  run: 'Question',
  input: 'entrée',
  output: 'sortie',
  cached: 'en cache',
  approvalAsk: 'L\'agent demande à utiliser\u00a0:',
  approvalServer: 'Serveur\u00a0:',
  approvalArguments: 'Arguments',
  approvalNoArguments: 'Aucun argument.',
  approvalMoreArguments: '{count} autres arguments',
  allowOnce: 'Autoriser une fois',
  allowAlways: 'Toujours autoriser cet outil',
  deny: 'Refuser',
  approvalWaiting: 'En attente d\'autorisation',
  approvalAllowed: 'Autorisé une fois',
  approvalAllowedAlways: 'Toujours autorisé',
  approvalDenied: 'Refusé',
  approvalStopped: 'Non exécuté (arrêté)',
};

/** Texts by language. */
export const STRINGS: {en: Strings; fr: Strings} = {en, fr};

/** Texts for a language tag (`fr`, `en`, `fr-CA`, ...); French when neither. */
export function stringsFor(lang: string): Strings {
  return lang.toLowerCase().startsWith('en') ? STRINGS.en : STRINGS.fr;
}
