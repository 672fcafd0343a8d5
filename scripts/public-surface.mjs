#!/usr/bin/env node
/**
 * `npm run surface`: the public surface of autoui-agent, read by the TypeScript compiler from its
 * entries (`src/bundle.ts` → `autoui-agent`, `src/core.ts` → `autoui-agent/core`,
 * `src/widgets-entry.ts` → `autoui-agent/widgets`, `src/proxy/index.ts` → `autoui-agent/proxy`,
 * `src/standalone.ts` and `src/classic-script.ts` → `window.AutouiAgent`), printed as one line
 * per entry and compared with `scripts/public-surface.json`. A name that appears or disappears
 * fails the check until the snapshot is updated on purpose (`npm run surface -- --update`), so no
 * export becomes public, or stops being, unnoticed. Also checks that the entries agree: the IIFE
 * offers every value of the core, and the element's entry every type of it (the proxy is a server
 * entry apart: neither offers it).
 *
 *   node scripts/public-surface.mjs [--update] [--root DIR]
 */
import ts from 'typescript';
import {readFileSync, writeFileSync, existsSync} from 'node:fs';
import {join, resolve} from 'node:path';

const args = process.argv.slice(2);
const update = args.includes('--update');
const root = resolve(args.includes('--root') ? args[args.indexOf('--root') + 1] : new URL('..', import.meta.url).pathname);
const ENTRIES = {'autoui-agent': 'src/bundle.ts', 'autoui-agent/core': 'src/core.ts', 'autoui-agent/widgets': 'src/widgets-entry.ts', 'autoui-agent/proxy': 'src/proxy/index.ts', 'window.AutouiAgent (standalone)': 'src/standalone.ts', 'window.AutouiAgent (classic script)': 'src/classic-script.ts'};
const snapshotFile = join(root, 'scripts/public-surface.json');

/** The exported names of each entry, `value` or `type`, sorted. */
function surface() {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, {...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {}});
  const files = Object.values(ENTRIES).map((f) => join(root, f));
  const program = ts.createProgram(files, {...config.options, noEmit: true});
  const checker = program.getTypeChecker();
  const out = {};
  /** Whether an exported symbol can be used as a value, given the type-only marks on the way to it. */
  const kindOf = (symbol, typeOnly) => {
    const marked = typeOnly || (symbol.declarations ?? []).some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return target.flags & ts.SymbolFlags.Value && !marked ? 'values' : 'types';
  };
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(join(root, file));
    if (!source) throw new Error(`public-surface: ${file} not found`);
    const names = {values: new Set(), types: new Set()};
    // `export type * from` hides which names are types from getExportsOfModule: follow each
    // export declaration of the entry, carrying its type-only mark.
    const starTypeOnly = new Map();
    const named = new Set(source.statements.flatMap((st) => (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements.map((e) => e.name.text) : [])));
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || statement.exportClause || !statement.moduleSpecifier) continue;
      const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
      for (const symbol of module ? checker.getExportsOfModule(module) : []) {
        starTypeOnly.set(symbol.name, (starTypeOnly.get(symbol.name) ?? true) && statement.isTypeOnly);
      }
    }
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(source))) {
      names[kindOf(symbol, !named.has(symbol.name) && starTypeOnly.get(symbol.name) === true)].add(symbol.name);
    }
    out[entry] = {values: [...names.values].sort(), types: [...names.types].sort()};
  }
  return out;
}

const now = surface();
const problems = [];
const core = now['autoui-agent/core'];
const missing = (from, to) => from.filter((n) => !to.includes(n));
const widgets = now['autoui-agent/widgets'];
const iifeLacks = missing([...core.values, ...widgets.values], now['window.AutouiAgent (standalone)'].values);
if (iifeLacks.length) problems.push(`src/standalone.ts does not offer these values of the core and the widgets: ${iifeLacks.join(', ')}`);
const bundleLacks = missing([...core.types, ...core.values, ...widgets.types, ...widgets.values], [...now['autoui-agent'].types, ...now['autoui-agent'].values]);
if (bundleLacks.length) problems.push(`src/bundle.ts does not export these names of the core and the widgets (as types): ${bundleLacks.join(', ')}`);

for (const [entry, names] of Object.entries(now)) console.log(`${entry}: ${names.values.length} values (${names.values.join(', ')}); ${names.types.length} types (${names.types.join(', ')})`);

if (update) {
  writeFileSync(snapshotFile, `${JSON.stringify(now, null, 2)}\n`);
  console.log(`public-surface: wrote ${snapshotFile}`);
} else {
  const before = existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : {};
  for (const [entry, names] of Object.entries(now)) {
    for (const kind of ['values', 'types']) {
      const was = before[entry]?.[kind] ?? [];
      const added = missing(names[kind], was);
      const removed = missing(was, names[kind]);
      if (added.length) problems.push(`${entry}: new ${kind} ${added.join(', ')}`);
      if (removed.length) problems.push(`${entry}: ${kind} no longer exported: ${removed.join(', ')}`);
    }
  }
  if (problems.length && !problems.every((p) => p.startsWith('src/'))) {
    problems.push('If the change is meant, run `npm run surface -- --update` and commit scripts/public-surface.json with it.');
  }
}
if (problems.length) {
  console.error(`\npublic-surface:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('public-surface: as recorded');
