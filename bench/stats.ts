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

/** A table row comparing one measure of ours with the baseline's: both values and ours/baseline. */
export function ratioRow(what: string, ours: number, baseline: number): Record<string, string | number> {
  return {what, ours: round3(ours), baseline: round3(baseline), 'ours/baseline': round3(ours / baseline)};
}
