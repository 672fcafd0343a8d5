import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/markdown.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import type {MarkdownParams} from './markdown.js';
import recipe from './markdown.recipe.md?raw';

/** The `markdown` widget: formatted text (markdown): explanations, summaries, headings, lists, links. */
export const markdownWidget: WidgetDefinition<MarkdownParams> = {
  type: 'markdown',
  tagName: 'autoui-markdown',
  description: 'Formatted text: explanations, summaries.',
  schema,
  validator: fromStandaloneValidator<MarkdownParams>(validate, schema),
  recipe,
  load: async () => {
    // marked and DOMPurify come in their own chunk, with the first markdown widget.
    const {AutouiMarkdownWidget} = await import('./markdown.js');
    defineElement('autoui-markdown', AutouiMarkdownWidget);
  },
};
