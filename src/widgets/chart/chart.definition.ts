import type {WidgetDefinition} from '../widget-definition.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {defineElement} from '../../define-element.js';
import {schema, validate} from '../../generated/chart.validator.js';
import recipe from './chart.recipe.md?raw';
import type {ChartProps} from './chart-data.js';

/** The `chart` widget (chart.js). Its element and chart.js arrive as a lazy chunk on first use. */
export const chartWidget: WidgetDefinition<ChartProps> = {
  type: 'chart',
  tagName: 'autoui-chart',
  description: 'Bar, line, area, pie, doughnut, scatter, bubble, radar or polarArea chart.',
  schema,
  validator: fromStandaloneValidator<ChartProps>(validate, schema),
  recipe,
  async load() {
    const {AutouiChartWidget} = await import('./chart.js');
    defineElement('autoui-chart', AutouiChartWidget);
  },
};
