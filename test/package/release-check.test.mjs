/**
 * The rules of `npm run release:check` (scripts/release-check.mjs) on small packages, so each
 * refusal is seen to happen; the package tests run it on the real tarball.
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {test} from 'node:test';
import {manifestProblems, resolutionProblems} from '../../scripts/release-check.mjs';

const ready = {
  name: 'pkg',
  version: '1.0.0',
  description: 'A package.',
  license: 'MIT',
  repository: {type: 'git', url: 'git+https://github.com/owner/pkg.git'},
  publishConfig: {provenance: true},
  engines: {node: '>=20.19'},
  type: 'module',
  types: './dist/index.d.ts',
  exports: {'.': {types: './dist/index.d.ts', import: './dist/index.js'}, './data.json': './data.json'},
  dependencies: {lit: '3.3.3'},
};
const files = ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'data.json'];
const codes = (manifest, list = files) => manifestProblems(manifest, list).map((p) => p.code);

test('a complete package has no problem', () => {
  assert.deepEqual(manifestProblems(ready, files), []);
});

test('no repository, or one provenance cannot attest, and no publishConfig.provenance are refused', () => {
  const {repository: _, ...bare} = ready;
  assert.deepEqual(codes(bare), ['repository']);
  assert.deepEqual(codes({...ready, repository: 'https://example.com/pkg.git'}), ['repository']);
  assert.deepEqual(codes({...ready, publishConfig: {}}), ['provenance']);
});

test('a private package, a bad version, no license and a file: dependency are refused', () => {
  assert.deepEqual(codes({...ready, private: true, version: '1.0', license: 'UNLICENSED', dependencies: {tool: 'file:../tool'}}), ['private', 'version', 'license', 'dependency-spec']);
});

test('an export whose file is not packed, types after import, and shipped source maps are refused', () => {
  const manifest = {...ready, exports: {...ready.exports, './core': {import: './dist/core.js', types: './dist/core.d.ts'}}};
  const problems = manifestProblems(manifest, [...files, 'dist/index.js.map']);
  assert.deepEqual(problems.map((p) => p.code), ['missing-file', 'missing-file', 'types', 'stray-file']);
  assert.match(problems[0].message, /exports\["\.\/core"\]\.import names \.\/dist\/core\.js/);
});

test('an export that Node or TypeScript cannot resolve to a file of the package is found', () => {
  const app = mkdtempSync(join(tmpdir(), 'release-check-test-'));
  const put = (path, text) => {
    mkdirSync(dirname(join(app, path)), {recursive: true});
    writeFileSync(join(app, path), text);
  };
  const manifest = {...ready, exports: {...ready.exports, './broken': {types: './dist/gone.d.ts', import: './dist/gone.js'}}};
  put('package.json', '{"name": "app", "type": "module"}');
  put('node_modules/pkg/package.json', JSON.stringify(manifest));
  put('node_modules/pkg/dist/index.js', 'export {};');
  put('node_modules/pkg/dist/index.d.ts', 'export {};');
  put('node_modules/pkg/data.json', '{}');
  // Node resolves exports without checking the file exists; the check does.
  assert.deepEqual(resolutionProblems(app, manifest).map((p) => p.message.replace(/ (to|resolves to) .*/, '')), [
    "import 'pkg/broken'",
    "TypeScript (NodeNext) resolves 'pkg/broken'",
    "TypeScript (Bundler) resolves 'pkg/broken'",
  ]);
  put('node_modules/pkg/dist/gone.js', 'export {};');
  put('node_modules/pkg/dist/gone.d.ts', 'export {};');
  assert.deepEqual(resolutionProblems(app, manifest), []);
});
