#!/usr/bin/env node
/**
 * Prints bench/results.json (written by `npm run bench`) as the Markdown table of the README's
 * Performance section: one line per benchmark with its headline figures, target and verdict.
 *
 *   node bench/markdown.mjs
 */
import {readFileSync} from 'node:fs';

const {date, results} = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8'));
const cell = (s) => String(s ?? '').replaceAll('|', '\\|');
console.log('| benchmark | result (ours vs baseline) | target | |');
console.log('|---|---|---|---|');
for (const r of results) console.log(`| ${cell(r.name)} | ${cell(r.summary ?? `ratio ${r.ratio}`)} | ${cell(r.target)} | ${r.met === undefined ? '' : r.met ? 'met' : 'missed'} |`);
console.log(`\nMeasured ${date.slice(0, 10)} on a 2-core machine, Node ${process.version}, Debian Chromium, headless.`);
