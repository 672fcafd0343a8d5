/**
 * The build plugin that marks the element's first-load chunks with V8's compile hint
 * (scripts/build-compile-hints.mjs), bundled by the real Rolldown with minifying on, as the
 * script-tag build does: the hint is the first line of the chunks it picks and only of those (a
 * lazy chunk compiled early would only cost), and the marked code still runs.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {rolldown} from 'rolldown';
import {COMPILE_HINT, compileHints} from '../../scripts/build-compile-hints.mjs';

/** Two entries sharing one module (a chunk of its own, `shared`), and a lazy chunk. */
const SOURCES = {
  'main.mjs': `import {greet} from './shared.mjs';\nexport const hello = greet('main');\nexport const later = () => import('./lazy.mjs').then((m) => m.lazy());`,
  'other.mjs': `import {greet} from './shared.mjs';\nexport const hello = greet('other');`,
  'shared.mjs': `/* a comment the minifier drops */\nexport function greet(name) { return 'hello ' + name; }`,
  'lazy.mjs': `export function lazy() { return 'lazy'; }`,
};

async function build(plugins) {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  for (const [name, code] of Object.entries(SOURCES)) writeFileSync(join(dir, name), code);
  const bundle = await rolldown({input: {main: join(dir, 'main.mjs'), other: join(dir, 'other.mjs')}, plugins});
  const {output} = await bundle.write({dir: join(dir, 'out'), format: 'es', minify: true, chunkFileNames: '[name]-[hash].mjs'});
  return {dir, chunks: output.filter((o) => o.type === 'chunk')};
}

test('the chunks picked begin with the compile hint, the others do not, and the code runs', async () => {
  const {dir, chunks} = await build([compileHints((chunk) => !chunk.isEntry && chunk.name === 'shared')]);
  try {
    const shared = chunks.find((c) => c.name === 'shared');
    const others = chunks.filter((c) => c !== shared);
    assert.ok(shared, `a shared chunk among ${chunks.map((c) => c.fileName).join(', ')}`);
    assert.equal(others.length, 3, 'two entries and the lazy chunk');
    assert.ok(shared.code.startsWith(COMPILE_HINT), shared.code.slice(0, 80));
    assert.equal(shared.code.split(COMPILE_HINT).length, 2, 'once');
    for (const chunk of others) assert.ok(!chunk.code.includes('allFunctionsCalledOnLoad'), chunk.fileName);
    const main = await import(pathToFileURL(join(dir, 'out', 'main.js')).href);
    assert.equal(main.hello, 'hello main');
    assert.equal(await main.later(), 'lazy');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('without the plugin, no chunk carries the hint (the minifier keeps no such comment)', async () => {
  const {dir, chunks} = await build([]);
  try {
    for (const chunk of chunks) assert.ok(!chunk.code.includes('allFunctionsCalledOnLoad'), chunk.fileName);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
