#!/usr/bin/env node
/**
 * `npm run lint:lines`: no source file of src/ over 300 lines, unless scripts/line-budget.json
 * lists it with the reason it is one piece (`{"src/path.ts": "reason"}`). A file that grows past
 * the budget is a sign it holds two concerns: the fix is a module of its own for one of them,
 * not fewer, longer lines. Generated files (src/generated/) and declarations (`.d.ts`) are not
 * written by hand, so they are not counted.
 *
 * The list cannot rot: a listed file that is gone, within the budget, or out of scope fails too,
 * so an exception lasts only as long as the file needs it. Prints each failure and exits 1.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

/** The most lines a file of src/ may have. */
const BUDGET = 300;

const root = fileURLToPath(new URL('..', import.meta.url));
const listed = JSON.parse(readFileSync(new URL('./line-budget.json', import.meta.url), 'utf8'));

/** Whether a path of the repository (`src/…`, forward slashes) is counted. */
const inScope = (path) => path.startsWith('src/') && path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.startsWith('src/generated/');

/** Lines as an editor numbers them: a final newline does not start one more. */
const lineCount = (path) => {
  const text = readFileSync(root + path, 'utf8');
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
};

const files = readdirSync(root + 'src', {recursive: true})
  .map((f) => `src/${String(f).replaceAll('\\', '/')}`)
  .filter(inScope)
  .sort();

const failures = [];
for (const path of files) {
  const lines = lineCount(path);
  if (lines > BUDGET && !Object.hasOwn(listed, path)) failures.push(`${path}: ${lines} lines (budget ${BUDGET})`);
}
for (const [path, reason] of Object.entries(listed)) {
  if (typeof reason !== 'string' || reason.trim() === '') failures.push(`${path}: listed in scripts/line-budget.json without a reason`);
  else if (!inScope(path)) failures.push(`${path}: listed in scripts/line-budget.json, but only hand-written src/**/*.ts files are counted`);
  else if (!existsSync(root + path)) failures.push(`${path}: listed in scripts/line-budget.json, but there is no such file`);
  else if (lineCount(path) <= BUDGET) failures.push(`${path}: ${lineCount(path)} lines, within the budget: remove it from scripts/line-budget.json`);
}

if (failures.length) {
  console.error(`Files over ${BUDGET} lines: move one concern into a module of its own, or list the file with a reason in scripts/line-budget.json.`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
const exceptions = Object.keys(listed).length;
console.log(`${files.length} files within ${BUDGET} lines${exceptions ? ` (${exceptions} listed with a reason)` : ''}.`);
