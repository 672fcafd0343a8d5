/**
 * Which starter questions a view offers before the first question (DOM-free): the page's
 * own, when it gave any (`suggestions`, in the page's language, even none), else questions drawn
 * from the recipes of the connected servers.
 *
 * From the recipes: servers in order, taken in turns (one question of each server, then a second
 * of each, ...) so that one server with many recipes does not fill the list alone, and within a
 * server in the order it lists them. A recipe's question is the one in the page's language: its
 * exact tag (`fr-CA`), else its primary language (`fr`), else the same language of another region
 * (`fr-BE`); else the one in the element's own language (`policy/language.ts`: English on a page
 * in a language the element has no texts for), so the questions match the buttons around them;
 * else the one the server gave in no stated language (its default). Only when no recipe of any
 * server has a question that way are the recipes' titles offered instead, as the servers wrote
 * them, and only on a page in the element's own language: a title states no language, and on a
 * German page the element speaks English while a title could be in either, or in a third.
 */
import type {McpLayer, ToolLayer} from '../agent/types.js';
import {uiLanguage} from '../policy/language.js';

/** At most this many starter questions are offered. */
export const MAX_STARTER_QUESTIONS = 4;

/** One starter question, with where it came from (the `autoui-suggestion` event tells it). */
export interface StarterQuestion {
  question: string;
  /** `page`: the page's `suggestions` or slotted ones; `recipe`: a server's recipe. */
  source: 'page' | 'recipe';
  /** The server (its name, the tools' prefix) whose recipe it is. */
  server?: string;
  /** The recipe's name. */
  recipe?: string;
}

/** What the choice is made from. */
export interface StarterChoiceInput {
  /** The page's own questions (`suggestions`); undefined: none given, the recipes' are offered. */
  page?: readonly unknown[];
  /** The session's layers, servers first in their order (only MCP layers' recipes are read). */
  layers: readonly ToolLayer[];
  /** The language tag the element resolved (its `lang`, else the page's: `fr-CA`, `de`): the questions' language, then the element's own of it. */
  locale: string;
}

/** The starter questions to offer, at most {@link MAX_STARTER_QUESTIONS}, no two the same. */
export function chooseStarterQuestions({page, layers, locale}: StarterChoiceInput): StarterQuestion[] {
  if (page) return distinct(page.flatMap((q) => (typeof q === 'string' && q.trim() ? [{question: q.trim(), source: 'page' as const}] : [])));
  const servers = layers.filter((l): l is McpLayer => l.protocol === 'mcp');
  const asked = servers.map((layer) => starters(layer, (recipe) => questionIn(recipe.questions, locale)));
  if (asked.some((list) => list.length)) return distinct(inTurns(asked));
  if (primaryLanguage(locale) !== uiLanguage(locale)) return [];
  return distinct(inTurns(servers.map((layer) => starters(layer, (recipe) => recipe.title))));
}

/** A server's starters, one per recipe that gives one, in its order. */
function starters(layer: McpLayer, pick: (recipe: NonNullable<McpLayer['recipes']>[number]) => string | undefined): StarterQuestion[] {
  return (layer.recipes ?? []).flatMap((recipe) => {
    const question = pick(recipe)?.trim();
    return question ? [{question, source: 'recipe' as const, server: layer.serverName, recipe: recipe.name}] : [];
  });
}

/**
 * The question of `questions` for a page in `locale`: in its language, else in the element's own,
 * else the server's default (see the module comment); undefined when there is none of these.
 */
export function questionIn(questions: Readonly<Record<string, string>> | undefined, locale: string): string | undefined {
  if (!questions) return undefined;
  const byTag = new Map(Object.entries(questions).map(([tag, text]) => [tag.toLowerCase(), text]));
  const exact = locale.toLowerCase();
  const primary = primaryLanguage(exact);
  const sameLanguage = [...byTag.keys()].find((tag) => primaryLanguage(tag) === primary);
  const element = uiLanguage(locale);
  const elementRegional = [...byTag.keys()].find((tag) => primaryLanguage(tag) === element);
  for (const tag of [exact, primary, sameLanguage, element, elementRegional, 'und']) {
    const text = tag === undefined ? undefined : byTag.get(tag);
    if (typeof text === 'string' && text.trim()) return text;
  }
  return undefined;
}

/** The language of a tag without its region or script (`fr-CA` → `fr`), in lower case. */
function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split('-')[0]!;
}

/** The lists' items taken in turns: the first of each list, then the second of each, ... */
function inTurns<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((list) => i < list.length); i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

/** The first {@link MAX_STARTER_QUESTIONS} of `starters` whose question was not offered before (case and spacing aside). */
function distinct(starters: readonly StarterQuestion[]): StarterQuestion[] {
  const seen = new Set<string>();
  const out: StarterQuestion[] = [];
  for (const starter of starters) {
    const key = starter.question.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(starter);
    if (out.length === MAX_STARTER_QUESTIONS) break;
  }
  return out;
}
