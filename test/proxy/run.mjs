#!/usr/bin/env node
/**
 * `npm run test:proxy`: the key proxy's Node tests (test/proxy/*.test.mjs, `node:test`), against
 * the fake LLM and a real redis-server they start themselves. Writes test-results/proxy.json for
 * `npm test`. `node test/proxy/run.mjs <substring>` runs the files whose name contains it.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {hasRedisServer, redisHelp} from '../../scripts/redis-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const only = process.argv[2];
if (!hasRedisServer()) {
  console.error(redisHelp);
  process.exit(1);
}
const files = readdirSync(`${root}test/proxy`)
  .filter((f) => f.endsWith('.test.mjs') && (!only || f.includes(only)))
  .map((f) => `test/proxy/${f}`);
const {status} = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/support/node-test-counts.mjs', '--test-reporter-destination=stdout', ...files],
  {cwd: root, stdio: 'inherit', env: {...process.env, NODE_TEST_COUNTS: `${root}test-results/proxy.json`}},
);
process.exit(status ?? 1);
