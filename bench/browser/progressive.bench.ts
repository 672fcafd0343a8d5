/**
 * Benchmark 8, progressive widgets: the fake LLM streams a 500-row table and a 2,000-point line
 * chart as `widget_display` calls at a model's pace (fragments of 4 characters, about one token,
 * 25 ms apart: about 40 tokens per second), and `<autoui-agent>` drafts each widget while its
 * arguments arrive. Against the same element with `no-drafts` (today's one-shot path: the widget
 * appears when its call is complete, so its first pixel comes after the last byte), it measures
 *
 * - how soon content shows: first argument byte → first row or point on the canvas, and first
 *   complete row or point received → on the canvas (target ≤ 300 ms);
 * - how soon the finished widget is there: last byte → `autoui-widget-created` (target: within
 *   one frame), and → the frame after it;
 * - what drafting costs: main-thread task time (CDP `TaskDuration`, every task of the page from
 *   the question to the frame after its run ended), progressive / one-shot (target ≤ 1.5).
 *
 * Each widget is its own question on its own fresh page, after a warm-up question on that page
 * showing a small widget of the same type (both sides have its code loaded); the two sides
 * alternate. `BENCH_ROUNDS` (default 1: a stream lasts over a minute) and `BENCH_PACE` (a speed-up
 * of the stream, default 1) shorten runs while working on it.
 */
import {openChromium} from './chromium-session.mjs';
import {median, ratioRow, round3, type BenchResult} from '../stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PACE = Number(process.env.BENCH_PACE ?? 1);
/** Characters per argument fragment: about one token. */
const FRAGMENT = 4;
/** Between two SSE frames: with one token a frame, about 40 tokens per second at pace 1. */
const DELAY_MS = 25 / PACE;
const ROWS = 500;
const POINTS = 2_000;
const DISPLAY = 'autoui_webmcp_widget_display';
/** One frame at 60 Hz, rounded up: the "within one frame" target. */
const FRAME_MS = 17;
const FIRST_VISIBLE_MS = 300;
const TASK_RATIO = 1.5;

type Session = Awaited<ReturnType<typeof openChromium>>;
type Side = 'progressive' | 'one-shot';
type Kind = 'table' | 'chart';
/** What the page measured, in its `performance.now()` time (see progressive-page.js). */
type Timings = {started: number; firstVisible?: number; final?: number; finalFrame?: number; ended: number};
/** What the page's tee of the LLM response saw, in the same time. */
type Arrivals = {firstArg?: number; firstItem?: number; lastByte?: number; chunks: number; argChars: number};
type Bench = {__bench: {warm(base: string): Promise<void>; measure(base: string, kind: Kind, firstItemAt: number): Promise<Timings>; arrivals(): Arrivals}};
/** One page's figures, in ms. */
type Sample = {firstVisible: number; itemToVisible: number; lastToFinal: number; lastToFrame: number; task: number; stream: number; chunks: number};

const CITIES = ['Lyon', 'Seattle', 'Nairobi', 'Osaka', 'Lima', 'Oslo', 'Perth', 'Quito', 'Dakar', 'Hanoi'];

/** A table of `count` compact rows, `["2026-01-05","Lyon",1234.5]`: deterministic, as a model would write them. */
function tableInput(count: number) {
  const day0 = Date.UTC(2026, 0, 5);
  const rows = Array.from({length: count}, (_, i) => [
    new Date(day0 + (i % 365) * 86_400_000).toISOString().slice(0, 10),
    CITIES[(i * 3) % CITIES.length],
    // Tenths as an integer over 10: always printed with at most one decimal.
    (10_000 + ((i * 7_919) % 90_000)) / 10,
  ]);
  const columns = [{key: 'day', type: 'date'}, {key: 'city'}, {key: 'sales', type: 'number'}];
  return {name: 'table', params: {title: 'Sales by day', columns, rows}};
}

/** A line chart of `count` points with one decimal, no labels: deterministic. */
function chartInput(count: number) {
  const data = Array.from({length: count}, (_, i) => (400 + ((i * 37) % 200) + Math.round(200 * Math.sin(i / 40))) / 10);
  return {name: 'chart', params: {type: 'line', title: 'Server load', datasets: [{label: 'load', data}]}};
}

const INPUTS: Record<Kind, ReturnType<typeof tableInput> | ReturnType<typeof chartInput>> = {table: tableInput(ROWS), chart: chartInput(POINTS)};
const WARM: Record<Kind, ReturnType<typeof tableInput> | ReturnType<typeof chartInput>> = {table: tableInput(3), chart: chartInput(10)};
const ITEM: Record<Kind, string> = {table: 'row', chart: 'point'};

