/**
 * Benchmark 7, streaming over a full canvas: the same 800-word answer streamed into
 * `<autoui-agent>` over a canvas holding a 1,000-point line chart, a 2,000-row table and a
 * 200-section markdown, against the same answer over an empty canvas. Streamed text must cost
 * nothing to the widgets already shown: the ratio of main-thread task time (CDP `TaskDuration`,
 * every task of the page while the answer streams) is the headline, wall time is shown too.
 * Each sample is a fresh page; the two sides alternate.
 */
import {openChromium} from './chromium-session.mjs';
import {median, ratioRow, round3, type BenchResult} from '../stats.js';
import {answerText, chartParams, markdownParams, tableParams} from '../pages/render-data.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 1;
const WORDS = 800;
const DISPLAY = 'autoui_webmcp_widget_display';

type Session = Awaited<ReturnType<typeof openChromium>>;
type Side = 'full' | 'empty';
type Bench = {__bench: {fill(base: string, expected: number): Promise<void>; stream(base: string): Promise<number>}};

/** The widgets of the full side, as `widget_display` arguments. */
const WIDGETS = [
  {name: 'chart', params: chartParams(1_000)},
  {name: 'table', params: tableParams(2_000)},
  {name: 'markdown', params: markdownParams(200)},
];

/**
 * A scenario on the fake LLM: a first question (the full side's shows the widgets, the empty
 * side's answers in words), so both sides have loaded the agent's code before the answer that is
 * measured.
 */
async function scenario(fakeLlm: string, side: Side): Promise<string> {
  const answer = {text: answerText(WORDS), chunkDelayMs: 2};
  const first = side === 'full' ? [{toolCalls: WIDGETS.map((input) => ({name: DISPLAY, input}))}, {text: 'Here they are.'}] : [{text: 'Nothing to show yet.'}];
  const turns = [...first, answer];
  const res = await fetch(`${fakeLlm}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({name: `bench-streaming-canvas-${side}`, turns}),
  });
  if (res.status !== 201) throw new Error(`fake LLM refused the scenario: ${await res.text()}`);
  return ((await res.json()) as {base: string}).base;
}

/** Main-thread task time of the page so far, in ms. */
async function taskMs(cdp: {send(method: 'Performance.getMetrics'): Promise<{metrics: Array<{name: string; value: number}>}>}) {
  const {metrics} = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function once(session: Session, fakeLlm: string, side: Side): Promise<{task: number; wall: number}> {
  const opened = await session.open('/bench/pages/streaming-canvas.html');
  try {
    await opened.page.waitForFunction(() => (window as {__bench?: unknown}).__bench, null, {timeout: 20_000});
    const base = await scenario(fakeLlm, side);
    const expected = side === 'full' ? WIDGETS.length : 0;
    await opened.page.evaluate(([b, n]) => (window as unknown as Bench).__bench.fill(b, n), [base, expected] as const);
    await opened.cdp.send('Performance.enable');
    const before = await taskMs(opened.cdp);
    const wall = await opened.page.evaluate((b) => (window as unknown as Bench).__bench.stream(b), base);
    const task = (await taskMs(opened.cdp)) - before;
    if (opened.errors.length) throw new Error(`${side}: ${opened.errors.join('; ')}`);
    return {task, wall};
  } finally {
    await opened.close();
  }
}

/** Runs the benchmark against the fake LLM server at `fakeLlm`. */
export async function streamingOverCanvas(session: Session, fakeLlm: string): Promise<BenchResult> {
  const samples: Record<Side, Array<{task: number; wall: number}>> = {full: [], empty: []};
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const side of round % 2 ? (['empty', 'full'] as const) : (['full', 'empty'] as const)) {
      const sample = await once(session, fakeLlm, side);
      if (round >= WARMUP) samples[side].push(sample);
    }
  }
  const med = (side: Side, key: 'task' | 'wall') => median(samples[side].map((s) => s[key]));
  const ratio = med('full', 'task') / med('empty', 'task');
  return {
    name: '7. streaming over a full canvas',
    comparison: `an ${WORDS}-word answer streamed over a 1,000-point chart, a 2,000-row table and a 200-section markdown vs over an empty canvas`,
    rows: [
      ratioRow('main-thread task time (ms)', med('full', 'task'), med('empty', 'task'), {ours: samples.full.map((x) => x.task), baseline: samples.empty.map((x) => x.task)}),
      ratioRow('wall time (ms)', med('full', 'wall'), med('empty', 'wall'), {ours: samples.full.map((x) => x.wall), baseline: samples.empty.map((x) => x.wall)}),
    ],
    ratio: round3(ratio),
    target: '≤ 1.1 (task time)',
    met: ratio <= 1.1,
    summary: `task time ×${ratio.toFixed(2)} (${Math.round(med('full', 'task'))} vs ${Math.round(med('empty', 'task'))} ms), wall ×${(med('full', 'wall') / med('empty', 'wall')).toFixed(2)}`,
    notes: [
      `${ROUNDS} pages per side after ${WARMUP} warm-up page each, medians; the fake LLM streams the answer three words a delta, 2 ms apart (Anthropic wire).`,
      'Task time: CDP TaskDuration of the page while the answer streams (from the question to the frame after the run ended). Before it, each page asks a first question: the full side\'s fills the canvas, the empty side\'s is answered in words, so both have loaded the same code.',
    ],
  };
}
