#!/usr/bin/env node
/**
 * "Data": a demo MCP server answering read-only SQL over real public datasets (vega-datasets:
 * airports, Seattle weather, gapminder, stocks, cars, US population, CO2) held in an embedded
 * SQLite, with recipes (canonical tool names) that end in autoui widgets.
 *
 *   node demo/servers/data-server.mjs [--port 3101]      (or PORT=3101)
 *
 * `start({port})` → `{url, close()}` is what tests and the demo launcher use.
 */
import {fileURLToPath} from 'node:url';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {QueryError, ROW_CAP, openDatabase} from './data/sql-database.mjs';
import {runIfMain, startMcpHttpHost} from './lib/mcp-http-host.mjs';
import {RecipeBook} from './lib/recipe-book.mjs';
import {registerRecipeTools} from './lib/recipe-tools.mjs';

/** Default port when run alone. */
export const DEFAULT_PORT = 3101;

const INSTRUCTIONS =
  'Public datasets in SQLite (read-only): US airports with coordinates, Seattle daily weather 2012-2015, ' +
  'gapminder (countries 1955-2005), monthly stock prices 2000-2010, cars 1970-1982, US population by age, CO2 at Mauna Loa. ' +
  'Find a recipe first (search_recipes), read it (get_recipe), then query with query_sql.';

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const json = (value) => ({content: [{type: 'text', text: JSON.stringify(value)}], structuredContent: value});
const failure = (message) => ({content: [{type: 'text', text: message}], isError: true});

/** Builds one MCP server instance (one per session) over the shared database. */
export function createDataServer(db, book) {
  const server = new McpServer({name: 'Data', version: '1.0.0'}, {instructions: INSTRUCTIONS, capabilities: {logging: {}}});

  server.registerTool(
    'list_tables',
    {title: 'List tables', description: 'List the tables of the database with their row counts.', inputSchema: {}, annotations: READ_ONLY},
    async () => json({tables: db.tables()}),
  );

  server.registerTool(
    'describe_table',
    {
      title: 'Describe a table',
      description: 'Columns (name, SQL type, meaning), source and three sample rows of one table.',
      inputSchema: {table: z.string().describe('table name, from list_tables')},
      annotations: READ_ONLY,
    },
    async ({table}) => {
      const described = db.describe(table);
      return described ? json(described) : failure(`Unknown table "${table}". Tables: ${db.tables().map((t) => t.name).join(', ')}.`);
    },
  );

  server.registerTool(
    'query_sql',
    {
      title: 'Run a SQL query',
      description: `Run one read-only SQLite SELECT (or WITH ... SELECT) and get {columns, rows, rowCount, truncated}. At most ${ROW_CAP} rows are returned: aggregate or add LIMIT for large tables.`,
      inputSchema: {sql: z.string().describe('one SELECT statement, SQLite dialect')},
      annotations: READ_ONLY,
    },
    async ({sql}) => {
      try {
        const result = db.query(sql);
        const note = result.truncated ? `Only the first ${ROW_CAP} rows are returned; aggregate, filter or add LIMIT to see the rest.` : undefined;
        return json(note ? {...result, note} : result);
      } catch (error) {
        if (error instanceof QueryError) return failure(error.message);
        throw error;
      }
    },
  );

  registerRecipeTools(server, book, {search: 'search_recipes', list: 'list_recipes', get: 'get_recipe'});
  return server;
}

/**
 * Starts the Data server.
 * @param {{port?: number, host?: string}} [options] port 0 (default) picks a free one
 * @returns {Promise<{name: string, url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  const db = await openDatabase();
  const book = new RecipeBook(fileURLToPath(new URL('./recipes/data/', import.meta.url)));
  const host = await startMcpHttpHost({port: options.port ?? 0, host: options.host, createServer: () => createDataServer(db, book)});
  return {name: 'Data', url: host.url, close: host.close};
}

await runIfMain(import.meta.url, start, DEFAULT_PORT);
