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
