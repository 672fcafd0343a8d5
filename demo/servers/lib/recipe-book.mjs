/**
 * A demo server's recipes: markdown files with a small frontmatter (`name`, `title`,
 * `description`, `keywords`, and for the recipes that make good starter questions `question` in
 * English and `question_fr` in French) read once from a folder, then listed, searched by words
 * and read whole. What the model reads is the markdown itself; the frontmatter is for listing and
 * search, and the questions are what the element offers a visitor before the first question.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';

/**
 * @typedef {{name: string, title: string, description: string, keywords: string[], questions?: {en?: string, fr?: string}, body: string, text: string}} Recipe
 */

/** Parses `---\nkey: value\n---\nbody`. Values are plain strings; `keywords` is comma-separated. */
export function parseRecipe(text, fallbackName) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const meta = {};
  for (const line of (match?.[1] ?? '').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return {
    name: meta.name ?? fallbackName,
    title: meta.title ?? meta.name ?? fallbackName,
    description: meta.description ?? '',
    keywords: (meta.keywords ?? '').split(',').map((k) => k.trim().toLowerCase()).filter(Boolean),
    ...(meta.question || meta.question_fr ? {questions: {...(meta.question ? {en: meta.question} : {}), ...(meta.question_fr ? {fr: meta.question_fr} : {})}} : {}),
    body: (match?.[2] ?? text).trim(),
    text,
  };
}

/** Lower-case words of 2+ letters, accents removed, so "météo" finds "meteo". */
const words = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/** The recipes of one folder. */
export class RecipeBook {
  /** @param {string} dir folder of `*.md` files */
  constructor(dir) {
    /** @type {Recipe[]} */
    this.recipes = readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => parseRecipe(readFileSync(join(dir, f), 'utf8'), f.replace(/\.md$/, '')));
  }

  /** Name, title and description of every recipe, and its starter questions by language when it has some. */
  list() {
    return this.recipes.map(({name, title, description, questions}) => ({name, title, description, ...(questions ? {questions} : {})}));
  }

  /** Recipes ranked by how many query words they mention (title and keywords count double). */
  search(query) {
    const wanted = words(query ?? '');
    if (!wanted.length) return this.list();
    return this.recipes
      .map((r) => {
        const strong = new Set(words(`${r.name} ${r.title} ${r.keywords.join(' ')}`));
        const weak = new Set(words(`${r.description} ${r.body}`));
        const score = wanted.reduce((s, w) => s + (strong.has(w) ? 2 : 0) + (weak.has(w) ? 1 : 0), 0);
        return {r, score};
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .map(({r: {name, title, description}}) => ({name, title, description}));
  }

  /** The recipe called `name`, or undefined. */
  get(name) {
    return this.recipes.find((r) => r.name === name);
  }
}
