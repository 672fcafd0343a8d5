/**
 * The public datasets of the Data demo server: files of the `vega-datasets` npm package, each
 * turned into rows of one SQLite table with documented columns. Dates become ISO strings so SQL
 * can sort and group them (`substr(date, 1, 7)` is a month).
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';

const require = createRequire(import.meta.url);
// The package exports only its JS entry (build/index.js); its data/ folder sits beside build/.
const DATA_DIR = join(dirname(require.resolve('vega-datasets')), '..', 'data');

/** Parses CSV with quoted fields (some airport names contain commas). */
export function parseCsv(text) {
  const rows = [];
  let field = '';
  let row = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

const csv = (file) => parseCsv(readFileSync(join(DATA_DIR, file), 'utf8'));
const json = (file) => JSON.parse(readFileSync(join(DATA_DIR, file), 'utf8'));
const num = (v) => (v === '' || v === null || v === undefined ? null : Number(v));
const MONTHS = {Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12'};
/** "Jan 1 2000" → "2000-01-01". */
const isoFromUs = (s) => {
  const [m, d, y] = s.split(' ');
  return `${y}-${MONTHS[m]}-${d.padStart(2, '0')}`;
};

/**
 * @typedef {{name: string, type: 'INTEGER'|'REAL'|'TEXT', description: string}} Column
 * @typedef {{name: string, description: string, source: string, columns: Column[], rows: () => Array<Record<string, unknown>>}} Dataset
 */

/** @type {Dataset[]} */
export const DATASETS = [
  {
    name: 'airports',
    description: 'US airports with their location (3,376 rows).',
    source: 'vega-datasets airports.csv (FAA)',
    columns: [
      {name: 'iata', type: 'TEXT', description: 'airport code, e.g. SEA'},
      {name: 'name', type: 'TEXT', description: 'airport name'},
      {name: 'city', type: 'TEXT', description: 'city served'},
      {name: 'state', type: 'TEXT', description: 'two-letter US state code, e.g. WA'},
      {name: 'country', type: 'TEXT', description: 'country (USA)'},
      {name: 'latitude', type: 'REAL', description: 'degrees north'},
      {name: 'longitude', type: 'REAL', description: 'degrees east (negative in the US)'},
    ],
    rows: () => csv('airports.csv').map((r) => ({...r, latitude: num(r.latitude), longitude: num(r.longitude)})),
  },
  {
    name: 'seattle_weather',
    description: 'Daily weather in Seattle, 2012-2015 (1,461 rows).',
    source: 'vega-datasets seattle-weather.csv (NOAA)',
    columns: [
      {name: 'date', type: 'TEXT', description: 'day, YYYY-MM-DD'},
      {name: 'precipitation', type: 'REAL', description: 'mm of rain that day'},
      {name: 'temp_max', type: 'REAL', description: 'maximum temperature, °C'},
      {name: 'temp_min', type: 'REAL', description: 'minimum temperature, °C'},
      {name: 'wind', type: 'REAL', description: 'mean wind speed, m/s'},
      {name: 'weather', type: 'TEXT', description: 'drizzle, rain, sun, snow or fog'},
    ],
    rows: () => csv('seattle-weather.csv').map((r) => ({...r, precipitation: num(r.precipitation), temp_max: num(r.temp_max), temp_min: num(r.temp_min), wind: num(r.wind)})),
  },
  {
    name: 'gapminder',
    description: 'Population, life expectancy and fertility of 62 countries every 5 years, 1955-2005 (682 rows).',
    source: 'vega-datasets gapminder.json (Gapminder Foundation)',
    columns: [
      {name: 'year', type: 'INTEGER', description: '1955, 1960, ..., 2005'},
      {name: 'country', type: 'TEXT', description: 'country name in English, e.g. France'},
      {name: 'cluster', type: 'INTEGER', description: 'world-region group 0-5'},
      {name: 'pop', type: 'INTEGER', description: 'population'},
      {name: 'life_expect', type: 'REAL', description: 'life expectancy at birth, years'},
      {name: 'fertility', type: 'REAL', description: 'children per woman'},
    ],
    rows: () => json('gapminder.json'),
  },
  {
    name: 'stocks',
    description: 'Monthly closing prices of AAPL, AMZN, GOOG, IBM and MSFT, 2000-2010 (560 rows).',
    source: 'vega-datasets stocks.csv',
    columns: [
      {name: 'symbol', type: 'TEXT', description: 'AAPL, AMZN, GOOG, IBM or MSFT'},
      {name: 'date', type: 'TEXT', description: 'first day of the month, YYYY-MM-DD'},
      {name: 'price', type: 'REAL', description: 'closing price, USD'},
    ],
    rows: () => csv('stocks.csv').map((r) => ({symbol: r.symbol, date: isoFromUs(r.date), price: num(r.price)})),
  },
  {
    name: 'cars',
    description: 'Cars of 1970-1982 with engine and consumption figures (406 rows).',
    source: 'vega-datasets cars.json (StatLib)',
    columns: [
      {name: 'name', type: 'TEXT', description: 'model name'},
      {name: 'miles_per_gallon', type: 'REAL', description: 'fuel economy (may be null)'},
      {name: 'cylinders', type: 'INTEGER', description: 'number of cylinders'},
      {name: 'displacement', type: 'REAL', description: 'cubic inches'},
      {name: 'horsepower', type: 'REAL', description: 'hp (may be null)'},
      {name: 'weight_lbs', type: 'REAL', description: 'weight in pounds'},
      {name: 'acceleration', type: 'REAL', description: 'seconds from 0 to 60 mph'},
      {name: 'year', type: 'INTEGER', description: 'model year, e.g. 1975'},
      {name: 'origin', type: 'TEXT', description: 'USA, Europe or Japan'},
    ],
    rows: () =>
      json('cars.json').map((c) => ({
        name: c.Name,
        miles_per_gallon: c.Miles_per_Gallon,
        cylinders: c.Cylinders,
        displacement: c.Displacement,
        horsepower: c.Horsepower,
        weight_lbs: c.Weight_in_lbs,
        acceleration: c.Acceleration,
        year: Number(String(c.Year).slice(0, 4)),
        origin: c.Origin,
      })),
  },
  {
    name: 'us_population',
    description: 'US population by age group and sex, census years 1850-2000 (570 rows).',
    source: 'vega-datasets population.json (IPUMS)',
    columns: [
      {name: 'year', type: 'INTEGER', description: 'census year'},
      {name: 'age', type: 'INTEGER', description: 'start of the 5-year age group (0, 5, ..., 90)'},
      {name: 'sex', type: 'TEXT', description: 'male or female'},
      {name: 'people', type: 'INTEGER', description: 'number of people'},
    ],
    rows: () => json('population.json').map((r) => ({year: r.year, age: r.age, sex: r.sex === 1 ? 'male' : 'female', people: r.people})),
  },
  {
    name: 'co2',
    description: 'Monthly atmospheric CO2 at Mauna Loa, 1958-2020 (ppm).',
    source: 'vega-datasets co2-concentration.csv (NOAA)',
    columns: [
      {name: 'date', type: 'TEXT', description: 'month, YYYY-MM-DD'},
      {name: 'co2', type: 'REAL', description: 'measured CO2, ppm'},
      {name: 'adjusted_co2', type: 'REAL', description: 'seasonally adjusted CO2, ppm'},
    ],
    rows: () => csv('co2-concentration.csv').map((r) => ({date: r.Date, co2: num(r.CO2), adjusted_co2: num(r['adjusted CO2'])})),
  },
];
