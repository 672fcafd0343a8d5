/**
 * Recipes are short markdown documents that tell the model how to do one thing (which tools to
 * call, in which order, which widget to show with which params). A frontmatter block gives `widget`
 * or `name`, `description`, `when`, `keywords`, then a body shows the calls to make. This
 * module reads them; it is DOM-free so a Worker or Node can use it too.
 */

/** A parsed recipe. */
export interface ParsedRecipe {
  /** The recipe's name: frontmatter `name`, else `widget`. */
  name: string;
  /** The widget it shows, when it is a widget's own recipe. */
  widget?: string;
  description: string;
  /** When to use it, one line. */
  when: string;
  /** Extra search words (bilingual), from a `keywords` line. */
  keywords: string[];
  /** Every frontmatter field as text. */
  fields: Record<string, string>;
  /** The markdown after the frontmatter. */
  body: string;
  /** The full text, as given. */
  text: string;
}

const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Parses one recipe. A recipe without frontmatter gets its name from its first heading. */
export function parseRecipe(text: string): ParsedRecipe {
  const match = FRONTMATTER.exec(text);
  const fields: Record<string, string> = {};
  if (match) {
    for (const line of match[1].split(/\r?\n/)) {
      const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
      if (kv) fields[kv[1]] = unquote(kv[2].trim());
    }
  }
  const body = match ? text.slice(match[0].length) : text;
  const heading = /^#+\s*(.+)$/m.exec(body)?.[1]?.trim();
  const keywords = (fields.keywords ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((k) => unquote(k.trim()))
    .filter(Boolean);
  return {
    name: fields.name || fields.widget || heading || 'recipe',
    ...(fields.widget ? {widget: fields.widget} : {}),
    description: fields.description ?? heading ?? '',
    when: fields.when ?? '',
    keywords,
    fields,
    body,
    text,
  };
}

const unquote = (s: string) => (/^(['"]).*\1$/.test(s) ? s.slice(1, -1) : s);

/** A `widget_display` call found in a recipe's body. */
export interface RecipeExample {
  name: string;
  params: Record<string, unknown>;
}

/**
 * Every `widget_display({...})` example of a recipe, from its ```json fences, in order. A fence
 * may hold the call (`widget_display({"name": ..., "params": ...})`) or just its JSON argument.
 * Fences that do not parse are skipped: a recipe is prose first.
 */
export function recipeExamples(text: string): RecipeExample[] {
  const examples: RecipeExample[] = [];
  for (const fence of text.matchAll(/```json[^\n]*\n([\s\S]*?)```/g)) {
    const code = fence[1].trim();
    const call = /widget_display\s*\(([\s\S]*)\)\s*;?\s*$/.exec(code);
    try {
      const value = JSON.parse(call ? call[1] : code) as unknown;
      if (value && typeof value === 'object' && typeof (value as RecipeExample).name === 'string' && isObject((value as RecipeExample).params)) {
        examples.push(value as RecipeExample);
      }
    } catch {
      // Not an example call; keep reading.
    }
  }
  return examples;
}

/** The first example of a recipe, or undefined. */
export function recipeExample(text: string): RecipeExample | undefined {
  return recipeExamples(text)[0];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
