/**
 * The `list` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/list.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './list.recipe.md?raw';

/** One item of a list: plain text, or text with a second line and a link. */
export type ListItem = string | {text: string; secondary?: string; url?: string};

/** Params of the `list` widget (see `list.schema.json`). */
export type ListParams = {title?: string; ordered?: boolean; items: ListItem[]};

/** The `list` widget: a bulleted or numbered list of short items, optionally with links. */
export const listSpec: WidgetTypeSpec<ListParams> = {
  type: 'list',
  description: 'Short items, bulleted or numbered.',
  schema,
  validator: fromStandaloneValidator<ListParams>(validate, schema),
  recipe,
};
