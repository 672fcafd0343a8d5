/**
 * Benchmark 4, rendering in Chromium: a 10,000-row table, a 10,000-point line chart, a
 * 1,000-marker map (tiles served locally) and a canvas of 100 mixed light widgets; for each, the
 * time until the content is complete and laid out (`ready`), until the next frame has painted
 * (`painted`), and the JS heap after GC, against the bare library doing the same work on a plain
 * page (bench/pages/render-bare.js). Our side goes through the built ES bundle
 * (bench/pages/render-ours.js). Each run is a fresh page; ours and the baseline alternate.
 */
import {openChromium} from './chromium-session.mjs';
import {median, round3, spread, type BenchResult} from '../stats.js';

const RUNS = 7;
const WARMUP = 2;

/**
 * What is compared: the kind of work, its baselines (`full`: a plain table of every row) and the
 * most it may cost against the bare one, in time and memory: the table and the canvas do work the
 * bare page does not (validation, URL rules, frames and their controls), chart and map add a thin
 * element over their library.
 */
const KINDS: Array<{kind: string; label: string; baselines: Array<'bare' | 'full'>; limit: number}> = [
  {kind: 'table', label: 'table, 10,000 rows', baselines: ['bare', 'full'], limit: 1.5},
  {kind: 'chart', label: 'line chart, 10,000 points', baselines: ['bare'], limit: 1.2},
  {kind: 'map', label: 'map, 1,000 markers', baselines: ['bare'], limit: 1.2},
  {kind: 'canvas100', label: 'canvas, 100 mixed widgets', baselines: ['bare'], limit: 1.5},
];
const BASELINE_NAMES = {bare: 'bare library', full: 'plain full table'};

interface Sample {
  ready: number;
  painted: number;
  heap: number;
  /** Style and layout time during the timed part (CDP Performance metrics), ms. */
  style: number;
  layout: number;
}

type Bench = {__bench: {prepare(kind: string): Promise<void>; run(): Promise<{ready: number; painted: number}>}};

/** Cumulative main-thread durations of the page, in ms. */
async function metrics(cdp: {send(method: 'Performance.getMetrics'): Promise<{metrics: Array<{name: string; value: number}>}>}) {
  const {metrics: list} = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  // ScriptDuration is left out: it misses script run from DevTools' evaluate, which is ours here.
  return {style: get('RecalcStyleDuration'), layout: get('LayoutDuration')};
}

type Session = Awaited<ReturnType<typeof openChromium>>;

async function once(session: Session, impl: string, kind: string): Promise<Sample> {
  const opened = await session.open(`/bench/pages/render.html?impl=${impl}`);
  try {
    await opened.page.waitForFunction(() => (window as {__bench?: unknown}).__bench, null, {timeout: 20_000}).catch((error) => {
      throw new Error(`${impl}/${kind}: the page did not get ready (${opened.errors.join('; ') || error.message})`);
    });
    await opened.page.evaluate((k) => (window as unknown as Bench).__bench.prepare(k), kind);
    await opened.cdp.send('Performance.enable');
    const before = await metrics(opened.cdp);
    const timing = await opened.page.evaluate(() => (window as unknown as Bench).__bench.run());
    const after = await metrics(opened.cdp);
    const heap = await opened.heapMb();
    if (opened.errors.length) throw new Error(`${impl}/${kind}: ${opened.errors.join('; ')}`);
    return {...timing, heap, style: after.style - before.style, layout: after.layout - before.layout};
  } finally {
    await opened.close();
  }
}

