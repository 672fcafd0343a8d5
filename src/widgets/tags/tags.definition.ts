import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/tags.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiTagsWidget, type TagsParams} from './tags.js';
import recipe from './tags.recipe.md?raw';

/** The `tags` widget: a set of labels or categories shown as chips. */
export const tagsWidget: WidgetDefinition<TagsParams> = {
  type: 'tags',
  tagName: 'autoui-tags',
  description: 'Labels or categories as chips.',
  schema,
  validator: fromStandaloneValidator<TagsParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-tags', AutouiTagsWidget),
};
