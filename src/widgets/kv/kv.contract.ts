/**
 * The `kv` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/kv.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './kv.recipe.md?raw';

/** Params of the `kv` widget (see `kv.schema.json`). */
export type KvParams = {
  title?: string;
  items: Array<{key: string; value: string | number | boolean | null}>;
};

/** The `kv` widget: key-value pairs: the facts of one thing (a record, a person, a place). */
export const kvSpec: WidgetTypeSpec<KvParams> = {
  type: 'kv',
  description: 'The facts of one thing, as key-value pairs.',
  schema,
  validator: fromStandaloneValidator<KvParams>(validate, schema),
  recipe,
};
