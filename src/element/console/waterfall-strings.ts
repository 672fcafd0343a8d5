/**
 * The texts of the debug console's trace waterfall, in the console's two languages, and how it
 * writes a time ("120 ms", "1.25 s"). Part of the waterfall's lazy chunk (the title and the empty
 * state are in trace-empty-strings.ts, with the console). Span names and attribute
 * values are data: they are never written through here.
 */
import {textTable} from '../../policy/text-table.js';
import type {SpanCategory} from './waterfall-rows.js';

const en = {
  /** A row's accessible name: "chat claude-sonnet-4-5, 120 ms, starts at 30 ms". */
  row: (name: string, duration: string, start: string, failed: boolean) => `${name}, ${duration}, starts at ${start}${failed ? ', failed' : ''}`,
  categories: {agent: 'Agent', chat: 'Model turn', tool: 'Tool call', mcp: 'MCP request', wait: 'Waiting', other: 'Other'} satisfies Record<SpanCategory, string>,
  failed: 'Failed',
  legend: 'Colours',
  details: 'Span details',
  start: 'Starts at',
  duration: 'Duration',
  kind: 'Kind',
  status: 'Status',
  noAttributes: 'No attributes.',
};

/** The waterfall's texts by language. */
export const WATERFALL_STRINGS = textTable(en, {
  row: (name: string, duration: string, start: string, failed: boolean) => `${name}, ${duration}, commence à ${start}${failed ? ', en échec' : ''}`,
  categories: {agent: 'Agent', chat: 'Tour du modèle', tool: 'Appel d’outil', mcp: 'Requête MCP', wait: 'Attente', other: 'Autre'},
  failed: 'En échec',
  legend: 'Couleurs',
  details: 'Détails du span',
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
