#!/usr/bin/env node
/**
 * "Data": a demo MCP server answering read-only SQL over real public datasets (vega-datasets:
 * airports, Seattle weather, gapminder, stocks, cars, US population, CO2) held in an embedded
 * SQLite, with recipes (canonical tool names) that end in autoui widgets. The SQL never writes;
 * the one tool that changes what the server keeps is `save_query`, which stores named queries in
 * memory for the MCP session (the demo's write tool, the one the element asks approval for).
 *
 *   node demo/servers/data-server.mjs [--port 3101]      (or PORT=3101)
 *
 * `start({port})` → `{url, close()}` is what tests and the demo launcher use.
 */
import {fileURLToPath} from 'node:url';
import {McpServer} from '@modelcontextprotocol/server';
import {z} from 'zod';
import {QueryError, ROW_CAP, openDatabase} from './data/sql-database.mjs';
import {runIfMain, startMcpHttpHost} from './lib/mcp-http-host.mjs';
import {RecipeBook} from './lib/recipe-book.mjs';
import {registerRecipeTools} from './lib/recipe-tools.mjs';

/** Default port when run alone. */
export const DEFAULT_PORT = 3101;

const INSTRUCTIONS =
  'Public datasets in SQLite, queried with read-only SQL: US airports with coordinates, Seattle daily weather 2012-2015, ' +
  'gapminder (countries 1955-2005), monthly stock prices 2000-2010, cars 1970-1982, US population by age, CO2 at Mauna Loa. ' +
  'Find a recipe first (search_recipes), read it (get_recipe), then query with query_sql. ' +
  'save_query keeps a named query on this server for this session (in memory) and list_saved_queries lists them; ' +
  'save_query changes what the server keeps, so the user may be asked to approve it.';

/** Visitors whose saved queries a stateless (2026-07-28) server keeps. */
const VISITORS = 500;

/** Saved queries kept at most per session, so a public demo cannot grow without bound. */
export const SAVED_QUERY_CAP = 50;

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const json = (value) => ({content: [{type: 'text', text: JSON.stringify(value)}], structuredContent: value});
const failure = (message) => ({content: [{type: 'text', text: message}], isError: true});

/**
 * Builds one MCP server instance (one per session) over the shared database.
 * @param {import('./data/sql-database.mjs').SqlDatabase} db
 * @param {RecipeBook} book
 * @param {Map<string, SavedQuery>} [saved] this session's saved queries: each MCP session has
 *   its own, so what one visitor saves never reaches another visitor's model
 */
export function createDataServer(db, book, saved = new Map()) {
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

  server.registerTool(
    'save_query',
    {
      title: 'Save a query',
      description:
        'Save a named SQL query on this server so it can be listed (list_saved_queries) and run again later. ' +
        'This changes what the server keeps: a query of the same name is replaced. The SQL is run once to check it; a failing query is not saved.',
      inputSchema: {
        name: z.string().min(1).max(60).describe('a short name, e.g. "Seattle rain 2015"'),
        sql: z.string().max(2000).describe('one SELECT statement, SQLite dialect'),
        description: z.string().max(300).optional().describe('what the query answers, in one sentence'),
      },
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false},
    },
    async ({name, sql, description}) => {
      let result;
      try {
        result = db.query(sql);
      } catch (error) {
        if (error instanceof QueryError) return failure(error.message);
        throw error;
      }
      saveQuery(saved, {name, sql, description, rowCount: result.rowCount, savedAt: new Date().toISOString()});
      return json({saved: name, rowCount: result.rowCount, total: saved.size});
    },
  );

  server.registerTool(
    'list_saved_queries',
    {
      title: 'List saved queries',
      description: 'List the queries saved with save_query (name, sql, description, rowCount, savedAt), newest first.',
      inputSchema: {},
      annotations: READ_ONLY,
    },
    async () => json({queries: [...saved.values()].reverse()}),
  );

  registerRecipeTools(server, book, {search: 'search_recipes', list: 'list_recipes', get: 'get_recipe'});
  return server;
}

/**
 * @typedef {{name: string, sql: string, description?: string, rowCount: number, savedAt: string}} SavedQuery
 */

/** Stores `entry` as the newest (a Map keeps insertion order), then drops the oldest beyond the cap. */
function saveQuery(saved, entry) {
  saved.delete(entry.name);
  saved.set(entry.name, entry);
  for (const oldest of saved.keys()) {
    if (saved.size <= SAVED_QUERY_CAP) break;
    saved.delete(oldest);
  }
}

/**
 * Starts the Data server.
 * @param {{port?: number, host?: string}} [options] port 0 (default) picks a free one
 * @returns {Promise<{name: string, url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  const db = await openDatabase();
  const book = new RecipeBook(fileURLToPath(new URL('./recipes/data/', import.meta.url)));
  // Each 2025 session gets its own saved queries (createDataServer's default); stateless
  // 2026-07-28 requests share their visitor's (at most VISITORS kept, the oldest forgotten).
  const byVisitor = new Map();
  const savedOf = (visitor) => {
    const saved = byVisitor.get(visitor) ?? new Map();
    byVisitor.delete(visitor);
    byVisitor.set(visitor, saved);
    for (const oldest of byVisitor.keys()) if (byVisitor.size > VISITORS) byVisitor.delete(oldest);
    return saved;
  };
  const host = await startMcpHttpHost({port: options.port ?? 0, host: options.host, createServer: ({visitor} = {}) => createDataServer(db, book, visitor === undefined ? undefined : savedOf(visitor))});
  return {name: 'Data', url: host.url, close: host.close};
}

await runIfMain(import.meta.url, start, DEFAULT_PORT);
