import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/stat.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiStatWidget, type StatParams} from './stat.js';
import recipe from './stat.recipe.md?raw';

/** The `stat` widget: one key figure with its label. */
export const statWidget: WidgetDefinition<StatParams> = {
  type: 'stat',
  tagName: 'autoui-stat',
  description: 'One key figure, with its unit.',
  schema,
  validator: fromStandaloneValidator<StatParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-stat', AutouiStatWidget),
};
