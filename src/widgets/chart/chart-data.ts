/**
 * The chart's params and the pure functions around them: normalised points, the rows of the
 * screen-reader table, and the one-sentence summary. No chart.js here, so the definition and the
 * tests can use them without loading the library.
 */

/** Chart kinds the widget draws (`area` is a filled line). */
export const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'doughnut', 'scatter', 'bubble', 'radar', 'polarArea'] as const;
/** One chart kind. */
export type ChartKind = (typeof CHART_TYPES)[number];

/** A point of a scatter or bubble chart (also accepted by the other kinds). */
export interface ChartPoint {
  x: number | string;
  y: number;
  r?: number;
}

/** One series. */
export interface ChartDataset {
  label?: string;
  data: Array<number | null | ChartPoint>;
  color?: string;
}

/** The params of the `chart` widget. */
export interface ChartProps {
  type: ChartKind;
  title?: string;
  labels?: Array<string | number>;
  datasets: ChartDataset[];
  xAxisTitle?: string;
  yAxisTitle?: string;
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
}

/** Kinds with one value per label and slice colours instead of series colours. */
export const isSliceKind = (type: ChartKind) => type === 'pie' || type === 'doughnut' || type === 'polarArea';
/** Kinds whose points are (x, y) pairs on two numeric axes. */
export const isPointKind = (type: ChartKind) => type === 'scatter' || type === 'bubble';

/** A dataset's points as (x, y, r) pairs: plain numbers get their label (or index) as x. */
export function toPoints(dataset: ChartDataset, labels: ReadonlyArray<string | number> = []): Array<ChartPoint | null> {
  return dataset.data.map((v, i) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return {x: labels[i] ?? i + 1, y: v};
    return v;
  });
}

/** The y value of a data item, whichever form it was given in. */
export const valueOf = (v: number | null | ChartPoint | undefined): number | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v : v.y;

/** Series label for screen readers and the legend. */
export const seriesLabel = (dataset: ChartDataset, index: number) => dataset.label || `#${index + 1}`;

/** The data table that says what the chart shows: a header row, then one row per label or point. */
export interface ChartTable {
  head: string[];
  rows: Array<Array<string | number | null>>;
}

/** Builds the screen-reader table (numbers left raw; the element formats them). */
export function chartTable(props: ChartProps): ChartTable {
  const {datasets} = props;
  if (isPointKind(props.type)) {
    const withR = props.type === 'bubble';
    const head = ['', props.xAxisTitle || 'x', props.yAxisTitle || 'y', ...(withR ? ['r'] : [])];
    const rows = datasets.flatMap((d, i) =>
      toPoints(d, props.labels)
        .filter((p): p is ChartPoint => p !== null)
        .map((p) => [seriesLabel(d, i), p.x, p.y, ...(withR ? [p.r ?? null] : [])]),
    );
    return {head, rows};
  }
  const length = Math.max(props.labels?.length ?? 0, ...datasets.map((d) => d.data.length));
  const head = [props.xAxisTitle ?? '', ...datasets.map(seriesLabel)];
  const rows = Array.from({length}, (_, i) => [props.labels?.[i] ?? i + 1, ...datasets.map((d) => valueOf(d.data[i]))]);
  return {head, rows};
}