/**
 * Characters of the arguments (as the fake LLM sends them: `JSON.stringify(input)`) up to the
 * first complete row (its `]`) or point (the `,` after it: until then the number may go on).
 */
function firstItemAt(kind: Kind): number {
  const json = JSON.stringify(INPUTS[kind]);
  const input = INPUTS[kind] as {params: {rows?: unknown[]; datasets?: Array<{data: number[]}>}};
  const [marker, first, after] = kind === 'table' ? ['"rows":[', input.params.rows![0], 0] : ['"data":[', input.params.datasets![0].data[0], 1];
  const at = json.indexOf(marker);
  if (at < 0 || json.indexOf(marker, at + 1) >= 0) throw new Error(`${kind}: ${marker} is not once in the arguments`);
  return at + marker.length + JSON.stringify(first).length + after;
}

/** A scenario: the warm-up question (a small widget, no pace), then the measured one (the big widget at the model's pace); each answered in words after its call. */
async function scenario(fakeLlm: string, kind: Kind, side: Side): Promise<string> {
  const turns = [
    {toolCalls: [{name: DISPLAY, input: WARM[kind]}]},
    {text: 'Here it is.'},
    {toolCalls: [{name: DISPLAY, input: INPUTS[kind]}], fragmentSize: FRAGMENT, chunkDelayMs: DELAY_MS},
    {text: 'Here is the whole of it.'},
  ];
  const res = await fetch(`${fakeLlm}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({name: `bench-progressive-${kind}-${side}`, turns}),
  });
  if (res.status !== 201) throw new Error(`fake LLM refused the scenario: ${await res.text()}`);
  return ((await res.json()) as {base: string}).base;
}

/** Main-thread task time of the page so far, in ms. */
async function taskMs(cdp: {send(method: 'Performance.getMetrics'): Promise<{metrics: Array<{name: string; value: number}>}>}) {
  const {metrics} = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function once(session: Session, fakeLlm: string, kind: Kind, side: Side): Promise<Sample> {
  const opened = await session.open(`/bench/pages/progressive.html${side === 'one-shot' ? '?no-drafts' : ''}`);
  try {
    await opened.page.waitForFunction(() => (window as {__bench?: unknown}).__bench, null, {timeout: 20_000});
    const base = await scenario(fakeLlm, kind, side);
    await opened.page.evaluate((b) => (window as unknown as Bench).__bench.warm(b), base);
    await opened.cdp.send('Performance.enable');
    const before = await taskMs(opened.cdp);
    const t = await opened.page.evaluate(([b, k, at]) => (window as unknown as Bench).__bench.measure(b, k, at), [base, kind, firstItemAt(kind)] as const);
    const task = (await taskMs(opened.cdp)) - before;
    // Decoded only now, outside the task time read above.
    const a = await opened.page.evaluate(() => (window as unknown as Bench).__bench.arrivals());
    if (opened.errors.length) throw new Error(`${kind} ${side}: ${opened.errors.join('; ')}`);
    const {firstVisible, final, finalFrame} = t;
    const {firstArg, firstItem, lastByte} = a;
    if (firstArg === undefined || firstItem === undefined || lastByte === undefined || firstVisible === undefined || final === undefined || finalFrame === undefined) {
      throw new Error(`${kind} ${side}: a moment was not seen: ${JSON.stringify({...t, ...a})}`);
    }
    const json = JSON.stringify(INPUTS[kind]).length;
    if (a.argChars !== json) throw new Error(`${kind} ${side}: ${a.argChars} argument characters seen, ${json} sent`);
    return {
      firstVisible: firstVisible - firstArg,
      itemToVisible: firstVisible - firstItem,
      lastToFinal: final - lastByte,
      lastToFrame: finalFrame - lastByte,
      task,
      stream: lastByte - firstArg,
      chunks: a.chunks,
    };
  } finally {
    await opened.close();
  }
}

/** Runs the benchmark against the fake LLM server at `fakeLlm`. */
export async function progressiveWidgets(session: Session, fakeLlm: string): Promise<BenchResult> {
  const kinds: Kind[] = ['table', 'chart'];
  const samples = Object.fromEntries(kinds.map((k) => [k, {progressive: [] as Sample[], 'one-shot': [] as Sample[]}])) as Record<Kind, Record<Side, Sample[]>>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of kinds) {
      for (const side of round % 2 ? (['one-shot', 'progressive'] as const) : (['progressive', 'one-shot'] as const)) {
        samples[kind][side].push(await once(session, fakeLlm, kind, side));
      }
    }
  }
  const med = (kind: Kind, side: Side, key: keyof Sample) => median(samples[kind][side].map((s) => s[key]));
  const rows: BenchResult['rows'] = [];
  const ratios: Record<Kind, number> = {table: 0, chart: 0};
  const misses: string[] = [];
  for (const kind of kinds) {
    const m = (side: Side, key: keyof Sample) => med(kind, side, key);
    const check = (what: string, ok: boolean) => {
      if (!ok) misses.push(`${kind}: ${what}`);
      return ok ? 'yes' : 'NO';
    };
    ratios[kind] = m('progressive', 'task') / m('one-shot', 'task');
    rows.push(
      ratioRow(`${kind}: first argument byte → first visible ${ITEM[kind]} (ms)`, m('progressive', 'firstVisible'), m('one-shot', 'firstVisible')),
      {
        ...ratioRow(`${kind}: first complete ${ITEM[kind]} received → visible (ms)`, m('progressive', 'itemToVisible'), m('one-shot', 'itemToVisible')),
        target: `≤ ${FIRST_VISIBLE_MS}`,
        met: check(`first ${ITEM[kind]} visible`, m('progressive', 'itemToVisible') <= FIRST_VISIBLE_MS),
      },
      {what: `${kind}: last byte → final widget (autoui-widget-created, ms)`, ours: round3(m('progressive', 'lastToFinal')), baseline: round3(m('one-shot', 'lastToFinal')), target: `≤ ${FRAME_MS} (one frame)`, met: check('final widget within a frame', m('progressive', 'lastToFinal') <= FRAME_MS)},
      {what: `${kind}: last byte → the frame after the final widget (ms)`, ours: round3(m('progressive', 'lastToFrame')), baseline: round3(m('one-shot', 'lastToFrame'))},
      {...ratioRow(`${kind}: main-thread task time (ms)`, m('progressive', 'task'), m('one-shot', 'task')), target: `≤ ${TASK_RATIO}×`, met: check('task time', ratios[kind] <= TASK_RATIO)},
    );
  }
  const ratio = Math.max(ratios.table, ratios.chart);
  const seconds = (kind: Kind) => (med(kind, 'progressive', 'stream') / 1000).toFixed(1);
  const shown = (kind: Kind) => `${kind}: first ${ITEM[kind]} ${Math.round(med(kind, 'progressive', 'firstVisible'))} ms after the first byte vs ${(med(kind, 'one-shot', 'firstVisible') / 1000).toFixed(1)} s, task ×${ratios[kind].toFixed(2)}`;
  return {
    name: '8. progressive widgets',
    comparison: `a ${ROWS}-row table and a ${POINTS.toLocaleString('en')}-point line chart streamed at a model's pace, drafted as they arrive (ours) vs shown when the call is complete (no-drafts, the one-shot path)`,
    rows,
    ratio: round3(ratio),
    target: `≤ ${TASK_RATIO} (main-thread task time)`,
    met: ratio <= TASK_RATIO,
    summary: `${shown('table')}; ${shown('chart')}${misses.length ? `; missed: ${misses.join(', ')}` : ''}`,
    notes: [
      `Pace ${PACE === 1 ? '1 (real)' : `×${PACE} (sped up with BENCH_PACE)`}: ${FRAGMENT}-character argument fragments (about a token), one per SSE frame, ${round3(DELAY_MS)} ms apart (${Math.round((1000 / DELAY_MS) * 10) / 10} fragments/s); the table's arguments stream in ${seconds('table')} s (${med('table', 'progressive', 'chunks')} chunks), the chart's in ${seconds('chart')} s. Anthropic wire.`,
      `${ROUNDS} round(s): per widget, one fresh page per side, sides alternating; medians. Each page first asks a warm-up question showing a 3-row table or a 10-point chart (no pace), then clears the canvas and the conversation, so both sides measure with the widget's code (chart.js) loaded.`,
      'ours = the default element (drafts); baseline = the same element with `no-drafts` (the widget appears when its call is complete: its first pixel is after the last byte, by construction).',
      'Arrivals (first argument byte, first complete row or point, last byte) are read on a tee of the LLM response in the page; a row is complete at its `]`, a point at the `,` after it. A draft may show a row before its `]` (its cells so far, the last one still coming): "received → visible" is then negative. First visible: the first frame (`performance.now()` in its rAF callback) at which the canvas (draft or widget) shows a table row with text / a chart.js dataset with a point. Final: the `autoui-widget-created` event; the call runs when the stream ends (message_stop, the last byte).',
      'Task time: CDP TaskDuration of the page from the measured question to the frame after its run ended, both sides reading the same stream and doing the same cheap bookkeeping (a tee whose chunks are only kept, decoded after the window; visibility checked at frames only while the widget element shows nothing yet). Reading the tee still costs each side about 0.1 to 0.2 s of task time per stream (measured once, by profiling), which makes the ratio a little smaller than it would be without it.',
    ],
  };
}
