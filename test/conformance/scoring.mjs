/**
 * Judging the conformance runs, the runner's way: a scenario fails when one of its checks is a
 * FAILURE (warnings are reported, not failing, as under the runner's `--requirements`); scenarios a
 * requirement set runs but never scores cannot fail the run. Then our baseline
 * (test/conformance/baseline.json): scored failures listed there with a reason are expected.
 */

/** A scenario's verdict from its checks (`undefined`: the runner wrote no result for it). */
export function verdict(checks) {
  if (!checks) return {ok: false, why: 'no result: the runner wrote no checks.json for it', warnings: 0};
  const failing = checks.filter((c) => c.status === 'FAILURE');
  const warnings = checks.filter((c) => c.status === 'WARNING').length;
  const why = [...new Set(failing.map((c) => `${c.id}: ${c.errorMessage ?? c.description}`))].join('; ').replace(/\s+/g, ' ');
  return {ok: failing.length === 0, why, warnings};
}

/**
 * The baseline's reason for a failing scored result, or undefined. Keys, most specific first:
 * `scenario@revision`, `scenario`, then a family `prefix/*`.
 */
export function expectedReason(baseline, r) {
  const entries = baseline[r.kind] ?? {};
  const key = [`${r.scenario}@${r.revision}`, r.scenario].find((k) => entries[k]);
  if (key) return {key, reason: entries[key]};
  const family = Object.keys(entries).find((k) => k.endsWith('/*') && r.scenario.startsWith(k.slice(0, -1)));
  return family ? {key: family, reason: entries[family]} : undefined;
}

const label = (r) => `conformance ${r.revision} ${r.kind} ${r.target}: ${r.scenario}`;
const clip = (s, n = 400) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The summary `npm test` reads: `{passed, failed, skipped, failures, expected, stale, results}`.
 * Expected failures and failing not-scored scenarios count as skipped, with their reason in `expected`.
 */
export function summarize(results, baseline) {
  const summary = {passed: 0, failed: 0, skipped: 0, failures: [], expected: [], stale: [], results};
  const used = new Map(); // exact baseline key → did any result it covers fail?
  for (const r of results) {
    const match = r.scored ? expectedReason(baseline, r) : undefined;
    if (match && !match.key.endsWith('/*')) used.set(`${r.kind}:${match.key}`, (used.get(`${r.kind}:${match.key}`) ?? false) || !r.ok);
    r.status = r.ok ? 'passed' : !r.scored ? 'not scored' : match ? 'expected' : 'unexpected';
    if (r.ok) summary.passed++;
    else if (!r.scored) {
      summary.skipped++;
      summary.expected.push(`${label(r)}: not scored by the runner (${r.notScored}): ${clip(r.why, 200)}`);
    } else if (match) {
      summary.skipped++;
      summary.expected.push(`${label(r)}: ${match.reason}`);
    } else {
      summary.failed++;
      summary.failures.push(`${label(r)}: ${clip(r.why)}`);
    }
  }
  for (const [kind, entries] of Object.entries(baseline)) {
    if (kind.startsWith('_')) continue;
    for (const key of Object.keys(entries)) {
      if (key.endsWith('/*')) continue;
      if (!used.has(`${kind}:${key}`)) summary.stale.push(`${kind} ${key}: no scored scenario of this name ran: remove it from the baseline`);
      else if (!used.get(`${kind}:${key}`)) summary.stale.push(`${kind} ${key} passes now: remove it from the baseline`);
    }
  }
  if (!results.length) {
    summary.failed++;
    summary.failures.push('conformance: no scenario ran');
  }
  return summary;
}

/** One line per requirement set and target: passed / expected failures / unexpected, then the not-scored ones. */
export function table(results) {
  const groups = new Map();
  for (const r of results) {
    const key = `${r.revision} ${r.kind.padEnd(6)} ${r.target}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const count = (rs, status) => String(rs.filter((r) => r.status === status).length).padStart(3);
  return [...groups].map(([key, rs]) => {
    const scored = rs.filter((r) => r.scored);
    const extra = rs.length - scored.length;
    const unscored = extra ? `; not scored: ${rs.filter((r) => !r.scored && r.ok).length}/${extra} pass` : '';
    // Warnings (SHOULDs) never fail a scenario, but a passing scenario with some is worth a look.
    const warned = scored.filter((r) => r.warnings).length;
    const warnings = warned ? `; ${warned} with warnings` : '';
    return `  ${key.padEnd(32)} ${count(scored, 'passed')} passed ${count(scored, 'expected')} expected failures ${count(scored, 'unexpected')} unexpected (of ${scored.length} scored${unscored}${warnings})`;
  });
}
