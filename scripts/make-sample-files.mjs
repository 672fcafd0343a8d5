#!/usr/bin/env node
/**
 * Writes the demo's sample file, demo/samples/penguins.csv: the Palmer penguins of the
 * vega-datasets package (344 birds measured at Palmer Station, Antarctica; CC0), as the CSV a
 * visitor might export from a spreadsheet, with plain column names (species, island,
 * beak_length_mm, ...) so the recorded replay's SQL reads the same whatever the engine makes of
 * headers. Missing measurements stay empty cells. The output is committed; run this again only
 * to remake it.
 *
 *   node scripts/make-sample-files.mjs
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);
// The package exports only its JS entry (build/index.js); its data/ folder sits beside build/.
const data = join(dirname(require.resolve('vega-datasets')), '..', 'data');

const COLUMNS = [
  ['species', 'Species'],
  ['island', 'Island'],
  ['beak_length_mm', 'Beak Length (mm)'],
  ['beak_depth_mm', 'Beak Depth (mm)'],
  ['flipper_length_mm', 'Flipper Length (mm)'],
  ['body_mass_g', 'Body Mass (g)'],
  ['sex', 'Sex'],
];
const cell = (value) => {
  if (value === null || value === undefined || value === '.' || value === 'NA') return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const penguins = JSON.parse(readFileSync(join(data, 'penguins.json'), 'utf8'));
const lines = [COLUMNS.map(([name]) => name).join(','), ...penguins.map((p) => COLUMNS.map(([, key]) => cell(key === 'Sex' && p[key] ? p[key].toLowerCase() : p[key])).join(','))];
const out = `${root}demo/samples/penguins.csv`;
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`wrote ${out.slice(root.length)}: ${penguins.length} rows`);
