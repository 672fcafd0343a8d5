/**
 * The `code` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/code.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './code.recipe.md?raw';

/** Params of the `code` widget (see `code.schema.json`). */
export type CodeParams = {code: string; language?: string; title?: string};

/** The `code` widget: a block of code or query text (SQL, JSON, shell) with a copy button. */
export const codeSpec: WidgetTypeSpec<CodeParams> = {
  type: 'code',
  description: 'Code or query text, copyable.',
  schema,
  validator: fromStandaloneValidator<CodeParams>(validate, schema),
  recipe,
  layout: 'wide',
};
