import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/stat-card.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiStatCardWidget, type StatCardParams} from './stat-card.js';
import recipe from './stat-card.recipe.md?raw';

/** The `stat-card` widget: a key figure on a card, with a trend (up, down, stable) and a variant colour. */
export const statCardWidget: WidgetDefinition<StatCardParams> = {
  type: 'stat-card',
  tagName: 'autoui-stat-card',
  description: 'A key figure with a trend.',
  schema,
  validator: fromStandaloneValidator<StatCardParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-stat-card', AutouiStatCardWidget),
};
