/**
 * The `chart` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/chart.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import type {ChartProps} from './chart-data.js';
import recipe from './chart.recipe.md?raw';

/** The `chart` widget: bar, line, pie, scatter and other charts, drawn by chart.js. */
export const chartSpec: WidgetTypeSpec<ChartProps> = {
  type: 'chart',
  description: 'Bar, line, area, pie, doughnut, scatter, bubble, radar or polarArea chart.',
  schema,
  validator: fromStandaloneValidator<ChartProps>(validate, schema),
  recipe,
  layout: 'wide',
};
