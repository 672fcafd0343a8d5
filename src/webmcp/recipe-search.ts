/**
 * Ranks recipes for `search_recipes(query)`: by the words of the query found in a recipe's name,
 * keywords, description and `when`, and body, ignoring case and accents, in French and English
 * ("carte" finds the map, "graphique" the chart: recipes carry bilingual keywords).
 */
import type {ParsedRecipe} from './recipe.js';

/** Lower case, accents removed, every run of other characters made one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words that say nothing about what to show, in both languages.
const STOP_WORDS = new Set(
  ('a an and as at be by for from how i in is it me my of on or show the to use what with want display ' +
    'au aux avec ce ces dans de des du en est et je la le les leur mais me mon ou par pour sur un une affiche afficher montre montrer voir veux').split(' '),
);

/** The meaningful words of a text. */
export function queryWords(text: string): string[] {
  return [...new Set(normalizeText(text).split(' ').filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

/** Strips a plural `s`/`x` so "cartes" matches "carte" and "charts" "chart". */
const stem = (w: string) => (w.length > 3 && /[sx]$/.test(w) ? w.slice(0, -1) : w);

/** Whether `word` of a query matches `candidate` of a recipe: same stem, or a prefix of 4+ letters. */
function matches(word: string, candidate: string): boolean {
  const a = stem(word);
  const b = stem(candidate);
  return a === b || (a.length >= 4 && b.startsWith(a)) || (b.length >= 4 && a.startsWith(b));
}

const WEIGHTS = {name: 6, keywords: 4, description: 3, body: 1} as const;

/** A recipe with its search score. */
export interface RecipeHit {
  recipe: ParsedRecipe;
  score: number;
}

/** Recipes matching `query`, best first (ties keep the given order). An empty query matches nothing. */
export function searchRecipes(recipes: readonly ParsedRecipe[], query: string, limit = 8): RecipeHit[] {
  const words = queryWords(query);
  if (!words.length) return [];
  const hits = recipes.map((recipe, index) => {
    const fields = {
      name: normalizeText(`${recipe.name} ${recipe.widget ?? ''}`.replace(/-/g, ' ')).split(' '),
      keywords: normalizeText(recipe.keywords.join(' ')).split(' '),
      description: normalizeText(`${recipe.description} ${recipe.when}`).split(' '),
      body: normalizeText(recipe.body).split(' '),
    };
    let score = 0;
    for (const word of words) {
      // A word counts once per field, so a long body cannot outrank a precise name.
      for (const field of Object.keys(WEIGHTS) as Array<keyof typeof WEIGHTS>) {
        if (fields[field].some((candidate) => matches(word, candidate))) score += WEIGHTS[field];
      }
    }
    // A keyword phrase said in full ("tableau de bord") outweighs its single words.
    const said = ` ${normalizeText(query)} `;
    for (const phrase of recipe.keywords) {
      const k = normalizeText(phrase);
      if (k.includes(' ') && said.includes(` ${k} `)) score += 10;
    }
    return {recipe, score, index};
  });
  return hits
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({recipe, score}) => ({recipe, score}));
}
