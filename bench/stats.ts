/** Small statistics helpers for the benchmarks. */

/** The value at quantile `q` (0..1) of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Median of `values`. */
export const median = (values: readonly number[]) => quantile(values, 0.5);

/** One benchmark's printed and saved outcome. */
export interface BenchResult {
  name: string;
  /** What is compared with what, in one line. */
  comparison: string;
  /** Rows of the readable table. */
  rows: Array<Record<string, string | number>>;
  /** The headline ratio (ours / baseline), when the benchmark has one. */
  ratio?: number;
  /** The target ratio from the issue, if any. */
  target?: string;
  /** True when the target is met. */
  met?: boolean;
  notes?: string[];
  /** One line for the README's Performance table: the headline figures, ours vs baseline. */
  summary?: string;
}

/** Rounds to 3 decimals (table cells). */
export const round3 = (n: number) => Number(n.toFixed(3));

/**
 * A table row comparing one measure of ours with the baseline's: both values and ours/baseline,
 * and with `samples` (the repetitions each value sums up) the middle half of each side's.
 */
export function ratioRow(what: string, ours: number, baseline: number, samples?: {ours: readonly number[]; baseline: readonly number[]}): Record<string, string | number> {
  const row: Record<string, string | number> = {what, ours: round3(ours), baseline: round3(baseline), 'ours/baseline': round3(ours / baseline)};
  if (samples) Object.assign(row, {'ours p25–p75': spread(samples.ours), 'baseline p25–p75': spread(samples.baseline)});
  return row;
}

/** The spread of `values` as `p25–p75` (the middle half), rounded to 1 decimal: shows a ratio apart from noise. */
export function spread(values: readonly number[]): string {
  return `${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)}`;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): a bootstrap gives the same interval for the same samples. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The value at quantile `q` of an already sorted array (nearest rank, as {@link quantile}). */
const sortedQuantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/**
 * A 95 % bootstrap interval of `quantile(ours, q) / quantile(baseline, q)`, for paired samples
 * (`ours[i]` and `baseline[i]` measured side by side): each resample draws pairs, so the drift the
 * interleaving cancels stays cancelled. Says how far the ratio could move in another run of the same size.
 */
export function bootstrapRatio(ours: readonly number[], baseline: readonly number[], q = 0.5, resamples = 1000): {low: number; high: number} {
  const n = Math.min(ours.length, baseline.length);
  const random = seededRandom(n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const ratios = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) {
      const pick = Math.floor(random() * n);
      a[i] = ours[pick];
      b[i] = baseline[pick];
    }
    ratios[r] = sortedQuantile(a.sort(), q) / sortedQuantile(b.sort(), q);
  }
  ratios.sort();
  return {low: sortedQuantile(ratios, 0.025), high: sortedQuantile(ratios, 0.975)};
}

/**
 * `quantile(ours, q) / quantile(baseline, q)` in each of `blocks` consecutive blocks of paired
 * samples: how the ratio moved while the run went on (the machine's load changes over a minute).
 */
export function blockRatios(ours: readonly number[], baseline: readonly number[], blocks: number, q = 0.5): number[] {
  const size = Math.floor(Math.min(ours.length, baseline.length) / blocks);
  return Array.from({length: blocks}, (_, k) => quantile(ours.slice(k * size, (k + 1) * size), q) / quantile(baseline.slice(k * size, (k + 1) * size), q));
}
