/**
 * The `stat-card` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/stat-card.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './stat-card.recipe.md?raw';

/** Params of the `stat-card` widget (see `stat-card.schema.json`). */
export type StatCardParams = {
  label: string;
  value: number | string;
  unit?: string;
  trend?: 'up' | 'down' | 'stable';
  delta?: string;
  caption?: string;
  variant?: 'default' | 'success' | 'warning' | 'danger' | 'info';
  decimals?: number;
};

/** The `stat-card` widget: a key figure on a card, with a trend (up, down, stable) and a variant colour. */
export const statCardSpec: WidgetTypeSpec<StatCardParams> = {
  type: 'stat-card',
  description: 'A key figure with a trend.',
  schema,
  validator: fromStandaloneValidator<StatCardParams>(validate, schema),
  recipe,
};
