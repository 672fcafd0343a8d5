/**
 * Benchmark 6, streaming: the delay from a text chunk leaving the fake LLM server to its
 * `autoui-text` event on `<autoui-agent>`, vs a bare `fetch` reader on the same kind of stream in
 * the same page. The server stamps each chunk with its send time as it writes it
 * (`stampSendTime`); the page reads the same clock (`performance.timeOrigin + performance.now()`),
 * and any constant offset between the two processes' clocks cancels in the difference.
 */
import {openChromium} from './chromium-session.mjs';
import {median, quantile, round3, spread, type BenchResult} from '../stats.js';

const ROUNDS = 10;
const WARMUP = 1;
const CHUNKS = 40;

type Session = Awaited<ReturnType<typeof openChromium>>;

/** A new scenario on the fake LLM: one streamed answer of CHUNKS stamped text chunks. */
async function scenario(fakeLlm: string): Promise<string> {
  const text = Array.from({length: CHUNKS}, (_, i) => `[t={{sent_at}}] chunk ${i}`).join(' ');
  const res = await fetch(`${fakeLlm}/__scenarios`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({name: 'bench-streaming', turns: [{text, finish: 'stop', chunkDelayMs: 15, stampSendTime: true}]}),
  });
  if (res.status !== 201) throw new Error(`fake LLM refused the scenario: ${await res.text()}`);
  return ((await res.json()) as {base: string}).base;
}

/** Runs the benchmark against the fake LLM server at `fakeLlm`. */
export async function streaming(session: Session, fakeLlm: string): Promise<BenchResult> {
  const opened = await session.open('/bench/pages/streaming.html');
  const ours: number[] = [];
  const bare: number[] = [];
  try {
    await opened.page.waitForFunction(() => (window as {__bench?: unknown}).__bench, null, {timeout: 20_000});
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      for (const side of round % 2 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const)) {
        const base = await scenario(fakeLlm);
        const delays = await opened.page.evaluate(([s, b]) => (window as unknown as {__bench: Record<string, (b: string) => Promise<number[]>>}).__bench[s](b), [side, base] as const);
        if (delays.length !== CHUNKS) throw new Error(`${side}: ${delays.length} stamped chunks seen, ${CHUNKS} sent`);
        if (round >= WARMUP) (side === 'ours' ? ours : bare).push(...delays);
      }
    }
    if (opened.errors.length) throw new Error(opened.errors.join('; '));
  } finally {
    await opened.close();
  }
  const extra = median(ours) - median(bare);
  return {
    name: '6. streaming (chunk sent by the server → seen in the page)',
    comparison: '<autoui-agent> autoui-text event vs a bare fetch reader on the same stream',
    rows: [
      {what: 'median (ms)', ours: round3(median(ours)), 'bare fetch': round3(median(bare)), 'extra (ms)': round3(extra), 'ours p25–p75': spread(ours), 'bare p25–p75': spread(bare)},
      {what: 'p90 (ms)', ours: round3(quantile(ours, 0.9)), 'bare fetch': round3(quantile(bare, 0.9)), 'extra (ms)': round3(quantile(ours, 0.9) - quantile(bare, 0.9))},
    ],
    ratio: round3(median(ours) / median(bare)),
    target: '≤ 1 ms extra at the median',
    met: extra <= 1,
    summary: `median ${median(ours).toFixed(2)} vs ${median(bare).toFixed(2)} ms from send to seen (+${extra.toFixed(2)} ms)`,
    notes: [`${ours.length} chunks per side (${ROUNDS} streams of ${CHUNKS} chunks, 15 ms apart, after ${WARMUP} warm-up stream each), interleaved in one page; Anthropic wire format.`],
  };
}
