/**
 * The `stat` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/stat.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './stat.recipe.md?raw';

/** Params of the `stat` widget (see `stat.schema.json`). */
export interface StatParams {
  label: string;
  value: number | string;
  unit?: string;
  caption?: string;
  decimals?: number;
}

/** The `stat` widget: one key figure with its label. */
export const statSpec: WidgetTypeSpec<StatParams> = {
  type: 'stat',
  description: 'One key figure, with its unit.',
  schema,
  validator: fromStandaloneValidator<StatParams>(validate, schema),
  recipe,
};
