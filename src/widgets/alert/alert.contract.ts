/**
 * The `alert` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/alert.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './alert.recipe.md?raw';

/** Params of the `alert` widget (see `alert.schema.json`). */
export type AlertParams = {message: string; title?: string; variant?: 'info' | 'success' | 'warning' | 'error'};

/** The `alert` widget: a notice: information, success, warning or error message. */
export const alertSpec: WidgetTypeSpec<AlertParams> = {
  type: 'alert',
  description: 'A notice: info, success, warning or error.',
  schema,
  validator: fromStandaloneValidator<AlertParams>(validate, schema),
  recipe,
};
