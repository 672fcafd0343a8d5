#!/usr/bin/env node
/**
 * `npm run conformance`: the official MCP conformance runner on the frozen requirement sets of
 * both revisions we speak, 2025-11-25 and 2026-07-28 (`--requirements`, each run at its own wire):
 * the client scenarios against our client (test/conformance/conformance-client.ts: `src/mcp/`
 * bundled for Node by esbuild), the server scenarios against the demo servers (Data, Atlas).
 * Scored failures listed in test/conformance/baseline.json (each with its reason) are expected;
 * any other scored failure makes the exit code 1. Scenarios the runner runs but never scores
 * (extensions, added after the revision shipped, pending) are reported and cannot fail the run.
 * Writes test-results/conformance.json as `{passed, failed, skipped, failures, expected, stale,
 * results}` and ends with the line `N passed, N failed`. Runner output: test-results/conformance/.
 *
 * The runner needs Node 22+: under an older Node this script runs itself again under this
 * platform's Node 22 from the npm registry (scripts/node22/), and where there is none it skips, saying why,
 * with `{skipped: 1, skippedWhy}` in the JSON (CONFORMANCE_REQUIRED=1 makes that a failure).
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {readChecks, requirementSet, runConformance, runnerVersion} from '../test/conformance/runner.mjs';
import {summarize, table, verdict} from '../test/conformance/scoring.mjs';
import {findNode22} from './node22/index.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const node22 = findNode22();
if (!node22.path) {
  const required = process.env.CONFORMANCE_REQUIRED === '1';
  mkdirSync(join(root, 'test-results'), {recursive: true});
  const skipped = {passed: 0, failed: required ? 1 : 0, skipped: required ? 0 : 1, skippedWhy: node22.why, failures: required ? [`MCP conformance did not run: ${node22.why}`] : []};
  writeFileSync(join(root, 'test-results', 'conformance.json'), JSON.stringify(skipped, null, 2));
  console.log(`MCP conformance ${required ? 'did not run (CONFORMANCE_REQUIRED=1)' : 'skipped'}: ${node22.why}`);
  console.log(`\n0 passed, ${skipped.failed} failed, ${skipped.skipped} skipped`);
  process.exit(required ? 1 : 0);
}
if (node22.path !== process.execPath) {
  // The demo servers under test live in this process and the client scenarios start our client with
  // this process's Node, so the whole script moves to Node 22, not only the runner.
  console.log(`MCP conformance: Node ${process.versions.node} is running; running under Node ${node22.version} (${node22.path})`);
  const {status} = spawnSync(node22.path, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {stdio: 'inherit'});
  process.exit(status ?? 1);
}

const out = join(root, 'test-results', 'conformance');
const baseline = JSON.parse(readFileSync(join(root, 'test', 'conformance', 'baseline.json'), 'utf8'));
const REVISIONS = ['2025-11-25', '2026-07-28'];
// Runner processes at once. The client jobs already run all their scenarios in parallel (the
// runner does that under --requirements), so more than this only makes them time out on 2 cores.
const JOBS = Number(process.env.CONFORMANCE_JOBS ?? 3);
const started = Date.now();
rmSync(out, {recursive: true, force: true});
mkdirSync(out, {recursive: true});

const client = join(out, 'conformance-client.mjs');
// A client that does not build (src/ mid-change) fails the client scenarios with the reason, not the whole run.
const clientError = await build({entryPoints: [join(root, 'test/conformance/conformance-client.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: client, logLevel: 'silent'})
  .then(() => undefined, (error) => `the conformance client did not build: ${error.message}`);
const sets = await Promise.all(REVISIONS.map(requirementSet));

/** Starts a demo server; a broken one (say, mid-migration) is reported, not fatal to the others. */
async function startDemo(target, module) {
  try {
    return {target, server: await (await import(module)).start({port: 0})};
  } catch (error) {
    return {target, error: `${target} demo server did not start: ${error.message}`};
  }
}
const demos = await Promise.all([startDemo('Data', '../demo/servers/data-server.mjs'), startDemo('Atlas', '../demo/servers/atlas-server.mjs')]);

/** One runner invocation per requirement set and target; `results` gets one entry per scenario. */
const jobs = sets.flatMap((set) => [
  {set, kind: 'client', target: 'autoui-agent', error: clientError, args: !clientError && ['client', '--command', `"${process.execPath}" "${client}"`, '--timeout', '30000']},
    // Per scenario: the demo servers answer in milliseconds, and the runner runs server scenarios one by one.
  ...demos.map(({target, server, error}) => ({set, kind: 'server', target, error, args: server && ['server', '--url', server.url, '--timeout', '15000']})),
]);
const results = [];
const timings = [];

async function runJob(job) {
  const {set, kind, target} = job;
  const dir = join(out, set.revision, `${kind}-${target}`);
  const t0 = Date.now();
  const run = job.args ? await runConformance([...job.args, '--requirements', set.revision, '-o', dir]) : {output: job.error};
  timings.push(`${set.revision} ${kind} ${target}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  writeFileSync(join(out, `${set.revision}-${kind}-${target}.log`), run.output ?? '');
  const found = readChecks(dir, kind === 'server' ? 'server-' : '');
  const unscored = [...set.notScored].filter(([, e]) => e.leg === kind).map(([k, e]) => [k.slice(kind.length + 1), e.reason]);
  for (const [scenario, notScored] of [...set[kind].map((s) => [s, undefined]), ...unscored]) {
    const result = found.get(scenario);
    const v = job.error ? {ok: false, why: job.error, warnings: 0} : verdict(result?.checks);
    results.push({revision: set.revision, kind, target, scenario, scored: !notScored, ...(notScored && {notScored}), ...v, ...(result && {folder: result.folder})});
  }
}

// A small pool: client jobs first (the longest), server jobs fill in beside them.
const queue = [...jobs];
await Promise.all(Array.from({length: JOBS}, async () => {
  while (queue.length) await runJob(queue.shift());
}));
await Promise.all(demos.map((d) => d.server?.close()));

const order = (r) => `${r.revision} ${r.kind === 'client' ? 0 : 1} ${r.target}`;
results.sort((a, b) => order(a).localeCompare(order(b)));
const summary = summarize(results, baseline);
mkdirSync(join(root, 'test-results'), {recursive: true});
writeFileSync(join(root, 'test-results', 'conformance.json'), JSON.stringify(summary, null, 2));

console.log(`MCP conformance (@modelcontextprotocol/conformance ${runnerVersion}, --requirements ${REVISIONS.join(' and ')})`);
console.log(table(results).join('\n'));
console.log(`  time: ${((Date.now() - started) / 1000).toFixed(1)} s (${timings.join('; ')})`);
for (const s of summary.stale) console.log(`  ! ${s}`);
for (const f of summary.failures) console.log(`  ✗ ${f}`);
console.log(`\n${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped (expected or not scored, see test/conformance/baseline.json)` : ''}`);
process.exit(summary.failed === 0 ? 0 : 1);
