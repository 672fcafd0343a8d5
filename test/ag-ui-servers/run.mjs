#!/usr/bin/env node
/**
 * `npm run test:servers`: the Node checks of the AG-UI test servers (test/ag-ui-servers/*.test.mjs,
 * `node:test`): each scenario of the scripted server, and the Mastra agent, read as raw SSE and
 * through `@ag-ui/client`. The browser tests of the runner use the same servers; these checks say
 * first whether a failure is the server's. Writes test-results/servers.json for `npm test`.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = readdirSync(`${root}test/ag-ui-servers`)
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => `test/ag-ui-servers/${f}`);
const {status} = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/support/node-test-counts.mjs', '--test-reporter-destination=stdout', ...files],
  {cwd: root, stdio: 'inherit', env: {...process.env, NODE_TEST_COUNTS: `${root}test-results/servers.json`}},
);
process.exit(status ?? 1);
