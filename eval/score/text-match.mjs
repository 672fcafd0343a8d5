/**
 * Comparing names shown on a canvas with names in the data, forgiving what a reader forgives:
 * case, accents and punctuation, a name shortened or with more words ("Hong Kong" for "Hong Kong,
 * China", "Tokyo (Japan)"), a translation or another usual name (the runner's aliases: "Japon"
 * for Japan, "CA" or "Californie" for California, "pluie" for rain), a month written out
 * ("janv. 2015" for 2015-01), the range label of a bin ("0-4" for 0).
 */

/** Lower case, without accents or punctuation: "Côte d'Ivoire" → "cote d ivoire". */
export const fold = (s) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Other names of truth values, by folded value: `{"japan": ["japon", "nippon"]}`.
 * @typedef {Record<string, string[]>} Aliases
 */

const MONTHS = [
  ['jan', 'janv', 'janvier', 'january'],
  ['feb', 'fev', 'fevr', 'fevrier', 'february'],
  ['mar', 'mars', 'march'],
  ['apr', 'avr', 'avril', 'april'],
  ['may', 'mai'],
  ['jun', 'juin', 'june'],
  ['jul', 'juil', 'juillet', 'july'],
  ['aug', 'aou', 'aout', 'august'],
  ['sep', 'sept', 'septembre', 'september'],
  ['oct', 'octobre', 'october'],
  ['nov', 'novembre', 'november'],
  ['dec', 'decembre', 'december'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1])));

/** True when `label` writes out the month `expected` (`YYYY-MM`): "Jan", "janv. 2015", "January 2015". */
function sameMonth(label, expected) {
  const [, year, month] = /^(\d{4})-(\d{2})$/.exec(String(expected)) ?? [];
  if (!year) return false;
  const words = fold(label).split(' ');
  const named = words.map((w) => MONTH_OF.get(w)).find((m) => m !== undefined);
  if (named !== Number(month)) return false;
  const years = words.filter((w) => /^\d{4}$/.test(w));
  return years.length === 0 || years.includes(year);
}

/** True when the words of `inner` appear, in a row, among the words of `outer`. */
const hasWords = (outer, inner) => inner !== '' && ` ${outer} `.includes(` ${inner} `);

/**
 * How well `label` shows `expected`: 0 the same name (or an alias), 1 a number label whose first
 * number is the value, or the month written out, 2 a name with more or fewer words; -1 not at all.
 * @param {unknown} label
 * @param {unknown} expected
 * @param {Aliases} [aliases]
 */
export function labelTier(label, expected, aliases = {}) {
  const l = fold(label);
  const e = fold(expected);
  const names = [e, ...(aliases[e] ?? [])];
  if (names.includes(l)) return 0;
  if (typeof expected === 'number' && Number(l.split(' ')[0]) === expected) return 1;
  if (sameMonth(label, expected)) return 1;
  // A shortened name must keep a word of some length: "new" alone is no name.
  if (names.some((n) => hasWords(l, n) || (l.length >= 4 && hasWords(n, l)))) return 2;
  return -1;
}

/** True when `label` shows `expected` at all. */
export const labelShows = (label, expected, aliases) => labelTier(label, expected, aliases) >= 0;

/**
 * Pairs each expected name with one shown label, one to one, the closest matches first.
 * @param {unknown[]} labels shown
 * @param {unknown[]} expected from the truth
 * @param {Aliases} [aliases]
 * @returns {number[]} for each expected name, the index of its label, or -1
 */
export function pairLabels(labels, expected, aliases) {
  const pairs = [];
  expected.forEach((e, i) =>
    labels.forEach((l, j) => {
      const tier = labelTier(l, e, aliases);
      if (tier >= 0) pairs.push({tier, i, j});
    }),
  );
  pairs.sort((a, b) => a.tier - b.tier || a.i - b.i || a.j - b.j);
  const at = expected.map(() => -1);
  const used = new Set();
  for (const {i, j} of pairs) {
    if (at[i] >= 0 || used.has(j)) continue;
    at[i] = j;
    used.add(j);
  }
  return at;
}

/**
 * True when the folded canvas text holds `value` or one of its aliases as whole words.
 * @param {string} text folded words, padded with spaces
 * @param {unknown} value
 * @param {Aliases} [aliases]
 */
export function textShows(text, value, aliases = {}) {
  const e = fold(value);
  return [e, ...(aliases[e] ?? [])].some((n) => n !== '' && text.includes(` ${n} `));
}
