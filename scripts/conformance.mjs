#!/usr/bin/env node
/**
 * MCP conformance (`@modelcontextprotocol/conformance` 0.1.13, the last version that runs on
 * Node 20): every server scenario against both demo servers (Data, Atlas), and every client
 * scenario against test/conformance/conformance-client.ts (our `src/mcp/`, bundled for Node by
 * esbuild). Failures listed in test/conformance/baseline.json (with a reason each) are expected;
 * any other failure makes the exit code 1. Writes test-results/conformance.json as
 * `{passed, failed, skipped, failures, expected, stale, results}` (expected failures count as skipped).
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {start as startData} from '../demo/servers/data-server.mjs';
import {start as startAtlas} from '../demo/servers/atlas-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = join(root, 'test-results', 'conformance');
const cli = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const baseline = JSON.parse(readFileSync(join(root, 'test', 'conformance', 'baseline.json'), 'utf8'));
rmSync(out, {recursive: true, force: true});
mkdirSync(out, {recursive: true});

/**
 * Runs the conformance CLI; resolves with its output (it exits non-zero when a scenario fails,
 * which is data here). Asynchronous on purpose: the demo servers run in this very process.
 */
function conformance(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {cwd: root});
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill(), 180_000);
    child.on('close', () => clearTimeout(timer) || resolve(output));
  });
}

/** Every checks.json under `dir`, with the folder that holds it. */
function checkFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true})
    .map(String)
    .filter((f) => f.endsWith('checks.json'))
    .map((f) => ({folder: f.split(/[\\/]/).slice(0, -1).join('/'), checks: JSON.parse(readFileSync(join(dir, f), 'utf8'))}));
}

/** A scenario passes when it produced checks and none of them is a FAILURE. */
const verdict = (checks) => {
  const failures = checks.filter((c) => c.status === 'FAILURE');
  return {ok: checks.length > 0 && failures.length === 0, why: failures.map((c) => c.errorMessage ?? c.description).join('; ') || (checks.length ? '' : 'no checks recorded')};
};

/** The baseline reason for a scenario, or undefined. `exact` ignores `family/*` entries. */
function expectedReason(kind, scenario, exact = false) {
  const entries = baseline[kind] ?? {};
  if (entries[scenario] || exact) return entries[scenario];
  const family = Object.keys(entries).find((k) => k.endsWith('/*') && scenario.startsWith(k.slice(0, -1)));
  return family ? entries[family] : undefined;
}

const results = [];

// Server scenarios, against each demo server.
for (const [label, start] of [['Data', startData], ['Atlas', startAtlas]]) {
  const server = await start({port: 0});
  try {
    const dir = join(out, `server-${label}`);
    await conformance(['server', '--url', server.url, '-o', dir]);
    for (const {folder, checks} of checkFiles(dir)) {
      const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
      results.push({kind: 'server', target: label, scenario, ...verdict(checks)});
    }
  } finally {
    await server.close();
  }
}

// Client scenarios, against our client.
const client = join(out, 'conformance-client.mjs');
await build({entryPoints: [join(root, 'test/conformance/conformance-client.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: client, logLevel: 'warning'});
const listing = await conformance(['list']);
const clientScenarios = listing
  .split(/Client scenarios[^\n]*\n/)[1]
  ?.split('\n')
  .map((l) => /^\s*-\s*(\S+)/.exec(l)?.[1])
  .filter(Boolean) ?? [];
for (const [i, scenario] of clientScenarios.entries()) {
  const dir = join(out, 'client', String(i));
  await conformance(['client', '--command', `"${process.execPath}" "${client}"`, '--scenario', scenario, '--timeout', '30000', '-o', dir]);
  const checks = checkFiles(dir).flatMap((f) => f.checks);
  results.push({kind: 'client', target: 'autoui-agent', scenario, ...verdict(checks)});
}

const summary = {passed: 0, failed: 0, skipped: 0, failures: [], expected: [], stale: [], results};
for (const r of results) {
  const reason = expectedReason(r.kind, r.scenario);
  const name = `conformance ${r.kind} ${r.target}: ${r.scenario}`;
  if (r.ok) {
    summary.passed++;
    // A family entry (auth/*) may hold scenarios that pass; only exact entries go stale.
    if (expectedReason(r.kind, r.scenario, true)) summary.stale.push(`${name} passes now: remove it from the baseline`);
  } else if (reason) {
    summary.skipped++;
    summary.expected.push(`${name}: ${reason}`);
  } else {
    summary.failed++;
    summary.failures.push(`${name}: ${r.why}`);
  }
}
if (!results.length) {
  summary.failed++;
  summary.failures.push('conformance: no scenario ran');
}
mkdirSync(join(root, 'test-results'), {recursive: true});
writeFileSync(join(root, 'test-results', 'conformance.json'), JSON.stringify(summary, null, 2));

const table = ['server', 'client'].flatMap((kind) => {
  const targets = [...new Set(results.filter((r) => r.kind === kind).map((r) => r.target))];
  return targets.map((t) => {
    const mine = results.filter((r) => r.kind === kind && r.target === t);
    const ok = mine.filter((r) => r.ok).length;
    const expected = mine.filter((r) => !r.ok && expectedReason(kind, r.scenario)).length;
    return `  ${kind.padEnd(6)} ${t.padEnd(13)} ${String(ok).padStart(3)} passed ${String(expected).padStart(3)} expected failures ${String(mine.length - ok - expected).padStart(3)} unexpected (of ${mine.length})`;
  });
});
console.log(`MCP conformance (0.1.13)\n${table.join('\n')}`);
for (const s of summary.stale) console.log(`  ! ${s}`);
for (const f of summary.failures) console.log(`  ✗ ${f}`);
console.log(`\n${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped (expected, see test/conformance/baseline.json)` : ''}`);
process.exit(summary.failed === 0 ? 0 : 1);
