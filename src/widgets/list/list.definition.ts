import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/list.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiListWidget, type ListParams} from './list.js';
import recipe from './list.recipe.md?raw';

/** The `list` widget: a bulleted or numbered list of short items, optionally with links. */
export const listWidget: WidgetDefinition<ListParams> = {
  type: 'list',
  tagName: 'autoui-list',
  description: 'Short items, bulleted or numbered.',
  schema,
  validator: fromStandaloneValidator<ListParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-list', AutouiListWidget),
};
