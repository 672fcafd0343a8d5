/**
 * The `markdown` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/markdown.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './markdown.recipe.md?raw';

/** Params of the `markdown` widget (see `markdown.schema.json`). */
export type MarkdownParams = {content: string; title?: string};

/** The `markdown` widget: formatted text (markdown): explanations, summaries, headings, lists, links. */
export const markdownSpec: WidgetTypeSpec<MarkdownParams> = {
  type: 'markdown',
  description: 'Formatted text: explanations, summaries.',
  schema,
  validator: fromStandaloneValidator<MarkdownParams>(validate, schema),
  recipe,
  layout: 'wide',
};
