/**
 * What the canvas says of the session's questions, by language: what will appear on an empty
 * canvas, the step a run is on, and a failed run in a plain sentence. The sentence is chosen by the
 * failure's stable code, for the model's and the servers' failures; the others (a usage limit, a
 * part that did not load) are told by their message, which already says what to do.
 */
import type {RunStatus} from '../session/run-status.js';
import {textTable} from '../policy/text-table.js';

/** A run's step, as the session's status holds it. */
type RunStep = Extract<RunStatus, {state: 'working'}>['step'];

/** The texts of one language. */
export interface CanvasStatusTexts {
  /** An empty canvas: what will appear there. */
  empty: string;
  thinking: string;
  searching: string;
  calling(server: string): string;
  /** `what`: one of `widgets`, or `widget` for a type it does not name. */
  drawing(what: string): string;
  widgets: Readonly<Record<string, string>>;
  widget: string;
  /** A card waits for the person (an approval, a sign-in, a server's question). */
  asking: string;
  retry: string;
  /** A failed run, by code; `key` and `http` are `PROVIDER_HTTP` with and without a refused key, `MCP` every `MCP_*` code. */
  failures: Readonly<Record<string, string>>;
}

/** The texts, in English and French. */
export const canvasStatusTexts = textTable<CanvasStatusTexts>(
  {
    empty: 'Charts, tables and maps answering your questions appear here.',
    thinking: 'Thinking…',
    searching: 'Searching the tools…',
    calling: (server) => `Calling ${server}…`,
    drawing: (what) => `Drawing ${what}…`,
    widgets: {chart: 'a chart', table: 'a table', map: 'a map', timeline: 'a timeline'},
    widget: 'a widget',
    asking: 'Waiting for your answer…',
    retry: 'Try again',
    failures: {
      key: 'The model refused the key.',
      http: 'The model answered with an error.',
      PROVIDER_NETWORK: 'The model could not be reached.',
      PROVIDER_STREAM: "The model's answer broke off.",
      MCP: 'A data server could not be used.',
    },
  },
  {
    empty: 'Les graphiques, tableaux et cartes qui répondent à vos questions apparaissent ici.',
    thinking: 'Réflexion…',
    searching: 'Recherche des outils…',
    calling: (server) => `Appel à ${server}…`,
    drawing: (what) => `Dessin d'${what}…`,
    widgets: {chart: 'un graphique', table: 'un tableau', map: 'une carte', timeline: 'une frise'},
    widget: 'un widget',
    asking: 'En attente de votre réponse…',
    retry: 'Réessayer',
    failures: {
      key: 'Le modèle a refusé la clé.',
      http: 'Le modèle a répondu par une erreur.',
      PROVIDER_NETWORK: 'Le modèle est injoignable.',
      PROVIDER_STREAM: "La réponse du modèle s'est interrompue.",
      MCP: "Un serveur de données n'a pas pu être utilisé.",
    },
  },
);

/** The words for a run's step (a card waiting for the person says so instead). */
export function stepText(t: CanvasStatusTexts, step: RunStep, asking: boolean): string {
  if (asking) return t.asking;
  switch (step.kind) {
    case 'thinking':
      return t.thinking;
    case 'searching':
      return t.searching;
    case 'calling':
      return t.calling(step.server);
    case 'drawing':
      // The type is the model's word: only the types named here are shown.
      return t.drawing((step.widget !== undefined && Object.hasOwn(t.widgets, step.widget) && t.widgets[step.widget]) || t.widget);
  }
}

/**
 * A failed run in a plain sentence: by its code, else its message. `PROVIDER_HTTP` messages name
 * the status first (`Anthropic answered HTTP 401 …`, see providers/http/http-error.ts): 401 and
 * 403 are a refused key.
 */
export function failureText(t: CanvasStatusTexts, code: string, message: string): string {
  if (code === 'PROVIDER_HTTP') return /^[^:]*\bHTTP 40[13]\b/.test(message) ? t.failures.key : t.failures.http;
  if (code.startsWith('MCP_')) return t.failures.MCP;
  return (Object.hasOwn(t.failures, code) && t.failures[code]) || message;
}
