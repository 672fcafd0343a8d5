/**
 * Turns validated chart params into a chart.js configuration: `area` becomes a filled line,
 * series get the given colours (or the palette), axes get titles, numbers the reader's locale,
 * and animation is off when the person prefers reduced motion.
 */
import type {ChartConfiguration, ChartDataset as CjsDataset, ChartType} from 'chart.js';
import {PALETTE, isCssColor} from '../common/safe-values.js';
import {isPointKind, isSliceKind, toPoints, type ChartProps} from './chart-data.js';

/** What the config needs from the element. */
export interface ChartConfigContext {
  locale: string;
  /** The element's text colour, so labels follow light and dark themes. */
  textColor: string;
  reducedMotion: boolean;
}

/** `color` with `alpha` (any CSS colour; the browser's canvas parser normalises it). */
export function withAlpha(color: string, alpha: number): string {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return color;
  ctx.fillStyle = color;
  const normal = ctx.fillStyle; // '#rrggbb' or 'rgba(r, g, b, a)'
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(normal);
  if (hex) return `rgba(${parseInt(hex[1], 16)}, ${parseInt(hex[2], 16)}, ${parseInt(hex[3], 16)}, ${alpha})`;
  const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(normal);
  return rgba ? `rgba(${rgba[1]}, ${rgba[2]}, ${rgba[3]}, ${Number(rgba[4]) * alpha})` : color;
}

/** Builds the chart.js configuration for `props`. */
export function chartConfig(props: ChartProps, context: ChartConfigContext): ChartConfiguration {
  const kind = props.type;
  const type: ChartType = kind === 'area' ? 'line' : kind;
  // The Colors plugin steps aside as soon as one series has a colour, so we colour them all then.
  const anyColor = !isSliceKind(kind) && props.datasets.some((d) => isCssColor(d.color));
  const datasets = props.datasets.map((d, i): CjsDataset => {
    // A copy: chart.js patches the arrays it is given (push, splice...), and these are the
    // widget's params, shared with the store, the transcript and the page.
    const data = isPointKind(kind) ? toPoints(d, props.labels) : d.data.slice();
    const dataset: Record<string, unknown> = {label: d.label ?? '', data};
    if (kind === 'area') dataset.fill = props.stacked && i > 0 ? '-1' : 'origin';
    if (anyColor) {
      const color = isCssColor(d.color) ? d.color : PALETTE[i % PALETTE.length];
      dataset.borderColor = color;
      dataset.backgroundColor = kind === 'line' ? color : withAlpha(color, kind === 'bar' ? 0.75 : 0.35);
    }
    return dataset as unknown as CjsDataset;
  });
  const grid = withAlpha(context.textColor, 0.15);
  const axis = (title: string | undefined, stacked: boolean) => ({
    stacked,
    title: {display: Boolean(title), text: title ?? '', color: context.textColor},
    ticks: {color: context.textColor},
    grid: {color: grid},
  });
  const horizontal = kind === 'bar' && props.horizontal === true;
  const stacked = props.stacked === true && !isPointKind(kind);
  const scales = isSliceKind(kind) || kind === 'radar'
    ? kind === 'pie' || kind === 'doughnut'
      ? {}
      : {r: {ticks: {color: context.textColor, backdropColor: 'transparent'}, grid: {color: grid}, angleLines: {color: grid}, pointLabels: {color: context.textColor}}}
    : {
        x: {...axis(props.xAxisTitle, stacked), ...(isPointKind(kind) || horizontal ? {type: 'linear' as const} : {})},
        y: {...axis(props.yAxisTitle, stacked), ...(horizontal ? {type: 'category' as const} : {beginAtZero: kind === 'bar'})},
      };
  return {
    type,
    data: {labels: isPointKind(kind) ? undefined : props.labels?.slice(), datasets},
    options: {
      responsive: true,
      maintainAspectRatio: false,
      locale: context.locale,
      color: context.textColor,
      indexAxis: horizontal ? 'y' : 'x',
      animation: context.reducedMotion ? false : {duration: 400},
      scales,
      plugins: {
        legend: {display: props.datasets.length > 1 || isSliceKind(kind), labels: {color: context.textColor}},
        colors: {enabled: !anyColor},
      },
    },
  } as ChartConfiguration;
}
