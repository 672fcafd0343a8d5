import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {chartSpec} from './chart.contract.js';
import type {ChartProps} from './chart-data.js';

/** The `chart` widget with its element, `<autoui-chart>`: the element and chart.js arrive as a lazy chunk on first use. */
export const chartWidget: WidgetDefinition<ChartProps> = {
  ...chartSpec,
  tagName: 'autoui-chart',
  async load() {
    const {AutouiChartWidget} = await import('./chart.js');
    defineElement('autoui-chart', AutouiChartWidget);
  },
};
