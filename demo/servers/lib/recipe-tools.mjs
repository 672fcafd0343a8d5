/**
 * Registers a recipe book's three tools on an McpServer under names the server chooses: the Data
 * server uses the canonical `search_recipes` / `list_recipes` / `get_recipe`, the Atlas server
 * `find_skills` / `browse_skills` / `read_skill`, so the client's resolver is exercised both ways.
 */
import {z} from 'zod';

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const text = (value) => ({content: [{type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value)}]});

/**
 * @param {import('@modelcontextprotocol/server').McpServer} server
 * @param {import('./recipe-book.mjs').RecipeBook} book
 * @param {{search?: string, list: string, get: string, noun?: string}} names tool names; `noun` is how descriptions call a recipe
 */
export function registerRecipeTools(server, book, names) {
  const noun = names.noun ?? 'recipe';
  if (names.search) {
    server.registerTool(
      names.search,
      {
        title: `Search ${noun}s`,
        description: `Search the ${noun}s of this server by keywords. A ${noun} says which tools to call and which widget to show. Start here.`,
        inputSchema: {query: z.string().describe('keywords, e.g. "weather dashboard"')},
        annotations: READ_ONLY,
      },
      async ({query}) => {
        const found = book.search(query);
        return text(found.length ? found : {results: [], note: `No ${noun} matches "${query}". Call ${names.list} to see them all.`});
      },
    );
  }
  server.registerTool(
    names.list,
    {title: `List ${noun}s`, description: `List every ${noun} of this server (name, title, description).`, inputSchema: {}, annotations: READ_ONLY},
    async () => text(book.list()),
  );
  server.registerTool(
    names.get,
    {
      title: `Read a ${noun}`,
      description: `Read one ${noun} in full (markdown): the steps, the tools to call and the widget to display.`,
      inputSchema: {name: z.string().describe(`the ${noun}'s name, from ${names.search ?? names.list}`)},
      annotations: READ_ONLY,
    },
    async ({name}) => {
      const recipe = book.get(name);
      if (!recipe) return {...text(`Unknown ${noun} "${name}". Known: ${book.list().map((r) => r.name).join(', ')}.`), isError: true};
      return text(recipe.text);
    },
  );
}
