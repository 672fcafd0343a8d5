/**
 * The `tags` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/tags.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './tags.recipe.md?raw';

/** One tag: a label, or a label with a count and a colour. */
export type TagItem = string | {label: string; count?: number; variant?: 'default' | 'accent' | 'success' | 'warning' | 'danger'};

/** Params of the `tags` widget (see `tags.schema.json`). */
export type TagsParams = {title?: string; items: TagItem[]};

/** The `tags` widget: a set of labels or categories shown as chips. */
export const tagsSpec: WidgetTypeSpec<TagsParams> = {
  type: 'tags',
  description: 'Labels or categories as chips.',
  schema,
  validator: fromStandaloneValidator<TagsParams>(validate, schema),
  recipe,
};
