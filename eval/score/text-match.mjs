/** Comparing names shown on a canvas with names in the data, forgiving case, accents and punctuation. */

/** Lower case, without accents or punctuation: "Côte d'Ivoire" → "cote d ivoire". */
export const fold = (s) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** True when a label shows `expected`: the same words, or `expected` among its words ("Tokyo (Japan)"). */
export function labelShows(label, expected) {
  const l = fold(label);
  const e = fold(expected);
  if (!e) return !l;
  return l === e || ` ${l} `.includes(` ${e} `);
}