/** Runs the benchmark. */
export async function rendering(session: Session): Promise<BenchResult> {
  const rows: BenchResult['rows'] = [];
  const ratios: number[] = [];
  /** Each ratio over its kind's limit. */
  const over: string[] = [];
  const notes: string[] = [];
  let tableAhead = true;
  const summary: string[] = [];
  const failed: string[] = [];
  const breakdown: BenchResult['rows'] = [];
  for (const {kind, label, baselines, limit} of KINDS) {
    const impls = ['ours', ...baselines];
    const samples = new Map<string, Sample[]>(impls.map((i) => [i, []]));
    try {
      for (let run = 0; run < WARMUP + RUNS; run++) {
        // Alternate who goes first, so a slow moment of the machine is shared.
        for (const impl of run % 2 ? [...impls].reverse() : impls) {
          const sample = await once(session, impl, kind);
          if (run >= WARMUP) samples.get(impl)!.push(sample);
        }
      }
    } catch (error) {
      // One broken widget must not hide the others' results.
      failed.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const med = (impl: string, key: keyof Sample) => median(samples.get(impl)!.map((s) => s[key]));
    for (const impl of impls) {
      breakdown.push({widget: label, side: impl === 'ours' ? 'ours' : BASELINE_NAMES[impl as 'bare' | 'full'], ready: round3(med(impl, 'ready')), style: round3(med(impl, 'style')), layout: round3(med(impl, 'layout'))});
    }
    summary.push(`${kind} ×${(med('ours', 'ready') / med('bare', 'ready')).toFixed(2)} time, ×${(med('ours', 'heap') / med('bare', 'heap')).toFixed(2)} heap`);
    for (const baseline of baselines) {
      for (const [key, what] of [['ready', 'ready (ms)'], ['painted', 'painted (ms)'], ['heap', 'JS heap after GC (MB)']] as const) {
        const ours = med('ours', key);
        const base = med(baseline, key);
        const of = (impl: string) => spread(samples.get(impl)!.map((x) => x[key]));
        rows.push({widget: label, vs: BASELINE_NAMES[baseline], what, ours: round3(ours), baseline: round3(base), 'ours/baseline': round3(ours / base), 'ours p25–p75': of('ours'), 'baseline p25–p75': of(baseline)});
        if (baseline === 'bare') ratios.push(ours / base), over.push(...(ours / base > limit ? [`${kind} ${key} ×${(ours / base).toFixed(2)} > ×${limit}`] : []));
        if (baseline === 'full' && key !== 'heap' && ours >= base) tableAhead = false;
      }
    }
  }
  const worst = Math.max(...ratios);
  if (failed.length) notes.push(...failed.map((f) => `FAILED, not measured: ${f}`));
  notes.push(`${RUNS} runs per side and widget after ${WARMUP} warm-up runs (discarded), medians, with the middle half of the runs (p25–p75); a fresh browser context per run.`);
  notes.push('Both sides make their number format (Intl.NumberFormat, milliseconds for its locale data) inside the timed part: ours when a widget first renders, the baseline on first use. Until this round the baseline made it at load, outside the timing.');
  notes.push('ready = from the start of the work (widget_display on our side) to the content complete and laid out; painted = the frame after that. Code is loaded before timing on both sides (start-up is benchmark 5).');
  notes.push('Style and layout inside `ready` (CDP Performance metrics, medians; the rest is mostly script: node bench/profile.mjs <kind> shows it):');
  notes.push(...breakdown.map((b) => `  ${b.widget}, ${b.side}: ready ${b.ready} ms, of which style ${b.style} ms, layout ${b.layout} ms`));
  notes.push(`The table ${tableAhead ? 'is' : 'is NOT'} ahead of a plain full table.`);
  if (over.length) notes.push(`Over the limit: ${over.join('; ')}.`);
  return {
    name: '4. rendering in Chromium (widgets vs bare libraries)',
    comparison: 'our widgets through the ES bundle and <autoui-canvas> vs chart.js / Leaflet / a plain table / plain DOM',
    rows,
    ratio: round3(worst),
    target: 'table and canvas of 100 ≤ 1.5, chart and map ≤ 1.2, time and memory; the table ahead of a plain full table',
    met: over.length === 0 && tableAhead && !failed.length,
    summary: `${summary.join('; ')}${failed.length ? `; failed: ${failed.map((f) => f.split(':')[0]).join(', ')}` : ''}`,
    notes,
  };
}
