/**
 * The `json` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/json.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './json.recipe.md?raw';

/** Params of the `json` widget (see `json.schema.json`). */
export type JsonParams = {data: unknown; title?: string; expanded?: number};

/** The `json` widget: a collapsible viewer for raw JSON data. */
export const jsonSpec: WidgetTypeSpec<JsonParams> = {
  type: 'json',
  description: 'Raw JSON, collapsible.',
  schema,
  validator: fromStandaloneValidator<JsonParams>(validate, schema),
  recipe,
  layout: 'wide',
};
