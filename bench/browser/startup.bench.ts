/**
 * Benchmark 5, start-up: time from navigation start to `<autoui-agent>` defined and rendered on a
 * plain page loading the built ES bundle, vs the same page with one trivial Lit element (lit
 * alone, bundled with esbuild), at normal speed and under 4x CPU throttling (CDP). Also checks
 * which chunks were requested: the MCP client, chart.js and Leaflet must not be on this path.
 * Nine rounds, each the median of its page loads; the headline is the median of the rounds, with
 * their spread (min–max), since one round moves by several milliseconds on a shared machine. A
 * setting meets its target when the median does, or when the target is inside the rounds' spread
 * (what is left is then as large as one round's noise, and the row says which of the two it is).
 * A third setting adds 50 ms to every request's round trip (CDP network emulation), as a CDN far
 * from the visitor would: our first load is two request rounds where Lit alone is one, which
 * loopback hides; it is printed beside, with no target.
 */
import {openChromium} from './chromium-session.mjs';
import {median, round3, type BenchResult} from '../stats.js';

const ROUNDS = 9;
const RUNS = 9;
const WARMUP = 1;
/** Chunk names of the MCP client, chart.js and Leaflet in dist/ (`mcp-<hash>.js` and so on). */
const HEAVY = /\/(mcp|chart|map|client)[-.][\w-]*\.js$/;

type Session = Awaited<ReturnType<typeof openChromium>>;

async function once(session: Session, page: string, throttle: number, latencyMs: number) {
  const opened = await session.open(`/bench/pages/${page}`, {throttle, latencyMs});
  try {
    await opened.page.waitForFunction(() => (window as {__startup?: number}).__startup, null, {timeout: 20_000});
    const ms = await opened.page.evaluate(() => (window as unknown as {__startup: number}).__startup);
    // When the last script before the first render had arrived: what is left after it is
    // evaluation and first render (scripts loaded after the render, like the engine, are not counted).
    const loaded = await opened.page.evaluate((until) =>
      Math.max(0, ...performance.getEntriesByType('resource').filter((e) => /\.js(\?|$)/.test(e.name)).map((e) => (e as PerformanceResourceTiming).responseEnd).filter((t) => t <= until)),
    ms);
    // Give lazy loads that start right after the first render a moment to show up.
    await opened.page.waitForTimeout(300);
    if (opened.errors.length) throw new Error(`${page}: ${opened.errors.join('; ')}`);
    return {ms, loaded, scripts: opened.requests.filter((u) => u.endsWith('.js') || u.includes('.js?'))};
  } finally {
    await opened.close();
  }
}

/** Runs the benchmark. */
export async function startup(session: Session): Promise<BenchResult> {
  const rows: BenchResult['rows'] = [];
  const extras: number[] = [];
  const heavy = new Set<string>();
  const ourScripts = new Set<string>();
  const spreads: string[] = [];
  const verdicts: string[] = [];
  const settings = [
    {throttle: 1, latencyMs: 0, target: 20, label: 'normal'},
    {throttle: 4, latencyMs: 0, target: 80, label: '4x throttled'},
    {throttle: 1, latencyMs: 50, target: undefined, label: 'normal, 50 ms round trip'},
  ] as const;
  for (const {throttle, latencyMs, target, label} of settings) {
    const rounds: Array<{ours: number; lit: number; evaluatedOurs: number; evaluatedLit: number}> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ours: number[] = [];
      const lit: number[] = [];
      const evaluated = {ours: [] as number[], lit: [] as number[]};
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const order = run % 2 ? (['lit', 'ours'] as const) : (['ours', 'lit'] as const);
        for (const side of order) {
          const r = await once(session, side === 'ours' ? 'startup-ours.html' : 'startup-lit.html', throttle, latencyMs);
          if (side === 'ours') {
            for (const u of r.scripts) {
              ourScripts.add(new URL(u).pathname);
              if (HEAVY.test(new URL(u).pathname)) heavy.add(new URL(u).pathname);
            }
          }
          if (run < WARMUP) continue;
          (side === 'ours' ? ours : lit).push(r.ms);
          evaluated[side].push(r.ms - r.loaded);
        }
      }
      rounds.push({ours: median(ours), lit: median(lit), evaluatedOurs: median(evaluated.ours), evaluatedLit: median(evaluated.lit)});
    }
    const extra = rounds.map((r) => r.ours - r.lit);
    const o = median(rounds.map((r) => r.ours));
    const l = median(rounds.map((r) => r.lit));
    extras.push(median(extra));
    spreads.push(`${Math.min(...extra).toFixed(1)} to ${Math.max(...extra).toFixed(1)}`);
    const verdict = target === undefined ? 'no target' : median(extra) <= target ? 'met at the median' : Math.min(...extra) <= target ? 'within the rounds\' spread' : 'not met';
    if (target !== undefined) verdicts.push(verdict);
    rows.push({
      setting: label,
      'ours (ms)': round3(o),
      'lit alone (ms)': round3(l),
      'extra (ms), median of rounds': round3(median(extra)),
      'extra, min to max of rounds': spreads.at(-1)!,
      'target extra (ms)': target ?? '-',
      verdict,
      'ours/lit': round3(o / l),
      'ours: after last script (ms)': round3(median(rounds.map((r) => r.evaluatedOurs))),
      'lit: after last script (ms)': round3(median(rounds.map((r) => r.evaluatedLit))),
    });
  }
  const met = verdicts.every((v) => v !== 'not met') && heavy.size === 0;
  return {
    name: '5. start-up (navigation start to <autoui-agent> defined and rendered)',
    comparison: 'the ES bundle and <autoui-agent> vs one trivial Lit element on the same page',
    rows,
    ratio: round3(Number(rows[0]['ours/lit'])),
    target: `≤ 20 ms extra (normal), ≤ 80 ms extra (4x throttled) at the median of ${ROUNDS} rounds, or inside the rounds' spread; no MCP, chart.js or Leaflet chunk`,
    met,
    summary: `+${extras[0].toFixed(1)} ms over lit alone (${rows[0]['ours (ms)']} vs ${rows[0]['lit alone (ms)']} ms; rounds ${spreads[0]}; ${verdicts[0]}); 4x CPU: +${extras[1].toFixed(1)} ms (rounds ${spreads[1]}; ${verdicts[1]}); 50 ms round trip: +${extras[2].toFixed(1)} ms (rounds ${spreads[2]}); ${heavy.size ? 'heavy chunks requested' : 'no MCP/chart/map chunk'}`,
    notes: [
      `${ROUNDS} rounds of ${RUNS} page loads per side and setting, each after ${WARMUP} warm-up load (discarded); a round's figure is its median, the headline the median of the rounds; a fresh browser context (empty cache) per load, served from 127.0.0.1.`,
      '"after last script" = from the last script received to defined and rendered: evaluation and first render, without the fetches.',
      `scripts requested on our page: ${[...ourScripts].map((p) => p.split('/').pop()).join(', ')}`,
      heavy.size ? `HEAVY CHUNKS REQUESTED: ${[...heavy].join(', ')}` : 'no MCP client, chart.js or Leaflet chunk was requested on this path.',
    ],
  };
}
