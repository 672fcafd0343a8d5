/**
 * The texts of the debug console's trace waterfall, in the console's two languages, and how it
 * writes a time ("120 ms", "1.25 s"). Part of the console's lazy chunk. Span names and attribute
 * values are data: they are never written through here.
 */
import {textTable} from '../../policy/text-table.js';
import type {SpanCategory} from './waterfall-rows.js';

const en = {
  trace: 'Last question’s trace',
  empty:
    'Traces appear here when telemetry is on: set the element’s telemetry attribute to an OTLP/HTTP traces URL (or give it a tracerProvider), then ask a question.',
  /** A row's accessible name: "chat claude-sonnet-4-5, 120 ms, starts at 30 ms". */
  row: (name: string, duration: string, start: string, failed: boolean) => `${name}, ${duration}, starts at ${start}${failed ? ', failed' : ''}`,
  categories: {agent: 'Agent', chat: 'Model turn', tool: 'Tool call', mcp: 'MCP request', wait: 'Waiting for a person', other: 'Other'} satisfies Record<SpanCategory, string>,
  failed: 'Failed',
  legend: 'Colours',
  details: 'Span details',
  detailsHint: 'Focus or point at a span to see its details.',
  start: 'Starts at',
  duration: 'Duration',
  kind: 'Kind',
  status: 'Status',
  noAttributes: 'No attributes.',
};

/** The waterfall's texts by language. */
export const WATERFALL_STRINGS = textTable(en, {
  trace: 'Trace de la dernière question',
  empty:
    'Les traces apparaissent ici quand la télémétrie est active\u00a0: donnez à l’attribut telemetry de l’élément l’URL OTLP/HTTP de vos traces (ou une propriété tracerProvider), puis posez une question.',
  row: (name: string, duration: string, start: string, failed: boolean) => `${name}, ${duration}, commence à ${start}${failed ? ', en échec' : ''}`,
  categories: {agent: 'Agent', chat: 'Tour du modèle', tool: 'Appel d’outil', mcp: 'Requête MCP', wait: 'Attente d’une personne', other: 'Autre'},
  failed: 'En échec',
  legend: 'Couleurs',
  details: 'Détails du span',
  detailsHint: 'Placez le focus ou le pointeur sur un span pour voir ses détails.',
  start: 'Commence à',
  duration: 'Durée',
  kind: 'Type',
  status: 'Statut',
  noAttributes: 'Aucun attribut.',
});

/**
 * A time in the language's number format: milliseconds under a second (one decimal under 10 ms,
 * where a fast span would otherwise read "0 ms"), seconds from one second on. French puts a
 * non-breaking space before the unit.
 */
export function durationText(ms: number, language: 'fr' | 'en'): string {
  const space = language === 'fr' ? '\u00a0' : ' ';
  const number = (value: number, digits: number) => new Intl.NumberFormat(language, {maximumFractionDigits: digits}).format(value);
  if (ms < 10) return `${number(ms, 1)}${space}ms`;
  if (ms < 1000) return `${number(Math.round(ms), 0)}${space}ms`;
  return `${number(ms / 1000, ms < 10_000 ? 2 : 1)}${space}s`;
}
